import type { Logger } from "../logging/logger.js";
import type { Caller } from "./caller.js";

/** The JWT @neo4j/graphql's @authorization rules read (`$jwt.sub`, `$jwt.tenant`, `$jwt.roles`). */
export interface CallerJwt {
  sub: string;
  tenant: string;
  roles: string[];
}

/**
 * The WebSocket connection an operation came over, as resolvers see it: they
 * may leave work to do when it closes (game sessions started on it are
 * abandoned). Absent from the context of HTTP requests.
 */
export interface ConnectionScope {
  onClose(hook: () => Promise<unknown> | unknown): void;
}

/**
 * Everything a resolver may use, built once per request by the transport
 * (server/context.ts), for HTTP and WebSocket alike. It sits here, below the
 * domains, so that no feature imports the transport to read its caller.
 */
export interface RequestContext {
  requestId: string;
  caller: Caller;
  logger: Logger;
  /** The verified identity as @neo4j/graphql's @authorization rules read it. */
  jwt: CallerJwt;
  /** Read by @neo4j/graphql: which database its sessions open. */
  sessionConfig: { database: string };
  /** The WebSocket the operation came over (absent over HTTP): resolvers may leave work for when it closes. */
  connection?: ConnectionScope;
  /**
   * The operation's variables as the client sent them, before GraphQL filled in
   * input defaults (set by the operation guard for every transport): to tell
   * a value the client chose from a default (schema/explicitInput.ts).
   */
  rawVariables?: Readonly<Record<string, unknown>>;
}
