import type { z } from "zod";
import type { AnyAgentTool, ToolHints } from "../core/agentTool.js";
import type { AnyToolDeclaration } from "../core/retrievalTool.js";
import { loadTypeDefs } from "../schema/loadTypeDefs.js";
// The declarations alone (each domain's tools.ts): their implementations are loaded by the gateway, never here.
import { ACCESS_AGENT_TOOLS } from "../auth/tools.js";
import { BELIEF_AGENT_TOOLS } from "../beliefs/tools.js";
import { CYPHER_AGENT_TOOLS } from "../cypherTool/tools.js";
import { FORGET_AGENT_TOOLS } from "../forget/tools.js";
import { GAME_AGENT_TOOLS } from "../game/tools.js";
import { KNOWLEDGE_AGENT_TOOLS } from "../knowledge/tools.js";
import { MEMORY_AGENT_TOOLS } from "../memory/tools.js";
import { MESSAGE_TOOLS } from "../messages/tools.js";
import { PEOPLE_TOOLS } from "../people/tools.js";
import { RETRIEVE_AGENT_TOOLS } from "../retrieveContext/tools.js";
import { SEARCH_TOOLS } from "../search/tools.js";
import { SdlIndex, sdlTool, type EnumValues } from "./sdlTools.js";

export type { EnumValues, ToolHints };

/** A retrieval tool's MCP tool, under the declaration's one name, when it has an agent part. */
const agentPart = (t: AnyToolDeclaration): AnyAgentTool[] => (t.agent ? [{ ...t.agent, name: t.name, field: t.field }] : []);

/**
 * Every agent tool, in the order an MCP client lists them: each declared once
 * beside its SDL field (core/agentTool.ts), the retrieval tools' agent part
 * with their loop part (core/retrievalTool.ts).
 */
export const AGENT_TOOLS: readonly AnyAgentTool[] = [
  ...BELIEF_AGENT_TOOLS,
  ...SEARCH_TOOLS.flatMap(agentPart),
  ...MEMORY_AGENT_TOOLS,
  ...KNOWLEDGE_AGENT_TOOLS,
  ...RETRIEVE_AGENT_TOOLS,
  ...PEOPLE_TOOLS.flatMap(agentPart),
  ...MESSAGE_TOOLS.flatMap(agentPart),
  ...FORGET_AGENT_TOOLS,
  ...ACCESS_AGENT_TOOLS,
  ...GAME_AGENT_TOOLS,
  ...CYPHER_AGENT_TOOLS,
];

/**
 * A tool as an MCP client sees it. Each runs one GraphQL operation as the
 * caller, so an MCP call meets exactly the checks a GraphQL request meets. The
 * input schema is the SDL field's arguments in snake_case (src/mcp/sdlTools.ts):
 * types, enums and ranges; the gateway checks every size limit itself and its
 * refusal (BAD_USER_INPUT naming the field and the limit) reaches the model as
 * the tool's error.
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  /** The operation it runs and the root field whose value is the result. */
  document: string;
  field: string;
  variables(args: Record<string, unknown>): Record<string, unknown>;
  /** A short text for the model beside the structured result. */
  render(value: unknown): string;
  /** What it does to the store, for MCP's annotations (readOnlyHint, destructiveHint, idempotentHint). */
  hints: ToolHints;
  /** Runs raw Cypher: listed only to callers CYPHER_TOOL lets run it; the gateway refuses others anyway. */
  cypherAccess?: boolean;
}

let sdl: SdlIndex | undefined;

/** The MCP tools, from the declarations and the SDL (enums from the served schema when known). */
export function mcpTools(enums: EnumValues): readonly McpTool[] {
  sdl ??= new SdlIndex(loadTypeDefs().document);
  const index = sdl;
  return AGENT_TOOLS.map((t) => {
    const derived = sdlTool(index, t, enums);
    return {
      name: t.name,
      title: t.title,
      description: derived.description,
      input: derived.input,
      document: derived.document,
      field: t.field,
      variables: derived.variables,
      render: t.render as (value: unknown) => string,
      hints: t.hints,
      cypherAccess: t.cypherAccess,
    };
  });
}
