import { randomUUID } from "node:crypto";
import type { Authenticator, Credentials } from "../auth/authenticate.js";
import type { Caller } from "../core/caller.js";
import { jwtOf } from "../auth/claims.js";
import type { Logger } from "../logging/logger.js";
import type { ConnectionScope, RequestContext } from "../core/requestContext.js";

export interface ContextDeps {
  logger: Logger;
  database: string;
  authenticate: Authenticator;
  /** Entries every request's context carries for the schema to run against this gateway (buildSchema's schemaContext). */
  schemaEntries: object;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The request's id: the client's `x-request-id` when it is a plain id, else a new UUID. */
export const requestIdOf = (given: unknown): string => (typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID());

/** Builds the context of one request from its credentials (HTTP headers or WebSocket connection params). */
export function createContextFactory({ logger, database, authenticate, schemaEntries }: ContextDeps) {
  return async function buildContext(credentials: Credentials, known?: Caller, connection?: ConnectionScope): Promise<RequestContext> {
    const requestId = requestIdOf(credentials["x-request-id"]);
    const caller = known ?? (await authenticate(credentials));
    return {
      ...schemaEntries,
      requestId,
      caller,
      jwt: jwtOf(caller),
      logger: logger.child({ requestId, agent: caller.agentId, tenant: caller.tenantId }),
      sessionConfig: { database },
      ...(connection ? { connection } : {}),
    };
  };
}
