import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { startApp, type App } from "../../src/app/startApp.js";

// Its own embedded Neo4j (no NEO4J_URI), so that the test can kill it.
const logger = createLogger({ logLevel: "silent" });
let dataDir: string | undefined;
let app: App | undefined;

afterAll(async () => {
  await app?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function post(query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`http://127.0.0.1:${app!.gateway.port}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-mnemograph-agent": "kublai" },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: { message: string; extensions: { code: string } }[] };
}

const ready = async () => (await fetch(`http://127.0.0.1:${app!.gateway.port}/health/ready`)).status;
const live = async () => (await fetch(`http://127.0.0.1:${app!.gateway.port}/health/live`)).status;

describe("a database outage", () => {
  it("is refused with SERVICE_UNAVAILABLE while the embedded Neo4j is down; the supervisor restarts it and every acknowledged write is there", async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-outage-"));
    const base = loadConfig({ LOG_LEVEL: "silent", PORT: "0", MNEMOGRAPH_AUTH: "off", MNEMOGRAPH_DATA_DIR: dataDir, NEO4J_HEAP: "512m", NEO4J_PAGECACHE: "128m", WARMUP_SECONDS: "0" });
    app = await startApp({ ...base, neo4j: { ...base.neo4j, uri: undefined } }, logger);
    expect(await ready()).toBe(200);

    const created = await post(`mutation { createMemories(input: [{ type: LEARNING, content: "Written before the crash", importance: 0.7 }]) { memories { id } } }`);
    const before = created.data.createMemories.memories[0].id as string;

    const states: string[] = [];
    app.localNeo4j!.onStateChange((s) => states.push(s));
    const firstPid = app.localNeo4j!.pid!;
    const down = app.availability.whenState("down");
    process.kill(firstPid, "SIGKILL");
    await down;

    // Refused at once, not after the driver's retries; the process itself stays live.
    const refused = await post(`{ memories(limit: 1) { id } }`);
    expect(refused.errors?.[0]?.extensions.code).toBe("SERVICE_UNAVAILABLE");
    expect(await ready()).toBe(503);
    expect(await live()).toBe(200);
    // Introspection needs no database: the explorer keeps working.
    expect((await post(`{ __schema { queryType { name } } }`)).data.__schema.queryType.name).toBe("Query");

    await app.availability.whenState("up");
    expect(states).toEqual(["down", "up"]);
    expect(app.localNeo4j!.pid).not.toBe(firstPid);
    expect(await ready()).toBe(200);

    const read = await post(`query ($id: ID!) { memories(where: { id: { eq: $id } }) { content } }`, { id: before });
    expect(read.data.memories).toEqual([{ content: "Written before the crash" }]);
    const after = await post(`mutation { createMemories(input: [{ type: LEARNING, content: "Written after the restart", importance: 0.5 }]) { memories { id } } }`);
    expect(after.errors).toBeUndefined();
    expect(after.data.createMemories.memories).toHaveLength(1);
  }, 240_000); // two Neo4j starts on a busy 2-core machine
});
