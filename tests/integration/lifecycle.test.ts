import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../../src/config/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { startApp, type App } from "../../src/app/startApp.js";

// This file provisions its own embedded Neo4j (the gateway's default path, no
// NEO4J_URI), so that it can stop and restart it.
const logger = createLogger({ logLevel: "silent" });
let dataDir: string;
let running: App | undefined;

async function embeddedConfig(): Promise<Config> {
  dataDir ??= await mkdtemp(path.join(os.tmpdir(), "mnemograph-lifecycle-"));
  const base = loadConfig({ LOG_LEVEL: "silent", PORT: "0", MNEMOGRAPH_AUTH: "off", MNEMOGRAPH_DATA_DIR: dataDir, NEO4J_HEAP: "512m", NEO4J_PAGECACHE: "128m", WARMUP_SECONDS: "0" });
  return { ...base, neo4j: { ...base.neo4j, uri: undefined } };
}

async function post(app: App, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`http://127.0.0.1:${app.gateway.port}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-mnemograph-agent": "kublai" },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: { message: string; extensions: { code: string } }[] };
}

afterAll(async () => {
  await running?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the embedded gateway's life", () => {
  it("starts its own Neo4j, reports health, and keeps memories across a restart", async () => {
    running = await startApp(await embeddedConfig(), logger);
    expect(running.localNeo4j).not.toBeNull();

    const health = await fetch(`http://127.0.0.1:${running.gateway.port}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: "healthy",
      neo4j: { connected: true, version: expect.stringMatching(/^5\.26\./), edition: "community" },
      schema: { ready: true },
    });

    const created = await post(running, `mutation { createMemories(input: [{ type: LEARNING, content: "Retry with exponential backoff", importance: 0.8 }]) { memories { id } } }`);
    const id = created.data.createMemories.memories[0].id;
    const pid = running.localNeo4j!.pid!;
    await running.stop();
    running = undefined;
    expect(() => process.kill(pid, 0)).toThrow();

    running = await startApp(await embeddedConfig(), logger);
    const read = await post(running, `query ($id: ID!) { memories(where: { id: { eq: $id } }) { content importance } }`, { id });
    expect(read.data.memories).toEqual([{ content: "Retry with exponential backoff", importance: 0.8 }]);
  }, 400_000); // two Neo4j starts, migrations and the model load: slow on a busy 2-core machine

  it("answers SERVICE_UNAVAILABLE, not a stack trace, when Neo4j goes away, and health says so", async () => {
    const app = running!;
    await app.localNeo4j!.stop();
    const res = await post(app, `{ memories(limit: 1) { id } }`);
    expect(res.errors?.[0]?.extensions.code).toBe("SERVICE_UNAVAILABLE");
    expect(res.errors?.[0]?.message).toBe("The database is unavailable; try again shortly");
    const health = await fetch(`http://127.0.0.1:${app.gateway.port}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "unhealthy", neo4j: { connected: false } });
  });
});
