import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, testConfig, type TestGateway } from "../support/testGateway.js";

/**
 * The start-up warm-up on a real gateway: the common operations run for the
 * configured seconds on a tenant of their own, readiness waits for it, a
 * failed operation is counted and the first failure kept for the log, and
 * nothing of that tenant is left behind. (One clean-clone run of the whole
 * suite counted 12 failed warm-up operations that neither this file alone
 * nor with its neighbours reproduces; the report keeps the first failure so
 * the next run says what it was.)
 */
let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ ...testConfig(), warmUpSeconds: 4 });
});
afterAll(async () => {
  await gw?.stop();
});

describe("start-up warm-up", () => {
  it("ran the common operations for its seconds, counting any failure with the first one kept, before the gateway said ready", async () => {
    const report = gw.app.warmedUp!;
    // Four agents, each created with its game session (8 operations), then the mix: on a loaded machine the first ones are slow.
    expect(report.operations).toBeGreaterThan(8);
    if (report.failed > 0) console.warn(`warm-up: ${report.failed} of ${report.operations} operations failed; first: ${report.firstFailure}`);
    expect(report.firstFailure === undefined).toBe(report.failed === 0);
    expect(report.failed).toBeLessThan(report.operations);
    expect(report.seconds).toBeGreaterThanOrEqual(4);
    const ready = await fetch(gw.url.replace(/\/graphql$/, "/health/ready"));
    expect(await ready.json()).toMatchObject({ status: "ready", warmed_up: true });
  });

  it("leaves nothing of its tenant in the store", async () => {
    const { records } = await gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = '__mnemograph_warmup__' RETURN labels(n) AS labels, count(*) AS n");
    expect(records.map((r) => r.toObject())).toEqual([]);
  });
});
