import { context, SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import type express from "express";
import type { GraphQLFormattedError, OperationTypeNode } from "graphql";
import { tracer } from "../core/tracing.js";
import type { Caller } from "../core/caller.js";

/**
 * A SERVER span per HTTP request (GraphQL, REST, MCP), active while it is
 * handled: the operation's Neo4j statements and tool calls nest under it.
 * Mounted only when tracing is on.
 */
export const traceRequests: express.RequestHandler = (req, res, next) => {
  const span = tracer().startSpan(`${req.method} ${req.path}`, {
    kind: SpanKind.SERVER,
    attributes: { "http.request.method": req.method, "url.path": req.path },
  });
  res.once("close", () => {
    span.setAttribute("http.response.status_code", res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  context.with(trace.setSpan(context.active(), span), next);
};

/**
 * A SERVER span for one operation sent over the WebSocket: a socket has no
 * request of its own, so each subscribe message gets its span (a no-op when
 * tracing is off). Whoever starts it ends it.
 */
export function startWebSocketSpan(): Span {
  return tracer().startSpan("WS /graphql", { kind: SpanKind.SERVER, attributes: { "url.path": "/graphql" } });
}

/** What an operation's span says of it once it is known: `query searchMemories`, who asked, over which transport. */
export interface TracedOperation {
  type: OperationTypeNode;
  name?: string;
  rootFields: readonly string[];
  requestId: string;
  caller: Pick<Caller, "tenantId" | "agentId">;
  transport: "http" | "ws";
}

/** Names the span after its operation (`query searchMemories`) and records who asked. */
export function nameOperationSpan(span: Span, operation: TracedOperation): void {
  const fields = operation.rootFields.join(",");
  span.setAttributes({
    "graphql.operation.type": operation.type,
    "graphql.operation.root_fields": fields,
    "mnemograph.request_id": operation.requestId,
    "mnemograph.tenant": operation.caller.tenantId,
    "mnemograph.agent": operation.caller.agentId,
    "mnemograph.transport": operation.transport,
    ...(operation.name ? { "graphql.operation.name": operation.name } : {}),
  });
  span.updateName(`${operation.type} ${fields}`);
}

/** Records the error codes the client was answered with; an unexpected error marks the span as failed. */
export function recordOperationErrors(span: Span, errors: readonly GraphQLFormattedError[] | undefined): void {
  if (!errors?.length) return;
  const codes = [...new Set(errors.map((e) => String(e.extensions?.code ?? "INTERNAL_SERVER_ERROR")))];
  span.setAttribute("mnemograph.error.codes", codes.join(","));
  if (codes.includes("INTERNAL_SERVER_ERROR")) span.setStatus({ code: SpanStatusCode.ERROR, message: errors[0]!.message.slice(0, 500) });
}
