import { randomUUID } from "node:crypto";
import type { Authenticator, Credentials } from "../auth/authenticate.js";
import type { Caller } from "../auth/caller.js";
import { jwtOf } from "../auth/claims.js";
import type { Logger } from "../logging/logger.js";
import type { ConnectionScope } from "./connectionScope.js";

/**
 * Everything a resolver may use, built once per request in one place, for
 * HTTP and WebSocket alike.
 */
export interface RequestContext {
  requestId: string;
  caller: Caller;
  logger: Logger;
  /** The verified identity as @neo4j/graphql's @authorization rules read it. */
  jwt: ReturnType<typeof jwtOf>;
  /** Read by @neo4j/graphql: which database its sessions open. */
  sessionConfig: { database: string };
  /** The WebSocket the operation came over (absent over HTTP): resolvers may leave work for when it closes. */
  connection?: ConnectionScope;
}

export interface ContextDeps {
  logger: Logger;
  database: string;
  authenticate: Authenticator;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Builds the context of one request from its credentials (HTTP headers or WebSocket connection params). */
export function createContextFactory({ logger, database, authenticate }: ContextDeps) {
  return async function buildContext(credentials: Credentials, known?: Caller, connection?: ConnectionScope): Promise<RequestContext> {
    const given = credentials["x-request-id"];
    const requestId = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    const caller = known ?? (await authenticate(credentials));
    return {
      requestId,
      caller,
      jwt: jwtOf(caller),
      logger: logger.child({ requestId, agent: caller.agentId, tenant: caller.tenantId }),
      sessionConfig: { database },
      ...(connection ? { connection } : {}),
    };
  };
}
