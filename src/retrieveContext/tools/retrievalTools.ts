import { z } from "zod";
import type { GraphQLSchema } from "graphql";
import { runQueryField } from "../../graph/runQueryField.js";
import type { RequestContext } from "../../core/requestContext.js";
import { fieldArgs, modelArgs, type AnyToolDeclaration, type FieldResolver } from "../../core/retrievalTool.js";
import { MESSAGE_TOOLS } from "../../messages/index.js";
import { PEOPLE_TOOLS } from "../../people/index.js";
import { SEARCH_TOOLS } from "../../search/index.js";
import type { RetrieveRequest } from "../request.js";

/** Every declared retrieval tool; those with a `loop` part are offered to the loop. */
export const RETRIEVAL_TOOLS: readonly AnyToolDeclaration[] = [...PEOPLE_TOOLS, ...SEARCH_TOOLS, ...MESSAGE_TOOLS];

/** The GraphQL resolvers the tools call, by field: the same checks, the same access rules as over the API. */
export type ToolResolvers = Record<string, FieldResolver>;

/** The tools' resolvers out of the API's Query resolvers, so the loop runs exactly what a GraphQL query runs. */
export function toolResolversOf(query: Readonly<Record<string, unknown>>): ToolResolvers {
  const out: ToolResolvers = {};
  for (const t of RETRIEVAL_TOOLS) {
    if (t.cypher) continue; // run through GraphQL (retrievalTools)
    const resolver = query[t.field];
    if (typeof resolver !== "function") throw new Error(`Query.${t.field} has no resolver`);
    out[t.field] = resolver as FieldResolver;
  }
  return out;
}

/** What a tool runs with besides its arguments. */
export interface ToolRun {
  ctx: RequestContext;
  request: RetrieveRequest;
  /** The schema the request runs on: a tool that is a @cypher field runs as a GraphQL query of it (a run without one cannot call such a tool). */
  schema?: GraphQLSchema;
}

/** A tool of the loop: its name and JSON schema as the model sees them, and how it runs. */
export interface RetrievalTool {
  name: string;
  /** Older names a call may still use (LoopExposure.deprecatedNames): never offered to a model, reported under `name`. */
  deprecatedNames?: readonly string[];
  description: string;
  input: z.ZodType<Record<string, unknown>>;
  run(args: Record<string, unknown>, run: ToolRun): Promise<unknown>;
}

/** The loop's tools by every name a call may use: each tool's name, and its deprecated names beside it. */
export function toolsByName(tools: readonly RetrievalTool[]): ReadonlyMap<string, RetrievalTool> {
  return new Map(tools.flatMap((t) => [t.name, ...(t.deprecatedNames ?? [])].map((name) => [name, t] as const)));
}

/** A model asks for at most this many results of any tool: its context holds them all. */
export const LOOP_MAX_LIMIT = 50;

function loopInput(t: AnyToolDeclaration): z.ZodType<Record<string, unknown>> {
  const shape = Object.fromEntries(
    Object.entries(modelArgs(t)).map(([name, spec]) => [name, name === "limit" ? z.number().int().min(1).max(LOOP_MAX_LIMIT).optional() : spec.model]),
  );
  return z.strictObject(shape) as unknown as z.ZodType<Record<string, unknown>>;
}

/**
 * The loop's tools, from the declarations (core/retrievalTool.ts): each maps
 * the model's snake_case arguments to its GraphQL resolver's. cypher_query
 * joins them for callers allowed to use it.
 */
export function retrievalTools(resolvers: ToolResolvers, declarations: readonly AnyToolDeclaration[] = RETRIEVAL_TOOLS): RetrievalTool[] {
  return declarations.flatMap((t): RetrievalTool[] => {
    if (!t.loop) return [];
    const exposed = { name: t.name, deprecatedNames: t.loop.deprecatedNames, description: t.loop.description, input: loopInput(t) };
    const cypher = t.cypher;
    const resolve = resolvers[t.field];
    // A @cypher field (its statement is in the SDL) has no resolver of ours (toolResolversOf): the loop runs
    // Query.<field> as a client would. A resolver given for it all the same (a test's stand-in) is called instead.
    if (cypher && !resolve) return [{ ...exposed, run: async (args, { ctx, request, schema }) => runQueryField(schemaFor(t.field, schema), t.field, fieldArgs(t, args, request), cypher.selection, ctx) }];
    if (!resolve) throw new Error(`No resolver for the retrieval tool ${t.field}`);
    return [{ ...exposed, run: async (args, { ctx, request }) => resolve(null, fieldArgs(t, args, request), ctx) }];
  });
}

function schemaFor(field: string, schema: GraphQLSchema | undefined): GraphQLSchema {
  if (!schema) throw new Error(`Query.${field} is a @cypher field: the loop runs it on the request's schema, and this run has none`);
  return schema;
}

/** A tool's parameters as the JSON schema the model is given. */
export function toolJsonSchema(t: RetrievalTool): Record<string, unknown> {
  // Converted once per tool: every model call sends all of them.
  let schema = jsonSchemas.get(t);
  if (!schema) {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(t.input) as Record<string, unknown>;
    schema = rest;
    jsonSchemas.set(t, schema);
  }
  return schema;
}

const jsonSchemas = new WeakMap<RetrievalTool, Record<string, unknown>>();
