import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/** deploy/prometheus/alerts.yml and deploy/grafana/mnemograph.json, as the tests read them. */
export const ALERTS_FILE = fileURLToPath(new URL("../../deploy/prometheus/alerts.yml", import.meta.url));
export const ALERT_TESTS_FILE = fileURLToPath(new URL("../../deploy/prometheus/alerts.test.yml", import.meta.url));
export const DASHBOARD_FILE = fileURLToPath(new URL("../../deploy/grafana/mnemograph.json", import.meta.url));

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export function alertRules(): AlertRule[] {
  const file = parse(readFileSync(ALERTS_FILE, "utf8")) as { groups: { name: string; rules: AlertRule[] }[] };
  return file.groups.flatMap((g) => g.rules);
}

export interface DashboardPanel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  gridPos: { h: number; w: number; x: number; y: number };
  targets?: { refId: string; expr: string; datasource?: { type: string; uid: string } }[];
}

export interface Dashboard {
  title: string;
  uid: string;
  schemaVersion: number;
  panels: DashboardPanel[];
  templating: { list: { name: string; type: string; query: unknown }[] };
}

export const dashboard = (): Dashboard => JSON.parse(readFileSync(DASHBOARD_FILE, "utf8")) as Dashboard;

/** Grafana's variables in an expression replaced by values Prometheus would get, so the expression parses as PromQL. */
export const withGrafanaVariables = (expr: string) => expr.replaceAll("$__rate_interval", "5m").replaceAll("$__interval", "1m").replaceAll("$instance", ".*");

/** Every PromQL expression of the dashboard (its panels' targets), Grafana's variables filled in. */
export function dashboardExpressions(): { panel: string; expr: string }[] {
  return dashboard().panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: withGrafanaVariables(t.expr) })));
}
