import { SpanKind } from "@opentelemetry/api";
import { failSpan, tracer } from "../core/tracing.js";
import type { StatementWatcher } from "./watchedDriver.js";

/** Longest statement text kept on a span. */
const MAX_STATEMENT = 4000;

/**
 * A CLIENT span for each Neo4j statement, ended with its result: the
 * statement's text (parameters are never recorded) and the database. Used
 * only when tracing is on; spans nest under the operation or tool call that is
 * active.
 */
export const traceStatements: StatementWatcher = ({ text, database }) => {
  const clause = /^[A-Za-z]+/.exec(text)?.[0]?.toUpperCase() ?? "STATEMENT";
  const span = tracer().startSpan(`neo4j ${clause}`, {
    kind: SpanKind.CLIENT,
    attributes: { "db.system.name": "neo4j", "db.query.text": text.slice(0, MAX_STATEMENT), ...(database ? { "db.namespace": database } : {}) },
  });
  return (err) => {
    if (err !== undefined) failSpan(span, err);
    span.end();
  };
};
