import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import neo4j, { type Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDriver } from "../../../src/graph/driver.js";

/**
 * `npm run squad:install -- --tenant <id>` in its own process against the test
 * run's Neo4j: it installs the six-agent squad, a second run creates nothing,
 * and a missing tenant is refused before anything starts.
 */
const run = promisify(execFile);
const tenant = `squadcli-${randomUUID().slice(0, 8)}`;
let driver: Driver;
const { uri, user, password } = inject("neo4j");
const install = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "src/cli/squadInstall.ts", ...args], {
    env: { ...process.env, NEO4J_URI: uri, NEO4J_USER: user, NEO4J_PASSWORD: password, MNEMOGRAPH_AUTH: "off", LOG_LEVEL: "warn" },
  });

beforeAll(() => {
  driver = createDriver({ uri, user, password });
});
afterAll(async () => {
  await driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant DETACH DELETE n", { tenant });
  await driver.close();
});

describe("npm run squad:install", () => {
  it("installs the six agents, ten rules and the improvement loop in the tenant; a second run creates nothing", async () => {
    const first = JSON.parse((await install("--tenant", tenant)).stdout.trim().split("\n").at(-1)!);
    expect(first).toMatchObject({ tenant, agents: 6, agentsCreated: 6, rules: 10, rulesCreated: 10 });
    const second = JSON.parse((await install("--tenant", tenant)).stdout.trim().split("\n").at(-1)!);
    expect(second).toMatchObject({ agents: 6, agentsCreated: 0, rules: 10, rulesCreated: 0 });
    const { records } = await driver.executeQuery(
      `MATCH (o:Agent {tenantId: $tenant, id: 'ogedei'})-[i:IMPROVES_WITH]->(j:Agent {id: 'jochi'})-[a:ANALYZES_FOR]->(o)
       RETURN i.domain AS improves, a.domain AS analyzes, COUNT { (:Agent {tenantId: $tenant})-[:HAS_SUBSCRIPTION]->() } AS rules`,
      { tenant },
    );
    expect(records.map((r) => [r.get("improves"), r.get("analyzes"), neo4j.integer.toNumber(r.get("rules"))])).toEqual([["operations", "process_metrics", 10]]);
  }, 240_000);

  it("refuses to run without a valid --tenant (exit 2), writing nothing", async () => {
    await expect(install()).rejects.toMatchObject({ code: 2 });
    await expect(install("--tenant", "bad tenant")).rejects.toMatchObject({ code: 2 });
  }, 120_000);
});
