import { describe, expect, it } from "vitest";
import { dashboard, dashboardExpressions } from "../../support/monitoringFiles.js";
import { metricNamesOf } from "../../support/promql.js";

// deploy/grafana/mnemograph.json as Grafana imports it: a dashboard with a Prometheus data-source
// variable every panel and target uses, panels that do not overlap, and PromQL Prometheus' grammar
// accepts. That every metric it reads is exported is tests/integration/deploy/monitoredSeries.test.ts's.

const PROMETHEUS = { type: "prometheus", uid: "${datasource}" };

describe("deploy/grafana/mnemograph.json", () => {
  const dash = dashboard();
  const graphs = dash.panels.filter((p) => p.type !== "row");

  it("is a dashboard: title, uid, schemaVersion, panels with targets", () => {
    expect(dash).toMatchObject({ title: "Mnemograph", uid: "mnemograph", schemaVersion: expect.any(Number) });
    expect(graphs.length).toBeGreaterThan(10);
    expect(new Set(dash.panels.map((p) => p.id)).size).toBe(dash.panels.length);
    for (const p of graphs) {
      expect(["timeseries", "stat", "gauge", "bargauge", "table"], p.title).toContain(p.type);
      expect(p.targets?.length, p.title).toBeGreaterThan(0);
      expect(new Set(p.targets!.map((t) => t.refId)).size, p.title).toBe(p.targets!.length);
    }
  });

  it("reads Prometheus through a data-source variable, in every panel and target", () => {
    const variable = dash.templating.list.find((v) => v.name === "datasource");
    expect(variable).toMatchObject({ type: "datasource", query: "prometheus" });
    for (const p of graphs) {
      expect(p.datasource, p.title).toEqual(PROMETHEUS);
      for (const t of p.targets!) expect(t.datasource, p.title).toEqual(PROMETHEUS);
    }
  });

  it("lays its panels on Grafana's 24-column grid without overlaps", () => {
    const cells = new Set<string>();
    for (const p of dash.panels) {
      const { x, y, w, h } = p.gridPos;
      expect(x + w, p.title).toBeLessThanOrEqual(24);
      for (let i = x; i < x + w; i++) {
        for (let j = y; j < y + h; j++) {
          expect(cells.has(`${i},${j}`), `${p.title} overlaps at ${i},${j}`).toBe(false);
          cells.add(`${i},${j}`);
        }
      }
    }
  });

  it("every expression is PromQL, filters by the instance variable and reads at least one metric", () => {
    for (const { panel, expr } of dashboard().panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })))) {
      expect(expr, panel).toContain('instance=~"$instance"');
    }
    for (const { panel, expr } of dashboardExpressions()) expect(metricNamesOf(expr).length, panel).toBeGreaterThan(0);
  });
});
