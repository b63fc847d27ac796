import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import express from "express";
import { isEnumType, type GraphQLSchema } from "graphql";
import type { Authenticator } from "../auth/authenticate.js";
import type { Caller } from "../core/caller.js";
import type { ExecuteOperation } from "../server/rest/restRoutes.js";
import { createMcpServer } from "./mcpServer.js";
import type { EnumValues } from "./tools.js";

/** The enum values of the served schema: the MCP tools' enums come from the SDL. */
export function schemaEnums(schema: GraphQLSchema): EnumValues {
  return (name) => {
    const type = schema.getType(name);
    return isEnumType(type) ? type.getValues().map((v) => v.name) : undefined;
  };
}

/** A JSON-RPC error answered before MCP sees the request (no id: the request was not read). */
function refuse(res: express.Response, status: number, code: string, message: string) {
  res.status(status).json({ jsonrpc: "2.0", error: { code: -32001, message, data: { code } }, id: null });
}

/**
 * `POST /mcp`: the Streamable HTTP transport, stateless. Each request is
 * authenticated like `/graphql` (UNAUTHENTICATED → 401 before anything runs)
 * and gets its own MCP server whose tools run GraphQL operations with the
 * request's credentials, through Apollo's pipeline: the same limits, rates
 * and access rules. With no session there is no server-to-client stream, so
 * GET and DELETE answer 405.
 */
export function mcpRoute(schema: GraphQLSchema, version: string) {
  const enums = schemaEnums(schema);
  return (execute: ExecuteOperation, authenticate: Authenticator): express.Router => {
    const router = express.Router();
    router.post("/", async (req, res, next) => {
      let caller: Caller;
      try {
        caller = await authenticate(req.headers);
      } catch (err) {
        return refuse(res, 401, "UNAUTHENTICATED", (err as Error).message);
      }
      const server = createMcpServer({ run: (document, variables) => execute(req.headers, document, variables), enums, operator: caller.operator === true, version });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on("close", () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(req, res, req.body);
      } catch (err) {
        next(err);
      }
    });
    router.all("/", (_req, res) => {
      res.setHeader("Allow", "POST");
      refuse(res, 405, "METHOD_NOT_ALLOWED", "This MCP endpoint is stateless: send JSON-RPC requests with POST");
    });
    return router;
  };
}
