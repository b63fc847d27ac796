import { parser } from "@prometheus-io/lezer-promql";

/**
 * The metric names a PromQL expression selects, read with Prometheus' own
 * grammar (lezer-promql): the name of every vector selector, not label names,
 * functions or keywords. Throws on an expression the grammar does not accept.
 */
export function metricNamesOf(expr: string): string[] {
  const tree = parser.parse(expr);
  const names = new Set<string>();
  const cursor = tree.cursor();
  do {
    if (cursor.type.isError) throw new Error(`Not PromQL at ${cursor.from}: ${expr}`);
    if (cursor.name === "Identifier" && cursor.node.parent?.name === "VectorSelector") names.add(expr.slice(cursor.from, cursor.to));
  } while (cursor.next());
  return [...names];
}

/** Series names Prometheus writes itself for every scrape target: not the gateway's to export. */
export const SCRAPE_SERIES = new Set(["up", "scrape_duration_seconds", "scrape_samples_scraped"]);

const SUFFIXES: Record<string, string[]> = { counter: [""], gauge: [""], untyped: [""], histogram: ["_bucket", "_sum", "_count"], summary: ["", "_sum", "_count"] };

/** Every series name a /metrics text (Prometheus' text format) exports, from its `# TYPE` lines: a histogram's `_bucket`, `_sum` and `_count`. */
export function exportedSeries(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) for (const suffix of SUFFIXES[type!] ?? [""]) names.add(`${name}${suffix}`);
  return names;
}
