import { randomBytes } from "node:crypto";
import { MapperKind, mapSchema } from "@graphql-tools/utils";
import { Neo4jGraphQL } from "@neo4j/graphql";
import { getNamedType, print, type DocumentNode, type GraphQLFieldConfig, type GraphQLInterfaceType, type GraphQLSchema } from "graphql";
import type { Driver } from "../graph/driver.js";
import { withAccessRules } from "../auth/accessRules.js";
import { populatedByCallbacks } from "../auth/ownershipCallbacks.js";
import { autoCommitReads } from "../graph/readQuery.js";
import { groupCommit, type GroupCommitOptions } from "../graph/groupCommit.js";
import { feedWriteStamp, reachesStampedInput, stampedLabels, withFeedStamp } from "../feed/index.js";
import type { OutboxSequencer } from "../core/outboxEvent.js";
import { knowledgeOutbox } from "../feed/index.js";
import { DEFAULT_POOL_THRESHOLD, joinPoolOnWrite } from "../beliefs/index.js";
import { linkCreator } from "../graph/creatorLink.js";
import { expandCypherFields } from "./expandCypherFields.js";
import { extractRules, type RuleTable } from "./inputRules.js";
import { strictDateTime } from "./strictScalars.js";
import { inputDefaults, withoutInputDefault, type InputDefault } from "./inputDefaults.js";
import { describeImportanceDefaults, importanceOf } from "../memory/index.js";
import { extractGraphLinks, linkResolver, listQueryOf } from "./graphLinks.js";
import { guardRootField } from "./rootFieldGuard.js";
import { bindingOf, type SchemaBinding } from "./schemaBinding.js";
import type { WriteEvent } from "../core/writeEvents.js";
import type { Resolvers } from "../generated/resolvers-types.js";
import type { CypherFieldHooks } from "../core/cypherFieldHook.js";
import { cypherRootFields, withCypherHook } from "./cypherRootFields.js";

export { schemaContext, type SchemaBinding } from "./schemaBinding.js";

export interface BuildSchemaOptions {
  driver: Driver;
  database: string;
  /** The SDL of schema/, as startApp read it once. */
  document: DocumentNode;
  /** The node types implementing Knowledge (SchemaFacts.knowledgeLabels): their generated writes feed the outbox. */
  knowledgeLabels: readonly string[];
  /** The hand-written resolvers, beside the generated CRUD, typed by the codegen output. */
  resolvers?: Resolvers;
  /** What this gateway wraps around the SDL's @cypher root fields (the approval gate's transaction and feed event). */
  cypherHooks?: CypherFieldHooks;
  /** Told of every mutation that succeeded. */
  onWrite?: (event: WriteEvent) => void;
  /** Knowledge written at or above this confidence joins the shared pool (SHARED_POOL_THRESHOLD). */
  poolThreshold?: number;
  /** Numbers the feed events of generated knowledge writes once they have committed. */
  outbox: OutboxSequencer;
  /** How generated creates wait for each other to commit together (graph/groupCommit.ts); its defaults when not given. */
  groupCommit?: GroupCommitOptions;
}

export interface BuiltSchema {
  schema: GraphQLSchema;
  neoSchema: Neo4jGraphQL;
  rules: RuleTable;
  /** What every request's context carries for the schema to run against this gateway (schemaContext). */
  binding: SchemaBinding;
}

/**
 * Builds the executable schema: @neo4j/graphql generates CRUD from `schema/`,
 * then every root field is wrapped so that its arguments are checked against
 * the SDL's `@constraint` rules before anything reaches the database. A process
 * builds it once for the same SDL and resolver names (sharedSchema); what is this
 * gateway's own is returned as its binding, for every request's context.
 */
export async function buildSchema({ driver, database, document, knowledgeLabels, resolvers = {}, cypherHooks = {}, onWrite = () => {}, poolThreshold = DEFAULT_POOL_THRESHOLD, outbox, groupCommit: grouping }: BuildSchemaOptions): Promise<BuiltSchema> {
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
  // link their creator (CREATED) as the hand-written ones do, within the statement that finds what they wrote,
  // and join the shared pool by confidence.
  const feedWrites = knowledgeOutbox({
    driver,
    database,
    outbox,
    labels: stampedLabels(knowledgeLabels),
    onEachWritten: linkCreator("n", "n.tenantId", "n.ownerId"),
    afterWrite: joinPoolOnWrite(poolThreshold),
  });
  // Generated reads run as auto-commit statements: one round trip instead of a managed transaction's three.
  const reads = autoCommitReads({ driver, database });
  // Generated creates of requests running at once commit in one transaction, each answered with its own result.
  const creates = groupCommit({ driver, database }, grouping);
  return { schema, neoSchema, rules, binding: { resolvers, cypherHooks, driver, database, reads, creates, onWrite, feedWrites, poolThreshold } };
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
  // Root fields @neo4j/graphql runs from their @cypher statements: not CRUD, so their writes are reported as a hand-written field's.
  const cypherRoots = cypherRootFields(document);
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
    [MapperKind.ROOT_FIELD]: (fieldConfig, fieldName, rootType) =>
      guardRootField(cypherRoots.has(fieldName) ? withCypherHook(fieldConfig, fieldName) : fieldConfig, fieldName, rootType, {
        rules,
        defaultsFor,
        generated: !handWritten.has(fieldName) && !cypherRoots.has(fieldName),
        knowledge: writesKnowledge(fieldConfig, fieldName) && !cypherRoots.has(fieldName) ? knowledge : undefined,
      }),
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
