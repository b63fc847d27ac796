import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ApolloServerPlugin } from "@apollo/server";
import type express from "express";
import { tracer } from "../core/tracing.js";
import type { RequestContext } from "../core/requestContext.js";

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
 * Names the active request span after its GraphQL operation (`query
 * searchMemories`) and records who asked and which error codes it answered.
 * A no-op when there is no active span (tracing off).
 */
export function operationTracingPlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          const request = trace.getActiveSpan();
          if (!request || !operation) return;
          const fields = operation.selectionSet.selections.flatMap((s) => (s.kind === "Field" ? [s.name.value] : [])).join(",");
          request.setAttributes({
            "graphql.operation.type": operation.operation,
            "graphql.operation.root_fields": fields,
            "mnemograph.request_id": contextValue.requestId,
            "mnemograph.tenant": contextValue.caller.tenantId,
            "mnemograph.agent": contextValue.caller.agentId,
            ...(operation.name ? { "graphql.operation.name": operation.name.value } : {}),
          });
          request.updateName(`${operation.operation} ${fields}`);
        },
        async willSendResponse({ response }) {
          const request = trace.getActiveSpan();
          if (!request || response.body.kind !== "single") return;
          const errors = response.body.singleResult.errors;
          if (!errors?.length) return;
          const codes = [...new Set(errors.map((e) => String(e.extensions?.code ?? "INTERNAL_SERVER_ERROR")))];
          request.setAttribute("mnemograph.error.codes", codes.join(","));
          if (codes.includes("INTERNAL_SERVER_ERROR")) request.setStatus({ code: SpanStatusCode.ERROR, message: errors[0]!.message.slice(0, 500) });
        },
      };
    },
  };
}
