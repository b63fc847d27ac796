import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFor } from "../../../src/app/migrations.js";
import { TEXT_RULES } from "../../../src/embeddings/textRules.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

// The chatbot memory service restarts often. The start-up backfills look only at the nodes no worker of the current
// text rules has read: an ordinary text, long or short, is not sent back or matched again at every start.
const RECORD = `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`;
const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`;
const RULE = "user: Always include version numbers when I ask about software dependencies or libraries used.";
const SHORT = "user: We deploy to a small VPS with a nightly backup of the database.";
/** Over the 1,000 characters at which a text may need passages, yet well inside the model's window: it gets none. */
const MEDIUM = Array.from({ length: 16 }, (_, i) => `Step ${i + 1} moves table ${i + 1} to the new cluster and checks its row counts.`).join(" ");
const BACKFILLS = ["memory_passages_backfill", "memory_standing_backfill", "memory_text_rules_mark"];

let gw: TestGateway;
const config = testConfig();
let agent: string;

async function stored(source: string) {
  const { records } = await gw.driver.executeQuery(
    `MATCH (m:Memory {ownerId: $agent, source: $source})
     RETURN toFloat(m.textRules) AS rules, valueType(m.textRules) AS rulesType, m.standing AS standing, m.embeddingKey AS key, m.embeddingStatus AS status,
            EXISTS { (:Passage)-[:PASSAGE_OF]->(m) } AS passages`,
    { agent, source },
  );
  return records[0]!.toObject() as { rules: number | null; rulesType: string; standing: boolean | null; key: string; status: string; passages: boolean };
}

/** The three start-up data migrations for memories, in their order, run as at start-up on this file's agent only: the properties each set. */
async function runBackfills(): Promise<number[]> {
  const migrations = migrationsFor(loadTypeDefs().document);
  const set: number[] = [];
  for (const name of BACKFILLS) {
    const cypher = migrations.find((m) => m.name === name)!.cypher;
    const scoped = cypher.replace(/^MATCH \(n:Memory\) WHERE /, "MATCH (n:Memory) WHERE n.ownerId = $agent AND ");
    expect(scoped).not.toBe(cypher);
    const session = gw.driver.session();
    const result = await session.run(scoped, { agent }).finally(() => session.close());
    set.push(result.summary.counters.updates().propertiesSet);
  }
  return set;
}

beforeAll(async () => {
  gw = await startTestGateway(config);
  agent = uniqueAgent("backfills");
  await ok(gw, CREATE_AGENT, { id: agent, name: agent }, agent);
  const turn = (source: string, content: string) => ({ type: "INTERACTION", content, source, conversationId: source, participants: ["user"] });
  await ok(gw, RECORD, { memories: [turn("rule", RULE), turn("short", SHORT), turn("medium", MEDIUM)] }, agent);
  await gw.app.embeddings.drain();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, agent);
  await gw.stop();
});

describe("the start-up backfills of what the embedding worker derives from a text", () => {
  it("the worker notes the rules it read each text with, an integer as the migrations write it", async () => {
    expect(MEDIUM.length).toBeGreaterThan(1000);
    for (const source of ["rule", "short", "medium"]) {
      expect(await stored(source)).toMatchObject({ rules: TEXT_RULES, rulesType: "INTEGER NOT NULL", status: "READY", passages: false });
    }
    expect((await stored("rule")).standing).toBe(true);
  });

  it("send back once what an earlier version embedded, mark the rest read, and at the next start find nothing", async () => {
    const before = { rule: await stored("rule"), medium: await stored("medium") };
    // As an earlier version left them: no rules noted, the rule not marked.
    await gw.driver.executeQuery("MATCH (m:Memory {ownerId: $agent}) REMOVE m.textRules, m.standing, m.standingEmbedding", { agent });

    // The medium text may need passages, the rule opens like one: both go back; the short one is marked read.
    expect(await runBackfills()).toEqual([1, 1, 1]);
    expect((await stored("medium")).status).toBe("PENDING");
    expect((await stored("rule")).status).toBe("PENDING");
    expect(await stored("short")).toMatchObject({ rules: TEXT_RULES, rulesType: "INTEGER NOT NULL", status: "READY" });

    await gw.app.embeddings.drain();
    expect(await stored("medium")).toMatchObject({ rules: TEXT_RULES, status: "READY", passages: false, key: before.medium.key });
    expect(await stored("rule")).toMatchObject({ rules: TEXT_RULES, status: "READY", standing: true, key: before.rule.key });

    // The next start: nothing sent back, nothing marked (before textRules, the medium text went back at every start).
    expect(await runBackfills()).toEqual([0, 0, 0]);
    for (const source of ["rule", "short", "medium"]) expect((await stored(source)).status).toBe("READY");
  });
});
