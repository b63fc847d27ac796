import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { Caller } from "../auth/caller.js";
import { AGENT_HEADER, identifyLocalCaller } from "../auth/identifyLocalCaller.js";
import type { Logger } from "../logging/logger.js";

/**
 * Everything a resolver may use, built once per request in one place, for
 * HTTP and WebSocket alike.
 */
export interface RequestContext {
  requestId: string;
  caller: Caller;
  logger: Logger;
  /** Read by @neo4j/graphql: which database its sessions open. */
  sessionConfig: { database: string };
}

export interface ContextDeps {
  logger: Logger;
  database: string;
}

/** Headers of an HTTP request, or connection params of a WebSocket, in one shape. */
export type RequestHeaders = IncomingHttpHeaders | Record<string, unknown>;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

export function createContextFactory({ logger, database }: ContextDeps) {
  return function buildContext(headers: RequestHeaders): RequestContext {
    const given = headers["x-request-id"];
    const requestId = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    const agentHeader = headers[AGENT_HEADER];
    const caller = identifyLocalCaller(typeof agentHeader === "string" ? agentHeader : undefined);
    return { requestId, caller, logger: logger.child({ requestId }), sessionConfig: { database } };
  };
}
