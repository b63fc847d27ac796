import neo4j from "neo4j-driver";
import { describe, expect, it } from "vitest";
import { schemaFactsOf } from "../../../src/app/schemaFacts.js";
import { readBatchStatement, writeBackStatement } from "../../../src/embeddings/embedBatch.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { migratedStore, nodeReads, planOperators } from "../../support/explainPlan.js";

/**
 * The embedding worker's two statements find their nodes by index seeks
 * whatever Neo4j's statistics say. Planned on an empty store (how every new
 * gateway starts), the write-back used to pick the embeddingStatus index and
 * filter every PENDING node for each row of the batch: quadratic behind a
 * backlog, and the plan was kept for minutes. A plain index hint still let one
 * clean-clone run scan the whole (tenantId, id) index, hence SEEK hints.
 */

const { document } = loadTypeDefs();
const embeddedTypes = schemaFactsOf(document).embeddedTypes;
const store = migratedStore();

const indexReads = async (cypher: string, params: Record<string, unknown>) => nodeReads(await planOperators(store(), cypher, params));

describe("the embedding worker's plans", () => {
  it.each(embeddedTypes.map((t) => [t.label, t] as const))("%s write-back: a seek on the (tenantId, id) constraint, no embeddingStatus index", async (_label, type) => {
    const row = { tenantId: "plan-test", id: "none", parts: type.fields.map(() => "text"), vector: null, context: null, key: "k", unchanged: false, keys: null, keyTerms: null };
    const reads = await indexReads(writeBackStatement(type), { rows: [row], model: "m" });
    expect(reads).toEqual([expect.stringMatching(new RegExp(`^NodeUniqueIndexSeek.*${type.label}\\(tenantId, id\\)`))]);
  });

  it.each(embeddedTypes.map((t) => [t.label, t] as const))("%s batch read: a seek on embeddingStatus, and on the conversation for the node before", async (_label, type) => {
    const reads = await indexReads(readBatchStatement(type), { limit: neo4j.int(32), exclude: [] });
    const expected = [expect.stringMatching(new RegExp(`^NodeIndexSeek.*${type.label}\\(embeddingStatus\\)`))];
    if (type.contextBy) expected.push(expect.stringMatching(new RegExp(`^NodeIndexSeek.*${type.label}\\(tenantId, ownerId, ${type.contextBy}\\)`)));
    expect(reads).toEqual(expected);
  });
});
