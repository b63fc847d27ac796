import { z } from "zod";
import type { RequestContext } from "./requestContext.js";
import { instant, limit, list, MAX_LIMIT, MAX_TEXT, oneOf, optionalText, text, unit } from "./args.js";
import { idArg } from "./idArgs.js";
import type { QueryResolvers, ResolverFn } from "../generated/resolvers-types.js";
import { snakeCase, type AgentTool } from "./agentTool.js";
import type { CypherFieldHook, CypherFieldHooks } from "./cypherFieldHook.js";
import type { AppDeps } from "./appDeps.js";
import type { SchemaFacts } from "./schemaFacts.js";

export { snakeCase };

/** A Query field of the generated schema. */
export type QueryField = keyof QueryResolvers & string;
/** What the generated resolver types say `F` resolves to (codegen from the schema clients see). */
export type FieldResult<F extends QueryField> = NonNullable<QueryResolvers[F]> extends infer R ? (R extends ResolverFn<infer T, never, never, never> ? Awaited<T> : R extends { resolve: ResolverFn<infer T, never, never, never> } ? Awaited<T> : never) : never;

/**
 * A retrieval tool, declared once: its one name, the GraphQL query field it
 * is, its arguments with their defaults and caps, its implementation, and —
 * when the retrieveContext loop may call it — the description and arguments a
 * model sees. The schema wiring, the LLM planner's tool list, the
 * deterministic planner and the MCP tool all read this one declaration
 * (docs/contributing.md).
 */

/** One argument: how the resolver reads it (BAD_USER_INPUT naming the field), and the same rule for a model. */
export interface ToolArg<T> {
  read(field: string, value: unknown): T;
  /** The rule as a JSON-schema-able zod type, optional when the argument is. */
  model: z.ZodType;
  /** The default the SDL must declare for this argument (tests/unit/core/toolDeclarations.test.ts). */
  sdlDefault?: number | boolean;
}

const opt = (t: z.ZodType) => t.optional();

/** The argument kinds the tools use; each reads with core/args.ts, so messages are the same everywhere. */
export const arg = {
  /** Non-blank free text (a skill, a query), trimmed. */
  text: (max = MAX_TEXT): ToolArg<string> => ({ read: (f, v) => text(f, v, max), model: z.string().min(1).max(max) }),
  optionalText: (max = MAX_TEXT): ToolArg<string | null> => ({ read: (f, v) => optionalText(f, v, max), model: opt(z.string().max(max)) }),
  /** A node id given by a caller (a person id). */
  id: (): ToolArg<string> => ({ read: (f, v) => text(f, v, 128), model: z.string().min(1).max(128) }),
  /** An agent, channel or task id: the gateway's id pattern. */
  agentId: (): ToolArg<string> => ({ read: idArg, model: z.string().min(1).max(128) }),
  /** An agent, channel or task id: the gateway's id pattern; absent gives null. */
  optionalAgentId: (): ToolArg<string | null> => ({ read: (f, v) => (v ? idArg(f, v) : null), model: opt(z.string().max(128)) }),
  /** How many results, 1..max, `fallback` when absent. */
  limit: (fallback: number, max = MAX_LIMIT): ToolArg<number> => ({ read: (f, v) => limit(f, v, fallback, max), model: opt(z.number().int().min(1).max(max)), sdlDefault: fallback }),
  /** A number in 0..1 (confidence, similarity), `fallback` when absent. */
  unit: (fallback: number): ToolArg<number> => ({ read: (f, v) => unit(f, v, fallback), model: opt(z.number().min(0).max(1)), sdlDefault: fallback }),
  /** An ISO-8601 instant (asOf), as an ISO string in UTC; absent gives null. */
  instant: (): ToolArg<string | null> => ({ read: instant, model: opt(z.string().max(40)) }),
  /** Some of a closed set of names, upper-cased; absent gives all of them. */
  someOf: (allowed: readonly string[]): ToolArg<string[]> => ({
    read: (f, v) => list(f, v, allowed.length, (g, x) => oneOf(g, x, allowed)) ?? [...allowed],
    model: opt(z.array(z.string().max(100)).max(allowed.length)),
  }),
  /** A switch; anything but `true` is off. */
  flag: (fallback: false): ToolArg<boolean> => ({ read: (_f, v) => v === true, model: opt(z.boolean()), sdlDefault: fallback }),
  /** An argument the implementation checks itself (it needs the app's schema facts, or it is an input object). */
  checkedInside: (model: z.ZodType = opt(z.unknown())): ToolArg<unknown> => ({ read: (_f, v) => v, model }),
};

