import { randomUUID } from "node:crypto";
import { DEFAULT_RETRY_POLICY, knowledgeFeed, type TokenSource } from "@mnemograph/client";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import express from "express";
import { isEnumType, type GraphQLSchema } from "graphql";
import WebSocket from "ws";
import { AGENT_HEADER } from "../auth/identifyLocalCaller.js";
import type { ApiKeyExchange, IssuedToken } from "../apiKeys/index.js";
import type { CypherToolMode, McpConfig } from "../config/config.js";
import { mayRunCypher } from "../cypherTool/index.js";
import type { Caller } from "../core/caller.js";
import type { McpEndpoint, McpEndpointIo } from "../server/gateway.js";
import { attachFeedResource } from "./feedResource.js";
import { createMcpServer } from "./mcpServer.js";
import { McpSessions, sessionOwner, type SessionEntry } from "./mcpSessions.js";
import type { EnumValues } from "./tools.js";

export interface McpRouteOptions {
  /** API key → token (`/auth/token`'s exchange, cached); null when the gateway cannot sign tokens. */
  exchangeApiKey?: ApiKeyExchange | null;
  now?: () => number;
  /** Who may run Cypher (CYPHER_TOOL): decides whether a session lists cypher_query. Unknown: listed, and the gateway decides. */
  cypherTool?: CypherToolMode;
}

/**
 * Puts `token` where the request's credentials are read: its parsed headers
 * and its raw header list (the transport builds the tools' request info from
 * the raw list), the key taken out of both.
 */
function useBearer(req: express.Request, token: string): void {
  req.headers.authorization = `Bearer ${token}`;
  delete req.headers["x-api-key"];
  const raw: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    if (name !== "authorization" && name !== "x-api-key") raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  raw.push("authorization", `Bearer ${token}`);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
}

/** The enum values of the served schema: the MCP tools' enums come from the SDL. */
export function schemaEnums(schema: GraphQLSchema): EnumValues {
  return (name) => {
    const type = schema.getType(name);
    return isEnumType(type) ? type.getValues().map((v) => v.name) : undefined;
  };
}

interface HttpSession extends SessionEntry {
  transport: StreamableHTTPServerTransport;
  /** The credentials of the session's latest request: its feed subscriptions connect with them. */
  credentials: Record<string, string>;
  /** The API key the session's latest request carried, if any: a feed reconnecting after its token expired exchanges it again. */
  apiKey: string | null;
}

/**
 * An API key sent where a token goes: `Authorization: ApiKey mk_…`,
 * `Authorization: Bearer mk_…` (desktop clients often let one set only a
 * bearer header; a JWT never starts with `mk_`) or `x-api-key`.
 */
function apiKeyOf(headers: express.Request["headers"]): string | null {
  const match = /^(?:ApiKey|Bearer)\s+(mk_\S+)$/i.exec(headers.authorization?.trim() ?? "");
  const header = headers["x-api-key"];
  return match?.[1] ?? (typeof header === "string" ? header : null);
}

/** A JSON-RPC error answered before MCP sees the request (no id: the request was not read). */
function refuse(res: express.Response, status: number, code: string, message: string, data: Record<string, unknown> = {}) {
  res.status(status).json({ jsonrpc: "2.0", error: { code: -32001, message, data: { code, ...data } }, id: null });
}

/** Only what authenticates: a feed's socket carries no other header of the request. */
function credentialsOf(headers: express.Request["headers"]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ["authorization", AGENT_HEADER]) {
    const value = headers[name];
    if (typeof value === "string") kept[name] = value;
  }
  return kept;
}

/**
 * `/mcp`: the Streamable HTTP transport with sessions. Every request is
 * authenticated like `/graphql` (UNAUTHENTICATED → 401 before anything runs).
 * `initialize` (a POST without Mcp-Session-Id) opens a session owned by its
 * caller (tenant, agent, operator or not); every later request with that id
 * must come from the same caller, else 403. An unknown or expired id is 404,
 * as the protocol says, so the client initializes again. Tools run with the
 * credentials of the request that calls them, through Apollo's pipeline: the
 * same limits, rates and access rules as GraphQL. POST answers are plain JSON
 * (clients that only POST work); GET opens the session's stream, where feed
 * notifications go; DELETE ends the session. Sessions are bounded: idle ones
 * close after `sessionIdleSeconds`, and a caller holds at most
 * `maxSessionsPerCaller` (one more is refused with 429). A client that can
 * only send a fixed header (a desktop app's configuration) may send an API
 * key instead of a token: it is exchanged as `/auth/token` does, and the
 * request goes on with the token.
 */
