import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertRules, dashboardExpressions } from "../../support/monitoringFiles.js";
import { exportedSeries, metricNamesOf, SCRAPE_SERIES } from "../../support/promql.js";
import { startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

// Every metric the alert rules (deploy/prometheus/alerts.yml) and the dashboard
// (deploy/grafana/mnemograph.json) read is one a live gateway's /metrics exports, so a renamed
// metric fails here instead of leaving an alert that can never fire. The gateway runs extraction
// (for a tenant with no messages: it reads nobody's) so the extraction gauges exist, as in production.

let gw: TestGateway;
let exported: Set<string>;

beforeAll(async () => {
  const base = testConfig();
  gw = await startTestGateway(testConfig({ extraction: { ...base.extraction, mode: "deterministic", onlyTenants: [`monitored-${randomUUID()}`] } }));
  const res = await fetch(gw.url.replace(/\/graphql$/, "/metrics"), { headers: { "x-mnemograph-agent": uniqueAgent("monitored") } });
  expect(res.status).toBe(200);
  exported = exportedSeries(await res.text());
});
afterAll(async () => {
  await gw?.stop();
});

/** The names an expression reads that the gateway does not export (Prometheus' own `up` aside). */
const missing = (expr: string) => metricNamesOf(expr).filter((name) => !SCRAPE_SERIES.has(name) && !exported.has(name));

describe("the series the monitoring files read exist in /metrics", () => {
  it("reads a real export (the gateway's, the memory service's and Node's metrics)", () => {
    for (const name of ["mnemograph_neo4j_up", "memory_agent_request_duration_seconds_bucket", "mnemograph_extraction_lag_seconds", "process_cpu_seconds_total"]) expect(exported.has(name), name).toBe(true);
  });

  it("every metric of every alert rule", () => {
    const rules = alertRules();
    expect(rules.length).toBeGreaterThan(5);
    expect(Object.fromEntries(rules.map((r) => [r.alert, missing(r.expr)]).filter(([, m]) => m!.length > 0))).toEqual({});
  });

  it("every metric of every dashboard panel", () => {
    const expressions = dashboardExpressions();
    expect(expressions.length).toBeGreaterThan(20);
    expect(expressions.map(({ panel, expr }) => ({ panel, missing: missing(expr) })).filter((p) => p.missing.length > 0)).toEqual([]);
  });
});
