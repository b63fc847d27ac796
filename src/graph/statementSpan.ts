import { SpanKind, type Span } from "@opentelemetry/api";
import { failSpan, tracer } from "../core/tracing.js";

/** Longest statement text kept on a span. */
const MAX_STATEMENT = 4000;

/**
 * A CLIENT span for one Neo4j statement, named by its first clause (`neo4j
 * MATCH`): its text (parameters are never recorded) and the database. The
 * executor starts one per statement it runs; the traced driver one per
 * statement @neo4j/graphql runs.
 */
export function startStatementSpan(cypher: string, database: string | undefined): Span {
  const text = cypher.trim();
  const clause = /^[A-Za-z]+/.exec(text)?.[0]?.toUpperCase() ?? "STATEMENT";
  return tracer().startSpan(`neo4j ${clause}`, {
    kind: SpanKind.CLIENT,
    attributes: { "db.system.name": "neo4j", "db.query.text": text.slice(0, MAX_STATEMENT), ...(database ? { "db.namespace": database } : {}) },
  });
}

/** Runs one statement inside `span` (null: untraced): a failure marks the span, which ends either way. */
export async function inStatementSpan<T>(span: Span | null, run: () => PromiseLike<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (span) failSpan(span, err);
    throw err;
  } finally {
    span?.end();
  }
}
