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
};

/** The HTTP status of a GraphQL error code (500 for anything unexpected). */
export const httpStatusOf = (code: unknown) => (typeof code === "string" ? (STATUS[code] ?? 500) : 500);
