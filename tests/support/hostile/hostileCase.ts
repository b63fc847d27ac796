import type { Driver } from "neo4j-driver";
import type { ErrorCode } from "../../../src/errors/errors.js";
import type { Answer } from "./hostileClient.js";
import type { Fixture } from "./seedFixture.js";

export type Tenant = "T1" | "T2";
export type Variables = Record<string, unknown>;

/**
 * Who sends a case: an agent of a tenant (each case gets an agent id of its
 * own, so whatever it writes is its own), or a raw Authorization header.
 */
export type Sender = { tenant: Tenant; admin: boolean } | { authorization: string | null };

/** A well-formed GraphQL request; variables may name fixture ids. */
export interface OperationRequest {
  query: string;
  variables?: Variables | ((fx: Fixture) => Variables);
  operationName?: string;
}

/** A request whose bytes are the attack: sent exactly as written. */
export interface RawRequest {
  rawBody: string;
  method?: "GET" | "POST";
  contentType?: string;
  /** Query string for GET requests. */
  search?: string;
  /** Extra headers (besides the sender's Authorization). */
  headers?: Record<string, string>;
}

/** The outcome a case must have: an error code (with status, message, field) or no error. */
export interface Expected {
  code: ErrorCode | "no error";
  status?: number;
  message?: RegExp;
  field?: string | RegExp;
}

/** What a case's own assertion may use after the request. */
export interface CaseContext {
  fx: Fixture;
  driver: Driver;
  /** The agent id the case acted as. */
  agentId: string;
  /** Sends a follow-up operation as the same sender (to read back or clean up through the API). */
  gql(query: string, variables?: Variables): Promise<Answer>;
}

/**
 * One row of the hostile-input table. After it runs, the graph's fingerprint
 * must equal the one taken before it: a case that legitimately writes must
 * undo its write through the API in `check`.
 */
export interface HostileCase {
  name: string;
  send: OperationRequest | RawRequest;
  /** Defaults to an admin of tenant T1. */
  as?: Sender;
  expect: Expected;
  check?(answer: Answer, ctx: CaseContext): Promise<void> | void;
  /** The product change this case waits for; it fails until that lands. */
  awaits?: string;
}

/** Shorthand for a GraphQL row. */
export function row(
  name: string,
  query: string,
  variables: OperationRequest["variables"],
  expect: Expected,
  extra: Omit<HostileCase, "name" | "send" | "expect"> = {},
): HostileCase {
  return { name, send: { query, ...(variables ? { variables } : {}) }, expect, ...extra };
}

export const NO_ERROR: Expected = { code: "no error" };
export const bad = (message?: RegExp, field?: string | RegExp, status?: number): Expected => ({
  code: "BAD_USER_INPUT",
  ...(message ? { message } : {}),
  ...(field ? { field } : {}),
  ...(status ? { status } : {}),
});
