import { defaultFieldResolver, getNamedType, type GraphQLFieldConfig, type GraphQLInputType, type GraphQLResolveInfo } from "graphql";
import { createFilterGuard } from "../auth/relationshipFilters.js";
import type { Caller } from "../core/caller.js";
import { ConflictError } from "../errors/errors.js";
import { describeConflict } from "../graph/describeConflict.js";
import { writtenLabels, WRITTEN_INPUT } from "../feed/index.js";
import { poolVisibility } from "../beliefs/index.js";
import { checkArgs } from "./checkArgs.js";
import { givenPerItem } from "./explicitInput.js";
import type { inputDefaults } from "./inputDefaults.js";
import type { RuleTable } from "./inputRules.js";
import { secureResolveInfo } from "./secureResolveInfo.js";
import { bindingOf, type SchemaBinding } from "./schemaBinding.js";

type GuardContext = { caller?: Caller; rawVariables?: Record<string, unknown> };

export interface RootFieldGuardOptions {
  rules: RuleTable;
  defaultsFor: ReturnType<typeof inputDefaults>;
  /** A generated field (not a hand-written resolver's). */
  generated: boolean;
  /** Its writes can reach knowledge: they go through the binding's feedWrites (labels: the Knowledge types; stamped: their labels). */
  knowledge: { labels: ReadonlySet<string>; stamped: ReadonlySet<string> } | undefined;
}

/** What a root field's definition says about it, read once when the schema is built. */
interface RootField {
  name: string;
  /** Query, Mutation or Subscription. */
  root: string;
  args: readonly { name: string; type: GraphQLInputType }[];
  /** `input` of a create, `update` of an update. */
  writeArg: { name: string; type: GraphQLInputType } | undefined;
  /** The node type a create or update writes, from its input type's name. */
  writtenType: string | undefined;
  /** The node type a delete removes, from its where type's name. */
  deletedType: string | undefined;
}

/** One call of a root field on its way through the guard's steps. */
interface RootCall {
  source: unknown;
  args: Record<string, unknown>;
  context: GuardContext;
  info: GraphQLResolveInfo;
  /** The info as the request sent it: securing rewrites its arguments' AST, and the pool reads which fields the client gave. */
  sentInfo: GraphQLResolveInfo;
  binding: SchemaBinding;
  /** What a generated write creates or updates, as its input says (reportWrites). */
  written?: string[];
}
type Step = (call: RootCall) => Promise<unknown>;
type Wrapper = (next: Step) => Step;

/**
 * A root field's resolver inside the gateway's steps, outermost first: fill the item-dependent
 * input defaults; turn a uniqueness violation into a CONFLICT; check the `@constraint` rules;
 * narrow every filter to what the caller may read; then, by root type, read through
 * auto-commit statements (Query) or report the write (Mutation), a knowledge write running in
 * the outbox's transaction and joining the shared pool, any other generated create committing
 * together with the creates beside it.
 */
export function guardRootField(fieldConfig: GraphQLFieldConfig<unknown, GuardContext>, fieldName: string, rootType: string, options: RootFieldGuardOptions): GraphQLFieldConfig<unknown, GuardContext> {
  const field = rootFieldOf(fieldConfig, fieldName, rootType);
  const resolve = fieldConfig.resolve ?? defaultFieldResolver;
  const steps: Wrapper[] = [
    fillInputDefaults(field, options.defaultsFor),
    conflictsAsErrors(field),
    checkConstraints(field, options.rules),
    secureFilters(field, options.rules),
    ...(field.root === "Query" ? [readAutoCommit] : []),
    ...(field.root === "Mutation" ? [reportWrites(field, options.generated)] : []),
    ...(field.root === "Mutation" && options.knowledge && field.writtenType ? [throughOutbox(field, options.knowledge)] : []),
    ...(field.root === "Mutation" && options.generated && /^create[A-Z]/.test(field.name) ? [groupedCreate] : []),
  ];
  const run = steps.reduceRight<Step>((next, wrap) => wrap(next), async (c) => resolve(c.source, c.args, c.context, c.info));
  return {
    ...fieldConfig,
    resolve: (source, args, context, info) => run({ source, args, context, info, sentInfo: info, binding: bindingOf(context) }),
  };
}

function rootFieldOf(fieldConfig: GraphQLFieldConfig<unknown, GuardContext>, name: string, root: string): RootField {
  const args = Object.entries(fieldConfig.args ?? {}).map(([argName, arg]) => ({ name: argName, type: arg.type }));
  const writeArg = args.find((a) => a.name === "input" || a.name === "update");
  const whereArg = args.find((a) => a.name === "where");
  return {
    name,
    root,
    args,
    writeArg,
    writtenType: writeArg ? WRITTEN_INPUT.exec(getNamedType(writeArg.type).name)?.[1] : undefined,
    deletedType: /^delete[A-Z]/.test(name) && whereArg ? /^(.+)Where$/.exec(getNamedType(whereArg.type).name)?.[1] : undefined,
  };
}

/** Defaults that depend on the item (inputDefaults.ts), filled where the client gave none. */
function fillInputDefaults(field: RootField, defaultsFor: RootFieldGuardOptions["defaultsFor"]): Wrapper {
  const defaulters = field.args.flatMap(({ name, type }) => {
    const fill = defaultsFor(type);
    return fill ? [{ name, fill }] : [];
  });
  if (defaulters.length === 0) return (next) => next;
  return (next) => (call) => {
    const filled = defaulters.filter((d) => d.name in call.args).map((d) => [d.name, d.fill(call.args[d.name])]);
    return next({ ...call, args: { ...call.args, ...Object.fromEntries(filled) } });
  };
}

