import type { GraphQLError, GraphQLFormattedError } from "graphql";
import { classifyError } from "../errors/classifyError.js";
import { ErrorCode } from "../errors/errors.js";
import { stripSuggestion } from "./limits/suggestions.js";
import type { Logger } from "../logging/logger.js";
import type { RequestContext } from "../core/requestContext.js";

/** Marks an unexpected error with the request it happened in, so the masked message can name it. */
const REQUEST_ID = Symbol("requestId");

/**
 * Logs every unexpected error with its request id, once, before it is
 * formatted (`formatError` then names the id to the client). Expected errors
 * (those classifyError recognises) are not logged as errors.
 */
export function logUnexpectedErrors(errors: readonly GraphQLError[], contextValue: Pick<RequestContext, "requestId" | "logger"> | undefined, logger: Logger): void {
  for (const error of errors) {
    if (classifyError(error)) continue;
    const requestId = contextValue?.requestId;
    (error as unknown as Record<symbol, unknown>)[REQUEST_ID] = requestId;
    (contextValue?.logger ?? logger).error({ err: error.originalError ?? error, requestId }, "Unexpected error");
  }
}

/**
 * How every error reaches a client, over HTTP (Apollo's `formatError`) and
 * WebSocket alike: only typed errors with a code from the closed set, never a
 * stack trace or a raw driver message.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown, hideSuggestions = false): GraphQLFormattedError {
  const graphQLError = error as Parameters<typeof classifyError>[0];
  const known = classifyError(graphQLError);
  if (known) {
    const { http: _http, ...extensions } = known.extensions;
    return {
      message: hideSuggestions ? stripSuggestion(known.message) : known.message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions,
    };
  }
  const requestId = (error as Record<symbol, unknown>)[REQUEST_ID];
  return {
    message: `Internal server error${typeof requestId === "string" ? ` (request ${requestId})` : ""}`,
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR, ...(typeof requestId === "string" ? { requestId } : {}) },
  };
}
