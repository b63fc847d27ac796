import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WARM_UP_TENANT, warmUpRound } from "../../src/app/warmUp.js";
import { WARM_UP_MESSAGE_BATCHES } from "../../src/app/warmUpMessages.js";
import { explorerWarmUpReads } from "../../src/server/memoryExplorer/index.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../support/testGateway.js";

/**
 * The start-up warm-up on a real gateway: the common operations run for the
 * configured seconds on a tenant of their own (after the memory explorer's
 * first documents, once), every one of them answers
 * without an error (long enough for the rounds that store an INSIGHT, which
 * needs its category: a clean-clone run, faster than this machine had been,
 * found 12 such failures), readiness waits for it, and nothing of that tenant
 * is left behind.
 */
let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ ...testConfig(), warmUpSeconds: 8 });
});
afterAll(async () => {
  await gw?.stop();
});

describe("start-up warm-up", () => {
  it("ran the common operations for its seconds without an error, before the gateway said ready", async () => {
    const report = gw.app.warmedUp!;
    // Four agents, each created with its game session (8 operations), then the mix: on a loaded machine the first ones are slow.
    expect(report.operations).toBeGreaterThan(8);
    expect(report.firstFailure).toBeUndefined();
    expect(report.failed).toBe(0);
    expect(report.seconds).toBeGreaterThanOrEqual(8);
    const ready = await fetch(gw.url.replace(/\/graphql$/, "/health/ready"));
    expect(await ready.json()).toMatchObject({ status: "ready", warmed_up: true });
  });

  it("every operation of its first rounds (a BELIEF, then an INSIGHT with its category) answers without an error", async () => {
    const agent = uniqueAgent("warm-round");
    const setup = await gw.request(`mutation ($input: [AgentCreateInput!]!) { createAgents(input: $input) { agents { id } } }`, { input: [{ id: agent, name: "Warm", role: "warm-up" }] }, agent);
    expect(setup.errors).toBeUndefined();
    const session = await gw.request(`mutation ($s: ID!) { startSession(sessionId: $s, goal: "warm up", maxTurns: 100, game: "warm-up") { id } }`, { s: `${agent}-game` }, agent);
    expect(session.errors).toBeUndefined();
    for (const n of [0, 1]) {
      for (const [document, variables] of warmUpRound(agent, `${agent}-game`, n)) {
        const res = await gw.request(document, variables, agent);
        expect(res.errors, document).toBeUndefined();
      }
    }
    await removeOwnedBy(gw.driver, agent);
  });

  it("plans the explorer's documents as the page sends them, and each answers without an error", async () => {
    const agent = uniqueAgent("warm-reader");
    const setup = await gw.request(`mutation ($input: [AgentCreateInput!]!) { createAgents(input: $input) { agents { id } } }`, { input: [{ id: agent, name: "Warm reader", role: "warm-up" }] }, agent);
    expect(setup.errors).toBeUndefined();
    const reads = explorerWarmUpReads(agent);
    expect(reads.map((r) => r.name)).toEqual(["ExplorerPickers", "ExplorerAgent", "ExplorerAgentMemoryGroups", "ExplorerAgentMemories"]);
    for (const read of reads) {
      const res = await gw.request(read.document, read.variables, agent);
      expect(res.errors, read.name).toBeUndefined();
      expect(res.data).toBeDefined();
    }
    await removeOwnedBy(gw.driver, agent);
  });

  it("leaves nothing of its tenant in the store", async () => {
    const { records } = await gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = '__mnemograph_warmup__' RETURN labels(n) AS labels, count(*) AS n");
    expect(records.map((r) => r.toObject())).toEqual([]);
  });
});

/**
 * With the deterministic extractor, the warm-up also sends messages through the
 * extraction worker, one batch in each list-length class, so a chat import
 * after a start meets planned statements (bench:extract --stage measures the
 * first read against a warm one). This gateway's worker reads only the
 * warm-up's tenant (EXTRACTION_TENANTS): other files' messages are not its.
 */
describe("start-up warm-up with the extraction worker", () => {
  let withExtraction: TestGateway;
  beforeAll(async () => {
    withExtraction = await startTestGateway({ ...testConfig(), warmUpSeconds: 1, extraction: { ...testConfig().extraction, mode: "deterministic", onlyTenants: [WARM_UP_TENANT] } }, { own: true });
  });
  afterAll(async () => {
    await withExtraction?.stop();
  });

  it("read every warm-up message for facts before the gateway said ready, and left none of them behind", async () => {
    const report = withExtraction.app.warmedUp!;
    expect(report.firstFailure).toBeUndefined();
    const stats = withExtraction.app.extraction!.stats();
    expect(stats.processed).toBe(WARM_UP_MESSAGE_BATCHES.reduce((a, b) => a + b, 0));
    expect(stats.factsWritten).toBeGreaterThan(100);
    expect(stats.failures).toBe(0);
    const { records } = await withExtraction.driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant RETURN labels(n) AS labels, count(*) AS n", { tenant: WARM_UP_TENANT });
    expect(records.map((r) => r.toObject())).toEqual([]);
  });
});

