import { randomBytes } from "node:crypto";
import { MapperKind, mapSchema } from "@graphql-tools/utils";
import { Neo4jGraphQL } from "@neo4j/graphql";
import { defaultFieldResolver, getNamedType, print, type DocumentNode, type GraphQLFieldConfig, type GraphQLInterfaceType, type GraphQLResolveInfo, type GraphQLSchema } from "graphql";
import type { Driver } from "../graph/driver.js";
import { withAccessRules } from "../auth/accessRules.js";
import { createFilterGuard } from "../auth/relationshipFilters.js";
import type { Caller } from "../core/caller.js";
import { populatedByCallbacks } from "../auth/ownershipCallbacks.js";
import { ConflictError } from "../errors/errors.js";
import { describeConflict } from "../graph/describeConflict.js";
import { autoCommitReads } from "../graph/readQuery.js";
import { feedWriteStamp, reachesStampedInput, stampedLabels, withFeedStamp, writtenLabels, WRITTEN_INPUT } from "../feed/index.js";
import type { OutboxSequencer } from "../core/outboxEvent.js";
import { knowledgeOutbox, type KnowledgeWriteRunner } from "../feed/index.js";
import { DEFAULT_POOL_THRESHOLD, joinPoolOnWrite, poolVisibility } from "../beliefs/index.js";
import { checkArgs } from "./checkArgs.js";
import { expandCypherFields } from "./expandCypherFields.js";
import { extractRules, type RuleTable } from "./inputRules.js";
import { secureResolveInfo } from "./secureResolveInfo.js";
import { strictDateTime } from "./strictScalars.js";
import { givenPerItem } from "./explicitInput.js";
import { inputDefaults, withoutInputDefault, type InputDefault } from "./inputDefaults.js";
import { describeImportanceDefaults, importanceOf } from "../memory/index.js";
import { extractGraphLinks, linkResolver, listQueryOf } from "./graphLinks.js";
import type { WriteEvent } from "../core/writeEvents.js";
import type { Resolvers } from "../generated/resolvers-types.js";

export interface BuildSchemaOptions {
  driver: Driver;
  database: string;
  /** The SDL of schema/, as startApp read it once. */
  document: DocumentNode;
  /** The node types implementing Knowledge (SchemaFacts.knowledgeLabels): their generated writes feed the outbox. */
  knowledgeLabels: readonly string[];
  /** The hand-written resolvers, beside the generated CRUD, typed by the codegen output. */
  resolvers?: Resolvers;
  /** Told of every mutation that succeeded. */
  onWrite?: (event: WriteEvent) => void;
  /** Knowledge written at or above this confidence joins the shared pool (SHARED_POOL_THRESHOLD). */
  poolThreshold?: number;
  /** Numbers the feed events of generated knowledge writes once they have committed. */
  outbox: OutboxSequencer;
}

export interface BuiltSchema {
  schema: GraphQLSchema;
  neoSchema: Neo4jGraphQL;
  rules: RuleTable;
  /** What every request's context carries for the schema to run against this gateway (schemaContext). */
  binding: SchemaBinding;
}

/**
 * A gateway's own part of the schema: its resolvers' implementations, its driver, its write
 * hooks. The schema reads them from the request's context, so a process builds the executable
 * schema once for every gateway it starts (the test suite's workers start dozens, and a build is
 * seconds of CPU) and each request runs against its own gateway's binding.
 */
export interface SchemaBinding {
  resolvers: Resolvers;
  driver: Driver;
  database: string;
  /** @neo4j/graphql's execution context for generated reads: auto-commit statements (readQuery.ts). */
  reads: object;
  onWrite: (event: WriteEvent) => void;
  feedWrites: KnowledgeWriteRunner;
  poolThreshold: number;
}

/** The context entries a request needs for the schema: the binding, and the driver @neo4j/graphql runs on. */
export function schemaContext(binding: SchemaBinding): { schemaBinding: SchemaBinding; executionContext: Driver } {
  return { schemaBinding: binding, executionContext: binding.driver };
}

function bindingOf(context: unknown): SchemaBinding {
  const binding = (context as { schemaBinding?: SchemaBinding } | undefined)?.schemaBinding;
  if (!binding) throw new Error("The request's context has no schema binding: contexts come from the gateway's context factory (src/server/context.ts), or spread schemaContext(built.binding)");
  return binding;
}

/**
 * Builds the executable schema: @neo4j/graphql generates CRUD from `schema/`,
 * then every root field is wrapped so that its arguments are checked against
 * the SDL's `@constraint` rules before anything reaches the database. A process
 * builds it once for the same SDL and resolver names (sharedSchema); what is this
 * gateway's own is returned as its binding, for every request's context.
 */
