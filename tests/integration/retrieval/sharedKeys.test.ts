import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFor } from "../../../src/app/migrations.js";
import { textKeys } from "../../../src/embeddings/textKeys.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

const RECORD = `mutation ($memories: [MemoryInput!]!) { recordMemories(memories: $memories) { ids } }`;
const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`;

let gw: TestGateway;
let agent: string;
const CONTENT = "Sam: My paintings of sunsets sold at the gallery";

async function stored(source: string) {
  const { records } = await gw.driver.executeQuery(
    "MATCH (m:Memory {ownerId: $agent, source: $source}) RETURN m.keys AS keys, m.embeddingKey AS key, m.embeddingStatus AS status",
    { agent, source },
  );
  return records[0]!.toObject() as { keys: string[] | null; key: string; status: string };
}

beforeAll(async () => {
  gw = await startTestGateway(testConfig());
  agent = uniqueAgent("keys");
  await ok(gw, CREATE_AGENT, { id: agent, name: agent }, agent);
  await ok(gw, RECORD, { memories: [{ type: "INTERACTION", content: CONTENT, source: "k1", conversationId: "chat", participants: ["Sam"] }] }, agent);
  await gw.app.embeddings.drain();
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, agent);
  await gw.stop();
});

describe("keys of embedded nodes (the shared-key list of search reads them)", () => {
  it("are stored by the embedding worker: the keys of the node's text", async () => {
    const { keys, status } = await stored("k1");
    expect(status).toBe("READY");
    expect(keys).toEqual(textKeys(CONTENT));
    expect(keys).toEqual(expect.arrayContaining(["painting", "sunset", "gallery"]));
  });

  it("come back to a node stored before keys existed, through the backfill migration, without a new vector", async () => {
    const before = await stored("k1");
    await gw.driver.executeQuery("MATCH (m:Memory {ownerId: $agent, source: 'k1'}) REMOVE m.keys", { agent });
    const backfill = migrationsFor(loadTypeDefs().document).find((m) => m.name === "memory_keys_backfill")!;
    const session = gw.driver.session(); // CALL … IN TRANSACTIONS needs an auto-commit transaction, as at startup
    await session.run(backfill.cypher).finally(() => session.close());
    await gw.app.embeddings.drain();
    const after = await stored("k1");
    expect(after).toEqual({ keys: before.keys, key: before.key, status: "READY" });
  });
});
