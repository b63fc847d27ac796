import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { countTokens } from "gpt-tokenizer";
import { Kind, type EnumTypeDefinitionNode } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "../../../src/mcp/mcpServer.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

/**
 * What a model reads before its first call: the tools/list answer, as the
 * official SDK client receives it from the server the gateway and the stdio
 * command build (enums from the SDL, as a gateway with introspection gives
 * them). No database: listing runs no operation.
 */
// docs/agent-memory.md states the measured size; the budget leaves room for a description or two, not for a new tool unnoticed.
const TOKEN_BUDGET = 4700;

type JsonSchema = { type?: string; description?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; required?: string[]; anyOf?: JsonSchema[] };
let tools: { name: string; description?: string; inputSchema: JsonSchema; annotations?: Record<string, unknown> }[];
let listJson: string;
let client: Client;

beforeAll(async () => {
  const enums = new Map(
    loadTypeDefs()
      .document.definitions.filter((d): d is EnumTypeDefinitionNode => d.kind === Kind.ENUM_TYPE_DEFINITION)
      .map((d) => [d.name.value, (d.values ?? []).map((v) => v.name.value)]),
  );
  const server = createMcpServer({ run: () => Promise.reject(new Error("listing runs nothing")), enums: (n) => enums.get(n), version: "test" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: "tools-list-test", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const listed = await client.listTools();
  tools = listed.tools as typeof tools;
  listJson = JSON.stringify(listed);
});

afterAll(async () => {
  await client.close();
});

/** Every property of a schema, nested ones included, with its path. */
function properties(schema: JsonSchema, path: string): [string, JsonSchema][] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, p]) => [[`${path}.${name}`, p] as [string, JsonSchema], ...properties(p.items ?? p, `${path}.${name}`)]);
}

describe("tools/list, as a model reads it", () => {
  it("describes every input property of every tool, nested ones included", () => {
    const undescribed = tools.flatMap((t) => properties(t.inputSchema, t.name)).filter(([, p]) => !p.description?.trim()).map(([path]) => path);
    expect(undescribed).toEqual([]);
    expect(tools.every((t) => (t.description ?? "").length > 20)).toBe(true);
  });

  it("requires only what the gateway requires: agent_id never (it is the caller), an INSIGHT's category neither", () => {
    const required = Object.fromEntries(tools.map((t) => [t.name, t.inputSchema.required ?? []]));
    for (const t of tools) expect(required[t.name], t.name).not.toContain("agent_id");
    expect(required.memory_store).toEqual(["content"]);
    expect(required.memory_forget).toEqual(["id"]);
    expect(required.memory_update!.sort()).toEqual(["content", "id"]);
    expect(required.whoami).toEqual([]);
  });

  it("annotates each tool from what it does: lookups read-only (retrieve_context included), forget and update destructive, forget idempotent", () => {
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    for (const name of ["memory_search", "memory_context", "memory_query", "retrieve_context", "person_profile", "recent_turns", "whoami"]) {
      expect(hints[name], name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
    for (const name of ["memory_store", "record_interaction", "memory_reflect", "start_game_session"]) {
      expect(hints[name], name).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    }
    expect(hints.memory_forget).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hints.memory_update).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(hints.memory_share).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(tools.every((t) => t.annotations?.openWorldHint === false)).toBe(true);
  });

  it(`stays within ${TOKEN_BUDGET} tokens (o200k_base), all tools listed`, () => {
    const tokens = countTokens(listJson);
    console.info(`tools/list: ${tools.length} tools, ${listJson.length} characters, ${tokens} tokens (o200k_base)`);
    expect(tokens).toBeLessThanOrEqual(TOKEN_BUDGET);
  });
});
