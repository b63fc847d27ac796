import type express from "express";

/** A GraphQL result as a REST adapter sees it. */
export interface ExecutedOperation {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * Runs one GraphQL operation as the caller the headers identify, through the
 * same pipeline as `/graphql` (authentication, limits, rate limits, error
 * masking). REST adapters are thin translations over it.
 */
export type ExecuteOperation = (headers: Record<string, unknown>, query: string, variables: Record<string, unknown>) => Promise<ExecutedOperation>;

/** REST routes built once the GraphQL pipeline can run operations. */
export type RestRoutes = (execute: ExecuteOperation) => express.Router;

const STATUS: Record<string, number> = {
  BAD_USER_INPUT: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  GRAPHQL_PARSE_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  SERVICE_BUSY: 503,
};

/** The HTTP status of a GraphQL error code (500 for anything unexpected). */
export const httpStatusOf = (code: unknown) => (typeof code === "string" ? (STATUS[code] ?? 500) : 500);

const TITLE: Record<string, string> = {
  BAD_USER_INPUT: "Bad request",
  GRAPHQL_VALIDATION_FAILED: "Bad request",
  GRAPHQL_PARSE_FAILED: "Bad request",
  UNAUTHENTICATED: "Unauthorized",
  FORBIDDEN: "Forbidden",
  NOT_FOUND: "Not found",
  CONFLICT: "Conflict",
  RATE_LIMITED: "Too many requests",
  SERVICE_UNAVAILABLE: "Service unavailable",
  SERVICE_BUSY: "Service busy",
};

/**
 * The REST routes' error body, as the chatbot memory service's clients read it:
 * `error` a short title, `message` what went wrong, `request_id` always (the
 * id of the log lines); `code` the GraphQL error code, `field` the input
 * field when one is to blame.
 */
export function restError(code: string, message: string, requestId: string, extra: { field?: unknown; retry_after_seconds?: unknown } = {}) {
  return {
    error: TITLE[code] ?? "Internal server error",
    code: code in TITLE ? (code.startsWith("GRAPHQL_") ? "BAD_USER_INPUT" : code) : "INTERNAL_SERVER_ERROR",
    message,
    request_id: requestId,
    ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined && v !== null)),
  };
}
