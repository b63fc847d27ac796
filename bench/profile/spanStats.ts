/**
 * Where an operation's time goes, from the spans a gateway exports: each
 * GraphQL request span (`mutation createMemories`) with the Neo4j statement
 * spans under it, and the statements that ran under no request (background
 * workers: embeddings, extraction, the outbox). Pure.
 */
import type { OtlpSpan } from "../../fixtures/otlpReceiver.js";

export interface StatementCost {
  /** The statement's first words, whitespace collapsed. */
  text: string;
  /** Times it ran per operation (or in all, for background statements). */
  perOp: number;
  meanMs: number;
  /** Share of the group's statement time. */
  share: number;
}

export interface OperationCost {
  operation: string;
  count: number;
  meanMs: number;
  /** Statements sent per operation, on average. */
  statements: number;
  /** Milliseconds of statement spans per operation (their sum: parallel statements count each). */
  statementMs: number;
  /** Distinct statement texts among them: each new text is planned by Neo4j before it runs. */
  distinct: number;
  top: StatementCost[];
}

export interface SpanStats {
  operations: OperationCost[];
  background: { statements: number; statementMs: number; top: StatementCost[] };
}

const ms = (span: OtlpSpan) => (Number(BigInt(span.endTimeUnixNano ?? "0") - BigInt(span.startTimeUnixNano ?? "0")) / 1e6);
const startMs = (span: OtlpSpan) => Number(BigInt(span.startTimeUnixNano ?? "0") / 1_000_000n);
const isStatement = (span: OtlpSpan) => span.name.startsWith("neo4j ");
const statementText = (span: OtlpSpan, width: number) =>
  (span.attributes?.find((a) => a.key === "db.query.text")?.value.stringValue ?? span.name).replace(/\s+/g, " ").trim().slice(0, width);

function topStatements(statements: OtlpSpan[], per: number, width: number, limit: number): StatementCost[] {
  const byText = new Map<string, number[]>();
  for (const s of statements) {
    const text = statementText(s, width);
    byText.set(text, [...(byText.get(text) ?? []), ms(s)]);
  }
  const total = statements.reduce((sum, s) => sum + ms(s), 0) || 1;
  return [...byText.entries()]
    .map(([text, times]) => {
      const sum = times.reduce((a, b) => a + b, 0);
      return { text, perOp: times.length / per, meanMs: sum / times.length, share: sum / total };
    })
    .sort((a, b) => b.share - a.share)
    .slice(0, limit);
}

/**
 * Groups `spans` by trace. Only requests that began within [fromMs, toMs]
 * (epoch milliseconds) count, so start-up and warm-up stay out.
 */
export function spanStats(spans: OtlpSpan[], fromMs: number, toMs: number, options: { width?: number; top?: number } = {}): SpanStats {
  const width = options.width ?? 110;
  const limit = options.top ?? 5;
  const byTrace = new Map<string, OtlpSpan[]>();
  for (const span of spans) byTrace.set(span.traceId, [...(byTrace.get(span.traceId) ?? []), span]);

  const ops = new Map<string, { roots: OtlpSpan[]; statements: OtlpSpan[] }>();
  const background: OtlpSpan[] = [];
  for (const trace of byTrace.values()) {
    const ids = new Set(trace.map((s) => s.spanId));
    const root = trace.find((s) => !s.parentSpanId || !ids.has(s.parentSpanId));
    if (!root || startMs(root) < fromMs || startMs(root) > toMs) continue;
    if (isStatement(root)) {
      background.push(...trace.filter(isStatement));
      continue;
    }
    const entry = ops.get(root.name) ?? { roots: [], statements: [] };
    entry.roots.push(root);
    entry.statements.push(...trace.filter(isStatement));
    ops.set(root.name, entry);
  }
  const operations = [...ops.entries()]
    .map(([operation, { roots, statements }]) => ({
      operation,
      count: roots.length,
      meanMs: roots.reduce((s, r) => s + ms(r), 0) / roots.length,
      statements: statements.length / roots.length,
      statementMs: statements.reduce((s, r) => s + ms(r), 0) / roots.length,
      distinct: new Set(statements.map((s) => statementText(s, Number.MAX_SAFE_INTEGER))).size,
      top: topStatements(statements, roots.length, width, limit),
    }))
    .sort((a, b) => b.count - a.count);
  return {
    operations,
    background: {
      statements: background.length,
      statementMs: background.reduce((s, r) => s + ms(r), 0),
      top: topStatements(background, 1, width, limit),
    },
  };
}
