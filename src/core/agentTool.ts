import type { Mutation, Query } from "../generated/resolvers-types.js";

/**
 * An agent tool, declared once beside its SDL field. The field is the
 * declaration: its description, its arguments with their descriptions and
 * defaults, its result type. This object adds only what SDL cannot say: the
 * tool's one snake_case name, what it does
 * to the store (MCP's annotations), and a short text rendering of its result.
 * The MCP tool is derived from the pair: input schema from the field's
 * arguments, the operation from the field (src/mcp/sdlTools.ts); a tool the
 * retrieveContext loop calls is a retrieval tool (core/retrievalTool.ts) whose
 * declaration carries this part as `agent`. Reading a declaration loads no
 * domain code.
 */

/** A root field of the generated schema a tool can be. */
export type RootField = Exclude<keyof Query | keyof Mutation, "__typename">;
/** The field's value as the schema types it (only the fields the tool's operation selects are there at run time). */
export type RootResult<F extends RootField> = F extends keyof Query ? Query[F] : F extends keyof Mutation ? Mutation[F] : never;

/**
 * What a tool does, from the model's side: a read changes nothing it could
 * see (bookkeeping such as a private trace of a lookup aside); a destructive
 * write removes or replaces what was there; an idempotent one does nothing
 * more when repeated with the same arguments.
 */
export interface ToolHints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
}
export const READ: ToolHints = { readOnly: true, destructive: false, idempotent: true };
export const ADDS: ToolHints = { readOnly: false, destructive: false, idempotent: false };
export const ADDS_ONCE: ToolHints = { readOnly: false, destructive: false, idempotent: true };
/** Replaces what searches return (the earlier text stays in the history). */
export const REPLACES: ToolHints = { readOnly: false, destructive: true, idempotent: false };
/** Removes; doing it again finds nothing and removes nothing more. */
export const REMOVES: ToolHints = { readOnly: false, destructive: true, idempotent: true };

export interface AgentTool<F extends RootField = RootField> {
  /** The tool's one name, snake_case: the MCP tool's and, for a loop tool, the loop's. */
  name: string;
  /** The Query or Mutation field it is (schema/*.graphql). */
  field: F;
  title: string;
  /** Written for a model; the SDL field's description when absent. */
  description?: string;
  /**
   * The field's arguments the tool offers, in this order, by the field's
   * names; `input.channelId` offers a field of an input-object argument at
   * the top level. All of them when absent. A model sees them in snake_case.
   */
  args?: readonly string[];
  /** Descriptions for a model, by snake_case property (`messages.author_id` for a nested one), where the SDL has none or writes for a GraphQL reader. */
  describe?: Readonly<Record<string, string>>;
  /**
   * A number's range for a model, by snake_case property, where the SDL's @constraint does not say it
   * (the resolver checks it) or a model gets less than the field allows (memory_search's limit: its context holds every hit).
   */
  ranges?: Readonly<Record<string, readonly [min: number, max?: number]>>;
  hints: ToolHints;
  /** A short text of the result for the model, beside the structured result. */
  render(value: RootResult<F>): string;
  /** The operation it runs, when the generated one (the field's scalars, two levels deep) is not what a model needs. */
  document?: string;
  /** Runs raw Cypher: listed only to callers CYPHER_TOOL lets run it (cypherTool/requireCypherAccess.ts); the gateway refuses others anyway. */
  cypherAccess?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds tools of different fields
export type AnyAgentTool = AgentTool<any>;

/** Declares an agent tool; only gives TypeScript the chance to check `render` against the field's result. */
export const declareAgentTool = <F extends RootField>(t: AgentTool<F>): AgentTool<F> => t;

/** camelCase → snake_case: `minConfidence` → `min_confidence`, `personAId` → `person_a_id`. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** One line of text, cut to `max` characters with `…`. */
export const clip = (text: unknown, max = 160) => {
  const s = String(text ?? "").replace(/\s+/g, " ").trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};