export function mcpRoute(schema: GraphQLSchema, version: string, config: McpConfig, { exchangeApiKey = null, now = Date.now, cypherTool }: McpRouteOptions = {}) {
  const enums = schemaEnums(schema);
  return ({ execute, authenticate, graphqlUrl }: McpEndpointIo): McpEndpoint => {
    const sessions = new McpSessions<HttpSession>({ idleMs: config.sessionIdleSeconds * 1000, maxPerCaller: config.maxSessionsPerCaller }, now);
    const sweep = setInterval(() => void Promise.allSettled(sessions.takeIdle().map((s) => s.close())), Math.min(config.sessionIdleSeconds * 500, 60_000));
    sweep.unref();

    const open = async (caller: Caller, key: string | null, req: express.Request, res: express.Response) => {
      const owner = sessionOwner(caller);
      const slot = sessions.reserve(owner);
      if (!slot) {
        return refuse(res, 429, "MCP_SESSION_LIMIT", `This caller already holds ${config.maxSessionsPerCaller} MCP sessions: end one (DELETE /mcp) or let it expire`, {
          field: "MCP_MAX_SESSIONS_PER_CALLER",
          limit: config.maxSessionsPerCaller,
        });
      }
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        enableJsonResponse: true,
        onsessioninitialized: (id) => slot.fill(id, entry),
        onsessionclosed: (id) => sessions.remove(id),
      });
      const server = createMcpServer({
        run: (document, variables, request) => execute(request?.requestInfo?.headers ?? entry.credentials, document, variables),
        enums,
        cypherAccess: cypherTool === undefined ? undefined : mayRunCypher(cypherTool, caller),
        version,
      });
      // The session's credentials, renewed by each of its requests: what a feed's socket (re)connects with.
      const tokens: TokenSource = {
        headers: async () => {
          const issued = entry.apiKey && exchangeApiKey ? await exchangeApiKey(entry.apiKey) : null;
          return issued ? { authorization: `Bearer ${issued.token}` } : entry.credentials;
        },
        renew: async () => false,
        claims: async () => undefined,
      };
      const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
      const feeds = attachFeedResource(server, (agentId) =>
        knowledgeFeed({ url: graphqlUrl(), tokens, webSocketImpl: WebSocket, retry: DEFAULT_RETRY_POLICY, sleep }, { agentId, maxReconnects: Infinity }),
      );
      const entry: HttpSession = {
        owner,
        transport,
        lastUsed: now(),
        openStreams: 0,
        credentials: credentialsOf(req.headers),
        apiKey: key,
        async close() {
          await transport.close();
        },
      };
      // However it ends (DELETE, idle, shutdown): its feeds and server end with it.
      transport.onclose = () => {
        if (transport.sessionId) sessions.remove(transport.sessionId);
        void feeds.close();
      };
      try {
        await server.connect(transport);
        await transport.handleRequest(req, res, req.body);
      } finally {
        // An initialize that did not give a session (refused, or failed) frees its place.
        slot.release();
      }
    };

    const router = express.Router();
    router.all("/", async (req, res, next) => {
      if (!["GET", "POST", "DELETE"].includes(req.method)) {
        res.setHeader("Allow", "GET, POST, DELETE");
        return refuse(res, 405, "METHOD_NOT_ALLOWED", "MCP over Streamable HTTP: POST messages, GET the session's stream, DELETE the session");
      }
      const key = apiKeyOf(req.headers);
      if (key !== null) {
        let issued: IssuedToken | null;
        try {
          issued = exchangeApiKey ? await exchangeApiKey(key) : null;
        } catch (err) {
          return next(err);
        }
        if (!issued) return refuse(res, 401, "UNAUTHENTICATED", exchangeApiKey ? "Unknown or revoked API key" : "API keys need JWT_SECRET: this gateway only verifies tokens");
        // From here on the request is what /auth/token would have made of it: the tools run with this token.
        useBearer(req, issued.token);
      }
      let caller: Caller;
      try {
        caller = await authenticate(req.headers);
      } catch (err) {
        return refuse(res, 401, "UNAUTHENTICATED", (err as Error).message);
      }
      try {
        const id = req.headers["mcp-session-id"];
        if (typeof id !== "string") {
          if (req.method === "POST" && isInitializeRequest(req.body)) return await open(caller, key, req, res);
          return refuse(res, 400, "MCP_SESSION_REQUIRED", "No Mcp-Session-Id: send initialize first, then that session's id with every request");
        }
        const session = sessions.get(id);
        if (!session) return refuse(res, 404, "MCP_SESSION_NOT_FOUND", "No such MCP session (ended or expired): initialize a new one");
        // Another caller holding the id is refused outright: a session's subscriptions and tools list are its owner's.
        if (session.owner !== sessionOwner(caller)) return refuse(res, 403, "MCP_SESSION_FORBIDDEN", "This MCP session belongs to another caller: initialize your own");
        session.credentials = credentialsOf(req.headers);
        session.apiKey = key;
        sessions.touch(session);
        if (req.method === "GET") {
          session.openStreams++;
          res.on("close", () => {
            session.openStreams--;
            sessions.touch(session);
          });
        }
        await session.transport.handleRequest(req, res, req.body);
      } catch (err) {
        next(err);
      }
    });
    return {
      router,
      async close() {
        clearInterval(sweep);
        await Promise.allSettled(sessions.takeAll().map((s) => s.close()));
      },
    };
  };
}
