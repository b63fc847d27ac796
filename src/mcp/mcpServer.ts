import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { MemoryContextDocument } from "@mnemograph/client";
import { mcpTools, type EnumValues, type McpTool } from "./tools.js";

/** A GraphQL result as the MCP tools see it. */
export interface GraphQLResult {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * Runs one operation as the MCP client's caller: in the gateway, through
 * Apollo's pipeline with the request's credentials; over stdio, as an HTTP
 * request to a gateway. Either way every check of `/graphql` applies.
 */
export type RunOperation = (document: string, variables: Record<string, unknown>, request?: McpRequest) => Promise<GraphQLResult>;

/** The HTTP request an MCP message came in (Streamable HTTP): its headers carry that request's credentials. Absent over stdio. */
export interface McpRequest {
  requestInfo?: { headers: Record<string, string | string[] | undefined> };
}

export interface McpServerOptions {
  run: RunOperation;
  enums: EnumValues;
  /** Whether the caller may run Cypher (CYPHER_TOOL, cypherTool/requireCypherAccess.ts), when known: cypher_query is listed only then. Unknown: listed, and the gateway decides. */
  cypherAccess?: boolean;
  version: string;
}

const USAGE = `You have a long-term memory (Mnemograph), shared with the other agents of your team as far as you allow.

Before answering anything that depends on the past — what someone said, who a person is, what the team decided — look it up: memory_search for what was said, person_profile or retrieve_context for people, memory_query for what the team knows, memory_context for a ready block to put in your prompt.

After you learn something worth keeping, store it: memory_store with a BELIEF (and how sure you are, 0..1), an INSIGHT, or an EXPERIENCE with its outcome; record_interaction after a conversation. Share what the team should know with memory_share. Every so often, memory_reflect to turn experiences into beliefs.

You are the agent your credentials name (whoami says who, and what you may do): leave agent_id out and it is you.

When something you stored turns out wrong, correct it with memory_update; when a person asks you to forget something, or it must not be kept, memory_forget it (by the id a search or memory_store gave you). Do not store secrets. When your memory and the conversation disagree, say so and prefer the newer, better-evidenced fact.`;

/** The text of a refused or failed call: the gateway's code first, so a model can tell a retry from a mistake. */
function errorResult(errors: NonNullable<GraphQLResult["errors"]>): CallToolResult {
  const text = errors.map((e) => `${String(e.extensions?.code ?? "ERROR")}: ${e.message}`).join("\n");
  return { isError: true, content: [{ type: "text", text }] };
}

async function callTool(run: RunOperation, tool: McpTool, args: Record<string, unknown>, request: McpRequest): Promise<CallToolResult> {
  const result = await run(tool.document, tool.variables(args), request);
  if (result.errors?.length) return errorResult(result.errors);
  const value = result.data?.[tool.field];
  // structuredContent must be an object: a list result travels as { items }.
  const structured = Array.isArray(value) ? { items: value } : (value as Record<string, unknown>);
  return { content: [{ type: "text", text: tool.render(value) }], structuredContent: structured };
}

/** An MCP server whose tools, resource and prompt all run through `run`. One per connection: the stdio process, or a Streamable HTTP session. */
export function createMcpServer({ run, enums, cypherAccess, version }: McpServerOptions): McpServer {
  const server = new McpServer({ name: "mnemograph", version }, { instructions: "Long-term memory for agents: search before answering, store what you learn." });
  for (const tool of mcpTools(enums)) {
    if (tool.cypherAccess && cypherAccess === false) continue;
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, annotations: { readOnlyHint: tool.hints.readOnly, destructiveHint: tool.hints.destructive, idempotentHint: tool.hints.idempotent, openWorldHint: false } },
      (args: Record<string, unknown>, request: McpRequest) => callTool(run, tool, args, request),
    );
  }
  server.registerResource(
    "agent-context",
    new ResourceTemplate("mnemograph://agents/{agentId}/context", { list: undefined }),
    { title: "An agent's memory context", description: "The agent's memory-context block (default token budget), as text.", mimeType: "text/plain" },
    async (uri, { agentId }, request) => {
      const result = await run(String(MemoryContextDocument), { agentId: String(agentId) }, request);
      if (result.errors?.length) throw new Error(result.errors.map((e) => `${String(e.extensions?.code ?? "ERROR")}: ${e.message}`).join("\n"));
      const block = result.data?.memoryContext as { text: string } | undefined;
      return { contents: [{ uri: uri.href, mimeType: "text/plain", text: block?.text ?? "" }] };
    },
  );
  server.registerPrompt(
    "use-memory",
    { title: "How to use your memory", description: "Tells an agent when to look things up and when to store what it learned." },
    () => ({ messages: [{ role: "user", content: { type: "text", text: USAGE } }] }),
  );
  return server;
}