export type ArgSpecs = Record<string, ToolArg<unknown>>;
export type ArgValues<S extends ArgSpecs> = { [K in keyof S]: S[K] extends ToolArg<infer T> ? T : never };

/** Reads every declared argument in declaration order: the first broken rule is the error. */
export function readArgs<S extends ArgSpecs>(field: string, specs: S, args: Record<string, unknown>): ArgValues<S> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) out[name] = spec.read(`${field}.${name}`, args[name]);
  return out as ArgValues<S>;
}

/** The conversation a retrieveContext run is about, as far as a tool needs it. */
export interface LoopConversation {
  messages: readonly { authorId: string | null; authorName: string | null; content: string }[];
}

/** The things the deterministic planner (no model) asks about; the term is the tool's first model argument. */
export type NamedThing = "organization" | "skill" | "location" | "topic" | "projectOrEvent";

/** What the deterministic planner uses a tool for. */
export type PlannerRole =
  | { use: "profile" } // the person id is the first argument
  | { use: "named"; thing: NamedThing }
  | { use: "participants" }
  | { use: "between" } // the two person ids are the first two arguments
  | { use: "factsByMeaning" } // the query is the first argument
  | { use: "snippetsByMeaning"; limit: number }; // query, limit

/** How the retrieveContext loop offers a tool to a model (under the declaration's `name`). */
export interface LoopExposure<S extends ArgSpecs> {
  /**
   * Names the loop used before the tool took its MCP name, still accepted from a model or a
   * stored plan and reported under `name`; never offered (docs/retrieve-context.md).
   */
  deprecatedNames?: readonly string[];
  /** Written for a model: what it returns and when to use it. */
  description: string;
  /** The field's arguments the model gives, in this order; it sees them in snake_case with the same rules. */
  args?: (keyof S & string)[];
  /** Or arguments of the model's own, mapped to the field's (memory_search: a query into a search input). */
  own?: { args: ArgSpecs; toField(modelArgs: Record<string, unknown>): Record<string, unknown> };
  /** Field arguments taken from the conversation instead of the model. */
  fromConversation?: (conversation: LoopConversation) => Record<string, unknown>;
  planner?: PlannerRole;
}

export interface ToolDeclaration<D, S extends ArgSpecs, F extends QueryField = QueryField> {
  /**
   * The tool's one name, snake_case: the loop's tool, the MCP tool, the run's trace
   * (`queriesExecuted[].tool`) and its metrics all use it. Where the loop and MCP once
   * named a tool apart, the MCP name is this one (clients depend on it).
   */
  name: string;
  /** The Query field (schema/*.graphql declares it, with the same arguments and defaults). */
  field: F;
  args: S;
  /**
   * The implementation, given the domain's dependencies once at start-up. It may be loaded then
   * (a promise, from a dynamic import): a declaration then costs nothing to read, so the stdio MCP
   * server, which only names and describes tools, loads no domain code.
   */
  implement?(deps: D): ToolRun<S, F> | Promise<ToolRun<S, F>>;
  /**
   * Set instead of `implement` when the tool's work is one Cypher statement: the SDL declares
   * the field with `@cypher` and @neo4j/graphql runs it (the declared arguments are checked by
   * the field's hook, cypherToolHooks). A server-side caller (the retrieveContext loop) runs the
   * field through GraphQL with this selection, the result the tool's readers take.
   */
  cypher?: {
    selection: string;
    /**
     * Values the statement reads beside its arguments, which the field's hook gives it as
     * cypherParams once the declared arguments are read (every statement also gets `$now`, the
     * gateway's clock, ISO-8601): what only TypeScript reads from an argument, and checks that
     * need the gateway's schema (its fact types); a check's BAD_USER_INPUT is the field's. A
     * promise, so the declaration can load it when it runs, as `implement` does.
     */
    params?(args: ArgValues<S>, schema: SchemaFacts): Promise<Record<string, unknown>>;
  };
  loop?: LoopExposure<S>;
  /** Offered to agents over MCP too: its name, annotations and rendering (core/agentTool.ts); the input comes from the SDL field. */
  agent?: Omit<AgentTool<F>, "field" | "name">;
}