export async function buildSchema({ driver, database, document, knowledgeLabels, resolvers = {}, onWrite = () => {}, poolThreshold = DEFAULT_POOL_THRESHOLD, outbox }: BuildSchemaOptions): Promise<BuiltSchema> {
  const typeDefs = withAccessRules(withFeedStamp(expandCypherFields(document), knowledgeLabels));
  const key = `${print(typeDefs)}\n${resolverShape(resolvers)}`;
  let shared = SHARED.get(key);
  if (!shared) {
    shared = sharedSchema(document, typeDefs, knowledgeLabels, resolvers);
    SHARED.set(key, shared);
    shared.catch(() => SHARED.delete(key));
  }
  const { schema, neoSchema, rules } = await shared;
  // Generated writes run in a transaction that also appends their knowledge events (src/feed/knowledgeOutbox.ts),
  // and join the shared pool by confidence as the hand-written ones do.
  const feedWrites = knowledgeOutbox({ driver, database, outbox, labels: stampedLabels(knowledgeLabels), afterWrite: joinPoolOnWrite(poolThreshold) });
  // Generated reads run as auto-commit statements: one round trip instead of a managed transaction's three.
  const reads = autoCommitReads({ driver, database });
  return { schema, neoSchema, rules, binding: { resolvers, driver, database, reads, onWrite, feedWrites, poolThreshold } };
}

/** Schemas this process has built, by SDL and resolver names: @neo4j/graphql's build is a pure function of them. */
const SHARED = new Map<string, Promise<Omit<BuiltSchema, "binding">>>();

const isResolverMap = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The resolvers' names and kinds: what the built schema depends on (their implementations come from the binding). */
function resolverShape(resolvers: Resolvers): string {
  return Object.entries(resolvers)
    .flatMap(([type, fields]) => (isResolverMap(fields) ? Object.entries(fields).map(([field, r]) => `${type}.${field}:${typeof r}`) : [`${type}:${String(fields)}`]))
    .sort()
    .join(",");
}

type AnyResolver = (...args: unknown[]) => unknown;

/** The resolvers under the same names, each calling the implementation in the request's binding. */
function delegatingResolvers(resolvers: Resolvers): Resolvers {
  const delegate = (type: string, field: string, resolver: unknown): unknown => {
    const own = (context: unknown) => (bindingOf(context).resolvers as Record<string, Record<string, unknown>>)[type]![field];
    // __resolveType and __isTypeOf take (value, context, info); the others (source, args, context, info).
    if (typeof resolver === "function")
      return field.startsWith("__") ? (v: unknown, c: unknown, i: unknown) => (own(c) as AnyResolver)(v, c, i) : (s: unknown, a: unknown, c: unknown, i: unknown) => (own(c) as AnyResolver)(s, a, c, i);
    if (!isResolverMap(resolver)) return resolver;
    // { subscribe, resolve } of a subscription field.
    const parts = Object.entries(resolver).map(([k, v]) => [k, typeof v === "function" ? (s: unknown, a: unknown, c: unknown, i: unknown) => (own(c) as Record<string, AnyResolver>)[k]!(s, a, c, i) : v]);
    return Object.fromEntries(parts);
  };
  const types = Object.entries(resolvers).map(([type, fields]) => [type, isResolverMap(fields) ? Object.fromEntries(Object.entries(fields).map(([field, r]) => [field, delegate(type, field, r)])) : fields]);
  return Object.fromEntries(types) as Resolvers;
}

