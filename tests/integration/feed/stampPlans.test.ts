import { describe, expect, it } from "vitest";
import { knowledgeLabels } from "../../../src/core/schemaFacts.js";
import { stampedLabels } from "../../../src/feed/feedStamp.js";
import { stampedQuery } from "../../../src/feed/knowledgeOutbox.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { migratedStore, nodeReads, planOperators } from "../../support/explainPlan.js";

/**
 * A generated knowledge write finds the nodes it stamped by the stamp's index
 * whatever the statistics. The stamp indexes are empty between writes, and
 * while a label held few nodes (a new gateway's first writes) `IN $stamps`
 * could be planned as a scan of the label, in every write after.
 */
const { document } = loadTypeDefs();
const labels = stampedLabels(knowledgeLabels(document));
const store = migratedStore();

describe("the knowledge feed's stamp lookup", () => {
  it("reads each knowledge type by its stamp index, and nothing by a scan", async () => {
    const reads = nodeReads(await planOperators(store(), stampedQuery(labels), { stamps: ["CREATE:plan-test"] }));
    expect(reads).toHaveLength(labels.length);
    for (const label of labels) expect(reads.filter((r) => r.startsWith("NodeIndexSeek") && r.includes(`:${label}(feedWriteStamp)`))).toHaveLength(1);
  });
});