export type ToolRun<S extends ArgSpecs, F extends QueryField> = (args: ArgValues<S>, ctx: RequestContext) => Promise<FieldResult<F>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds tools of different argument shapes
export type AnyToolDeclaration<D = any> = ToolDeclaration<D, any>;

/** Declares a tool; only gives TypeScript the chance to check the implementation against the arguments. */
export const declareTool = <D, S extends ArgSpecs, F extends QueryField>(t: ToolDeclaration<D, S, F>): ToolDeclaration<D, S, F> => t;

export type FieldResolver = (parent: unknown, args: Record<string, unknown>, ctx: RequestContext) => Promise<unknown>;

/** The Query resolvers of a domain's tools: each reads its declared arguments, then runs. */
export function toolResolvers<D>(tools: readonly AnyToolDeclaration<D>[], deps: D): Record<string, FieldResolver> {
  const out: Record<string, FieldResolver> = {};
  for (const t of tools) {
    // A @cypher field: @neo4j/graphql resolves it (its arguments are checked by cypherToolHooks).
    if (!t.implement) continue;
    // Loaded now, at start-up, whether the implementation comes at once or from a dynamic import.
    const run = Promise.resolve(t.implement(deps));
    run.catch(() => {}); // a failed load is the first call's error, not an unhandled rejection at start
    out[t.field] = async (_parent, args, ctx) => (await run)(readArgs(t.field, t.args, args ?? {}), ctx);
  }
  return out;
}

/** The arguments a model gives to a loop tool, by their snake_case names, with their rules. */
export function modelArgs(t: AnyToolDeclaration): Record<string, ToolArg<unknown>> {
  const loop = t.loop;
  if (!loop) return {};
  if (loop.own) return Object.fromEntries(Object.entries(loop.own.args).map(([k, v]) => [snakeCase(k), v]));
  return Object.fromEntries((loop.args ?? []).map((k: string) => [snakeCase(k), t.args[k]!]));
}

/** The field arguments for a model's (already checked) arguments. */
export function fieldArgs(t: AnyToolDeclaration, given: Record<string, unknown>, conversation: LoopConversation): Record<string, unknown> {
  const loop = t.loop;
  if (!loop) throw new Error(`${t.field} is not a loop tool`);
  const fromConversation = loop.fromConversation?.(conversation) ?? {};
  if (loop.own) {
    const own = readArgs(t.name, loop.own.args, Object.fromEntries(Object.keys(loop.own.args).map((k) => [k, given[snakeCase(k)]])));
    return { ...loop.own.toField(own), ...fromConversation };
  }
  return { ...Object.fromEntries((loop.args ?? []).map((k: string) => [k, given[snakeCase(k)]])), ...fromConversation };
}


/**
 * The hooks of the tools that are @cypher fields (core/cypherFieldHook.ts):
 * each reads its declared arguments as a hand-written tool's resolver would
 * (BAD_USER_INPUT naming the argument and the limit) before the statement
 * runs, then gives the statement the gateway's clock (`$now`) and the
 * declaration's own values (`cypher.params`).
 */
export function cypherToolHooks(tools: readonly AnyToolDeclaration[], { schema, now }: Pick<AppDeps, "schema" | "now">): CypherFieldHooks {
  const hook = (t: AnyToolDeclaration): CypherFieldHook => async (run, args, context) => {
    const read = readArgs(t.field, t.args, args);
    const own = (await t.cypher?.params?.(read, schema)) ?? {};
    return run({ ...context, cypherParams: { now: now().toISOString(), ...own } });
  };
  return Object.fromEntries(tools.filter((t) => t.cypher).map((t) => [t.field, hook(t)]));
}