async function sharedSchema(document: DocumentNode, typeDefs: DocumentNode, knowledgeLabels: readonly string[], resolvers: Resolvers): Promise<Omit<BuiltSchema, "binding">> {
  const rules = extractRules(document);
  // No driver: every request's context brings its gateway's (schemaContext); a request without one fails at once.
  const neoSchema = new Neo4jGraphQL({
    typeDefs,
    resolvers: delegatingResolvers(resolvers),
    features: {
      // The gateway verifies tokens itself and hands @neo4j/graphql the verified claims as
      // `context.jwt`. This key would only decode a raw `context.token`, which the gateway
      // never sets: a random key nobody holds means no such token could ever be accepted.
      // Declaring it also tells @neo4j/graphql that authorization is configured, instead of
      // it warning so at every schema build.
      authorization: { key: randomBytes(32).toString("base64url") },
      populatedBy: { callbacks: { ...populatedByCallbacks, feedWriteStamp } },
      excludeDeprecatedFields: {
        mutationOperations: true,
        aggregationFilters: true,
        aggregationFiltersOutsideConnection: true,
        relationshipFilters: true,
        attributeFilters: true,
      },
      complexityEstimators: true,
    },
  });
  const generated = await neoSchema.getSchema();
  const labels = stampedLabels(knowledgeLabels);
  const knowledge = { labels: new Set(knowledgeLabels) as ReadonlySet<string>, stamped: new Set(labels) as ReadonlySet<string> };
  const handWritten = new Set(Object.keys(resolvers.Mutation ?? {}));
  const reachesKnowledge = reachesStampedInput(generated, labels);
  const writesKnowledge = (field: GraphQLFieldConfig<unknown, unknown>, name: string) => !handWritten.has(name) && reachesKnowledge(Object.values(field.args ?? {}).map((a) => a.type));
  const links = extractGraphLinks(document);
  const defaultsFor = inputDefaults(generated, INPUT_DEFAULTS);
  const schema = mapSchema(generated, {
    // Fields of tools' results that are nodes: read through the generated query (graphLinks.ts).
    [MapperKind.OBJECT_FIELD]: (fieldConfig, fieldName, typeName) => {
      const link = links.get(`${typeName}.${fieldName}`);
      if (!link) return fieldConfig;
      const target = getNamedType(fieldConfig.type).name;
      const queryField = listQueryOf(generated, target);
      if (!queryField) throw new Error(`@graphLink ${typeName}.${fieldName}: ${target} has no generated list query`);
      if (!("getFields" in getNamedType(fieldConfig.type)) || !(getNamedType(fieldConfig.type) as GraphQLInterfaceType).getFields().id) throw new Error(`@graphLink ${typeName}.${fieldName}: ${target} has no id field`);
      return { ...fieldConfig, resolve: linkResolver(link, queryField, fieldConfig.type) };
    },
    // Fields whose default depends on the item are served optional, without a GraphQL default (inputDefaults.ts).
    [MapperKind.INPUT_OBJECT_FIELD]: (fieldConfig, fieldName, typeName) => withoutInputDefault(fieldConfig, typeName, fieldName, INPUT_DEFAULTS),
    // DateTime input is checked before Cypher sees it (strictScalars.ts).
    [MapperKind.SCALAR_TYPE]: (type) => (type.name === "DateTime" ? strictDateTime(type) : type),
    [MapperKind.ROOT_FIELD]: (fieldConfig, fieldName) =>
      guardRootField(fieldConfig, fieldName, { rules, defaultsFor, generated: !handWritten.has(fieldName), knowledge: writesKnowledge(fieldConfig, fieldName) ? knowledge : undefined }),
  });
  return { schema, neoSchema, rules };
}

/**
 * Defaults the generated input types cannot declare: a memory created without
 * an importance gets its type's (src/memory/importanceDefaults.ts), through
 * createMemories and every nested create of a memory alike.
 */
const INPUT_DEFAULTS: readonly InputDefault[] = [
  {
    input: "MemoryCreateInput",
    field: "importance",
    description: `0..1; when not given (or null), the type's default: ${describeImportanceDefaults()}.`,
    fill: (item) => importanceOf(String(item.type), null),
  },
];

/** A create's items with the pool's visibility where the client chose none (beliefs' poolVisibility). */
function poolInput(input: unknown[], info: GraphQLResolveInfo, context: { rawVariables?: Record<string, unknown> }, threshold: number): unknown {
  const chosen = givenPerItem(info, "input", "visibility", context.rawVariables, input.length);
  return poolVisibility(input, chosen, threshold);
}


interface RootFieldGuard {
  rules: RuleTable;
  defaultsFor: ReturnType<typeof inputDefaults>;
  /** A generated field (not a hand-written resolver's). */
  generated: boolean;
  /** Its writes can reach knowledge: they go through the binding's feedWrites (labels: the Knowledge types; stamped: their labels). */
  knowledge: { labels: ReadonlySet<string>; stamped: ReadonlySet<string> } | undefined;
}

