import { describe, expect, it } from "vitest";
import { migrationsFor } from "../../../src/app/migrations.js";
import { grantsCypher } from "../../../src/auth/readRule.js";
import { CREATE_STATEMENT } from "../../../src/beliefs/memoryKinds.js";
import { knowledgeLabels } from "../../../src/core/schemaFacts.js";
import { readBatchStatement, writeBackStatement } from "../../../src/embeddings/embedBatch.js";
import { embeddedTypes } from "../../../src/embeddings/embeddedTypes.js";
import { stampedQuery } from "../../../src/feed/knowledgeOutbox.js";
import { stampedLabels } from "../../../src/feed/index.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { neighbourStatement } from "../../../src/search/searchQueries.js";
import { SEARCH_SOURCES } from "../../../src/search/searchSources.js";

/**
 * The Cypher that pure builders derive from the SDL, without a database: a change to a statement
 * shows here as a snapshot diff in seconds, before the database tier says whether it still works
 * (and, for the hot statements, the plan tests whether it still seeks its index). Update with
 * `npx vitest run --project unit tests/unit/graph/statementSnapshots.test.ts -u` and read the diff.
 */
const { document } = loadTypeDefs();
/** Indentation is the builders' own layout, not meaning: snapshots compare statements line by trimmed line. */
const tidy = (cypher: string) => cypher.split("\n").map((l) => l.trim()).filter(Boolean).join("\n");

describe("statements built from the SDL", () => {
  it("schema migrations: every constraint, index and data fill, in order", () => {
    expect(migrationsFor(document, { sharedKeys: true }).map((m) => `${m.name}${m.data ? " (data)" : ""}${m.drop ? " (drop)" : ""}\n${tidy(m.cypher)}`).join("\n\n")).toMatchSnapshot();
  });

  for (const type of embeddedTypes(document)) {
    it(`embedding worker: the batch read and write-back of ${type.label}`, () => {
      expect(`${tidy(readBatchStatement(type))}\n\n${tidy(writeBackStatement(type))}`).toMatchSnapshot();
    });
  }

  for (const [kind, source] of Object.entries(SEARCH_SOURCES)) {
    it(`search: the neighbour expansion of a ${kind} hit`, () => {
      expect(tidy(neighbourStatement(source))).toMatchSnapshot();
    });
  }

  it("knowledge feed: the read of what a generated write stamped", () => {
    expect(tidy(stampedQuery(stampedLabels(knowledgeLabels(document))))).toMatchSnapshot();
  });

  it("the read rule every visibility check shares", () => {
    expect(tidy(grantsCypher())).toMatchSnapshot();
  });

  for (const [kind, cypher] of Object.entries(CREATE_STATEMENT)) {
    it(`memory_store: the create of a ${kind}`, () => {
      expect(tidy(cypher)).toMatchSnapshot();
    });
  }
});
