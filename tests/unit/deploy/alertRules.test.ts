import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { alertRules, ALERT_TESTS_FILE, ALERTS_FILE } from "../../support/monitoringFiles.js";
import { metricNamesOf } from "../../support/promql.js";
import { promtool } from "../../support/promtool.js";

// deploy/prometheus/alerts.yml checked by Prometheus' own promtool, and its alerts exercised on
// made-up series (alerts.test.yml): each fires where it should and stays quiet on healthy ones.
// That every metric an alert reads is exported is tests/integration/deploy/monitoredSeries.test.ts's.

const run = (args: string[]) => execFileSync(promtool(), args, { cwd: path.dirname(ALERTS_FILE), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe("deploy/prometheus/alerts.yml", () => {
  it("passes promtool check rules", () => {
    expect(run(["check", "rules", ALERTS_FILE])).toMatch(/SUCCESS: \d+ rules found/);
  });

  it("passes promtool test rules: every alert fires on its example series and not on the healthy ones", () => {
    expect(run(["test", "rules", ALERT_TESTS_FILE])).toMatch(/SUCCESS/);
  });

  it("every alert is tested in alerts.test.yml, has a severity, a summary and a description, and reads metrics", () => {
    const tests = parse(readFileSync(ALERT_TESTS_FILE, "utf8")) as { tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[] };
    const firing = new Set(tests.tests.flatMap((t) => t.alert_rule_test.filter((a) => a.exp_alerts.length > 0).map((a) => a.alertname)));
    for (const rule of alertRules()) {
      expect(firing.has(rule.alert), `${rule.alert} is shown firing`).toBe(true);
      expect(["critical", "warning"]).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.annotations?.description, rule.alert).toBeTruthy();
      expect(metricNamesOf(rule.expr).length, rule.alert).toBeGreaterThan(0);
    }
  });
});