function guardRootField(fieldConfig: GraphQLFieldConfig<unknown, { caller?: Caller }>, fieldName: string, { rules, defaultsFor, generated, knowledge }: RootFieldGuard): GraphQLFieldConfig<unknown, { caller?: Caller }> {
  const resolve = fieldConfig.resolve ?? defaultFieldResolver;
  const argDefs = Object.entries(fieldConfig.args ?? {}).map(([name, arg]) => ({ name, type: arg.type }));
  const defaulters = argDefs.flatMap(({ name, type }) => {
    const fill = defaultsFor(type);
    return fill ? [{ name, fill }] : [];
  });
  const writeArg = argDefs.find((a) => a.name === "input" || a.name === "update");
  const writtenType = writeArg ? WRITTEN_INPUT.exec(getNamedType(writeArg.type).name)?.[1] : undefined;
  const whereArg = argDefs.find((a) => a.name === "where");
  const deletedType = /^delete[A-Z]/.test(fieldName) && whereArg ? /^(.+)Where$/.exec(getNamedType(whereArg.type).name)?.[1] : undefined;
  return {
    ...fieldConfig,
    resolve: async (source, givenArgs, context, info) => {
      const { driver, database, reads, onWrite, feedWrites: runFeedWrites, poolThreshold } = bindingOf(context);
      const feedWrites = knowledge ? runFeedWrites : undefined;
      const args = defaulters.length === 0 ? givenArgs : { ...givenArgs, ...Object.fromEntries(defaulters.filter((d) => d.name in givenArgs).map((d) => [d.name, d.fill(givenArgs[d.name])])) };
      checkArgs(args, argDefs, rules, fieldName);
      // Filters that reach through relationships only see what the caller may read (see relationshipFilters.ts).
      const guard = context.caller ? createFilterGuard(info.schema, context.caller) : undefined;
      // Updates and deletes start only from nodes the caller may write (see secureRootWhere).
      const writes = info.parentType.name === "Mutation" && /^(update|delete)[A-Z]/.test(fieldName);
      const securedArgs = guard
        ? Object.fromEntries(argDefs.filter((d) => d.name in args).map((d) => [d.name, guard.secure(args[d.name], d.type)]))
        : args;
      if (guard && writes) {
        const whereDef = argDefs.find((d) => d.name === "where");
        if (whereDef) securedArgs.where = guard.secureRootWhere(args.where as Record<string, unknown> | undefined, whereDef.type);
      }
      const securedInfo = guard ? secureResolveInfo(info, guard.secure, writes ? guard.secureRootWhere : undefined, rules) : info;
      try {
        const caller = context.caller;
        // What a generated write creates or updates, as its input says: only one that writes knowledge needs the outbox's transaction.
        const written = generated && info.parentType.name === "Mutation" ? [...argDefs.reduce((into, d) => writtenLabels(securedArgs[d.name], d.type, into), new Set<string>())] : undefined;
        const stamps = feedWrites && written?.some((label) => knowledge!.stamped.has(label));
        if (feedWrites && stamps && caller && writtenType && writeArg && info.parentType.name === "Mutation") {
          // Knowledge created at or above the pool's threshold is written SHARED unless its writer chose (it joins the pool in the same transaction).
          // Only the created nodes' own type counts: createMemories may reach knowledge through nested inputs, but a Memory never joins the pool.
          const createsKnowledge = writeArg.name === "input" && Array.isArray(securedArgs.input) && knowledge!.labels.has(writtenType);
          const pooled = createsKnowledge ? { ...securedArgs, input: poolInput(securedArgs.input as unknown[], info, context as { rawVariables?: Record<string, unknown> }, poolThreshold) } : securedArgs;
          // Its events reach the feed from the sequencer, numbered (src/feed/outboxSequencer.ts).
          const { result } = await feedWrites(caller, context, (scoped) => Promise.resolve(resolve(source, pooled, scoped, securedInfo)));
          onWrite({ field: fieldName, typeName: writtenType, caller, labels: written });
          return result;
        }
        const result = await resolve(source, securedArgs, info.parentType.name === "Query" ? readingContext(context, reads) : context, securedInfo);
        if (info.parentType.name === "Mutation" && caller) onWrite({ field: fieldName, typeName: writtenType ?? deletedType, caller, ...(generated ? { labels: written } : {}) });
        return result;
      } catch (err) {
        if ((err as Error).name !== "Neo4jGraphQLConstraintValidationError" || !context.caller) throw err;
        const ids = idsWritten(args[writeArg?.name ?? ""]);
        throw new ConflictError(await describeConflict(driver, database, writtenType, context.caller.tenantId, ids));
      }
    },
  };
}

/**
 * The request's context with `reads` (readQuery.ts's autoCommitReads) as
 * @neo4j/graphql's execution context, for a root field of Query: it only
 * reads. A context that already holds a transaction of the gateway's (anything
 * but a driver) keeps it: the read must see that transaction's writes.
 */
function readingContext<C extends object>(context: C, reads: object): C {
  const current = (context as { executionContext?: { session?: unknown } }).executionContext;
  const inTransaction = current !== undefined && typeof current.session !== "function";
  return inTransaction ? context : { ...context, executionContext: reads };
}

/** Ids a create (`input: [{ id }]`) or update (`update: { id: { set } }`) tries to write. */
function idsWritten(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items
    .map((item) => (item as { id?: unknown } | undefined)?.id)
    .map((id) => (typeof id === "object" && id !== null ? (id as { set?: unknown }).set : id))
    .filter((id): id is string => typeof id === "string");
}