/** A write that breaks a uniqueness constraint is a CONFLICT naming what exists, not a driver error. */
function conflictsAsErrors(field: RootField): Wrapper {
  return (next) => async (call) => {
    try {
      return await next(call);
    } catch (err) {
      if ((err as Error).name !== "Neo4jGraphQLConstraintValidationError" || !call.context.caller) throw err;
      const ids = idsWritten(call.args[field.writeArg?.name ?? ""]);
      throw new ConflictError(await describeConflict(call.binding.driver, call.binding.database, field.writtenType, call.context.caller.tenantId, ids));
    }
  };
}

/** The SDL's `@constraint` rules, before anything reaches the database. */
function checkConstraints(field: RootField, rules: RuleTable): Wrapper {
  return (next) => (call) => {
    checkArgs(call.args, field.args, rules, field.name);
    return next(call);
  };
}

/**
 * Filters that reach through relationships only see what the caller may read (relationshipFilters.ts);
 * updates and deletes start only from nodes the caller may write (secureRootWhere).
 */
function secureFilters(field: RootField, rules: RuleTable): Wrapper {
  const writes = field.root === "Mutation" && /^(update|delete)[A-Z]/.test(field.name);
  const whereDef = field.args.find((d) => d.name === "where");
  return (next) => (call) => {
    const caller = call.context.caller;
    if (!caller) return next(call);
    const guard = createFilterGuard(call.info.schema, caller);
    const args = Object.fromEntries(field.args.filter((d) => d.name in call.args).map((d) => [d.name, guard.secure(call.args[d.name], d.type)]));
    if (writes && whereDef) args.where = guard.secureRootWhere(call.args.where as Record<string, unknown> | undefined, whereDef.type);
    const info = secureResolveInfo(call.info, guard.secure, writes ? guard.secureRootWhere : undefined, rules);
    return next({ ...call, args, info });
  };
}

/**
 * A root field of Query only reads: @neo4j/graphql runs it on the binding's `reads` (readQuery.ts's
 * autoCommitReads). A context that already holds a transaction of the gateway's (anything but a
 * driver) keeps it: the read must see that transaction's writes.
 */
const readAutoCommit: Wrapper = (next) => (call) => {
  const current = (call.context as { executionContext?: { session?: unknown } }).executionContext;
  const inTransaction = current !== undefined && typeof current.session !== "function";
  return next(inTransaction ? call : { ...call, context: { ...call.context, executionContext: call.binding.reads } as GuardContext });
};

/**
 * A generated create (one translated statement, the whole of its write) that runs on the driver, in no
 * transaction of the gateway's, commits with the creates of other requests running at once: one
 * transaction for all of them (graph/groupCommit.ts). Each is still answered with its own result or
 * error, and only once committed.
 */
const groupedCreate: Wrapper = (next) => (call) => {
  const current = (call.context as { executionContext?: { session?: unknown } }).executionContext;
  const onDriver = current !== undefined && typeof current.session === "function";
  return next(onDriver ? { ...call, context: { ...call.context, executionContext: call.binding.creates } as GuardContext } : call);
};

/** Every mutation that succeeded is told to the binding's onWrite, with the labels a generated one wrote. */
function reportWrites(field: RootField, generated: boolean): Wrapper {
  return (next) => async (call) => {
    const written = generated ? [...field.args.reduce((into, d) => writtenLabels(call.args[d.name], d.type, into), new Set<string>())] : undefined;
    const result = await next({ ...call, written });
    const caller = call.context.caller;
    if (caller) call.binding.onWrite({ field: field.name, typeName: field.writtenType ?? field.deletedType, caller, ...(generated ? { labels: written } : {}) });
    return result;
  };
}

/**
 * A generated write that stamps knowledge runs in a transaction that also appends its feed events
 * (src/feed/knowledgeOutbox.ts; the sequencer numbers them after the commit). Knowledge created at
 * or above the pool's threshold is written SHARED unless its writer chose: only the created nodes'
 * own type counts (createMemories may reach knowledge through nested inputs, but a Memory never
 * joins the pool).
 */
function throughOutbox(field: RootField, knowledge: NonNullable<RootFieldGuardOptions["knowledge"]>): Wrapper {
  const createsKnowledge = field.writeArg?.name === "input" && knowledge.labels.has(field.writtenType!);
  return (next) => async (call) => {
    const caller = call.context.caller;
    if (!caller || !call.written?.some((label) => knowledge.stamped.has(label))) return next(call);
    const { feedWrites, poolThreshold } = call.binding;
    const input = call.args.input;
    const args = createsKnowledge && Array.isArray(input) ? { ...call.args, input: poolInput(input, call, poolThreshold) } : call.args;
    const { result } = await feedWrites(caller, call.context, (scoped) => next({ ...call, args, context: scoped as GuardContext }));
    return result;
  };
}

/** A create's items with the pool's visibility where the client chose none (beliefs' poolVisibility). */
function poolInput(input: unknown[], call: RootCall, threshold: number): unknown {
  const chosen = givenPerItem(call.sentInfo, "input", "visibility", call.context.rawVariables, input.length);
  return poolVisibility(input, chosen, threshold);
}

/** Ids a create (`input: [{ id }]`) or update (`update: { id: { set } }`) tries to write. */
function idsWritten(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items
    .map((item) => (item as { id?: unknown } | undefined)?.id)
    .map((id) => (typeof id === "object" && id !== null ? (id as { set?: unknown }).set : id))
    .filter((id): id is string => typeof id === "string");
}
