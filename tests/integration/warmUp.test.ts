import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, testConfig, type TestGateway } from "../support/testGateway.js";

/**
 * The start-up warm-up on a real gateway: the common operations run for the
 * configured seconds on a tenant of their own, every one of them answers
 * without an error, readiness waits for it, and nothing of that tenant is
 * left behind.
 */
let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ ...testConfig(), warmUpSeconds: 4 });
});
afterAll(async () => {
  await gw?.stop();
});

describe("start-up warm-up", () => {
  it("ran the common operations for its seconds without an error, before the gateway said ready", async () => {
    const report = gw.app.warmedUp!;
    // Four agents, each created with its game session (8 operations), then the mix: on a loaded machine the first ones are slow.
    expect(report.operations).toBeGreaterThan(8);
    expect(report.failed).toBe(0);
    expect(report.seconds).toBeGreaterThanOrEqual(4);
    const ready = await fetch(gw.url.replace(/\/graphql$/, "/health/ready"));
    expect(await ready.json()).toMatchObject({ status: "ready", warmed_up: true });
  });

  it("leaves nothing of its tenant in the store", async () => {
    const { records } = await gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = '__mnemograph_warmup__' RETURN labels(n) AS labels, count(*) AS n");
    expect(records.map((r) => r.toObject())).toEqual([]);
  });
});
