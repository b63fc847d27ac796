import { randomBytes } from "node:crypto";
import type { Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fulltext } from "../../../src/app/migrations.js";
import { createDriver } from "../../../src/graph/driver.js";
import { runMigrations } from "../../../src/graph/migrations/runMigrations.js";
import { createLogger } from "../../../src/logging/logger.js";

/**
 * A store whose word indexes were refreshed by each commit gets them
 * eventually consistent at the next start with SEARCH_WORD_INDEX_REFRESH=background
 * (dropped and created again, keeping what they found), a start after that
 * changes nothing, and a start back at `commit` makes them consistent again.
 * The test owns one label and one index, named for this run.
 */

const DATABASE = "neo4j";
const silent = createLogger({ logLevel: "silent" });
const suffix = randomBytes(4).toString("hex");
const INDEX = `fulltext_settings_${suffix}`;
const LABEL = `FulltextSettings${suffix.replace(/\d/g, "x")}`;
/** Letters only, no vowel: no analyzer splits or stems it. */
const word = (n: number) => `zq${suffix.replace(/[^a-z]/g, "")}${"bcdfghjklmnp"[n]!.repeat(6)}`;

let driver: Driver;

const indexSettings = async () => {
  const { records } = await driver.executeQuery(
    "SHOW FULLTEXT INDEXES YIELD id, name, options WHERE name = $name RETURN id, options.indexConfig['fulltext.analyzer'] AS analyzer, options.indexConfig['fulltext.eventually_consistent'] AS eventuallyConsistent",
    { name: INDEX },
    { database: DATABASE },
  );
  return records.map((r) => ({ id: Number(r.get("id")), analyzer: r.get("analyzer"), eventuallyConsistent: r.get("eventuallyConsistent") }));
};

const found = async (w: string) => {
  const { records } = await driver.executeQuery(`CALL db.index.fulltext.queryNodes($index, $w) YIELD node RETURN node.word AS word`, { index: INDEX, w }, { database: DATABASE });
  return records.map((r) => r.get("word"));
};

beforeAll(async () => {
  const { uri, user, password } = inject("neo4j");
  driver = createDriver({ uri, user, password });
  // As the earlier version created it: the English analyzer, refreshed at each commit (Neo4j's default).
  await driver.executeQuery(
    `CREATE FULLTEXT INDEX ${INDEX} FOR (n:${LABEL}) ON EACH [n.word] OPTIONS { indexConfig: { \`fulltext.analyzer\`: 'english' } }`,
    {},
    { database: DATABASE },
  );
  await driver.executeQuery("CALL db.awaitIndexes(300)", {}, { database: DATABASE });
  await driver.executeQuery(`CREATE (:${LABEL} {word: $w})`, { w: word(0) }, { database: DATABASE });
});

afterAll(async () => {
  await driver?.executeQuery(`MATCH (n:${LABEL}) DELETE n`, {}, { database: DATABASE });
  await driver?.executeQuery(`DROP INDEX ${INDEX} IF EXISTS`, {}, { database: DATABASE });
  await driver?.close();
});

describe("full-text index settings across versions", () => {
  it("a start rebuilds a word index an earlier version made consistent at each commit, once, and it still finds what the store holds", async () => {
    const [before] = await indexSettings();
    expect(before).toMatchObject({ analyzer: "english", eventuallyConsistent: false });

    const migration = fulltext(INDEX, LABEL, ["word"], "english", true);
    await runMigrations(driver, DATABASE, [migration], silent);
    const [after] = await indexSettings();
    expect(after).toMatchObject({ analyzer: "english", eventuallyConsistent: true });
    expect(after!.id).not.toBe(before!.id);
    // Populated from the store when created again (runMigrations waits for it to be online).
    expect(await found(word(0))).toEqual([word(0)]);

    await runMigrations(driver, DATABASE, [migration], silent);
    expect(await indexSettings()).toEqual([after]);
  });

  it("a write to an eventually consistent index is found by its word once Neo4j's queue is applied, which a reader can wait for", async () => {
    await driver.executeQuery(`CREATE (:${LABEL} {word: $w})`, { w: word(1) }, { database: DATABASE });
    await driver.executeQuery("CALL db.index.fulltext.awaitEventuallyConsistentIndexRefresh()", {}, { database: DATABASE });
    expect(await found(word(1))).toEqual([word(1)]);
  });

  it("a start with SEARCH_WORD_INDEX_REFRESH back at commit makes it consistent again, still finding what it held", async () => {
    const [eventual] = await indexSettings();
    await runMigrations(driver, DATABASE, [fulltext(INDEX, LABEL, ["word"], "english", false)], silent);
    const [atCommit] = await indexSettings();
    expect(atCommit).toMatchObject({ analyzer: "english", eventuallyConsistent: false });
    expect(atCommit!.id).not.toBe(eventual!.id);
    expect((await found(word(0))).concat(await found(word(1))).sort()).toEqual([word(0), word(1)].sort());
  });
});
