import {
  getNamedType,
  isInputObjectType,
  Kind,
  parse,
  type DocumentNode,
  type FieldDefinitionNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type ObjectTypeDefinitionNode,
} from "graphql";

/**
 * How the gateway finds the knowledge nodes a generated mutation wrote, so it
 * can append their outbox events in the same transaction (knowledgeOutbox.ts):
 * every Knowledge type gets a hidden property, stamped by @neo4j/graphql's
 * `@populatedBy` on CREATE and UPDATE — nested writes included — with
 * `CREATE:<writeId>` or `UPDATE:<writeId>` of the request's transaction. The
 * gateway reads the stamped nodes and removes the stamp before committing, so
 * no stamp is ever committed. Clients can neither read, filter nor set it.
 */
export const FEED_STAMP_FIELD = "feedWriteStamp";

/** Written by the workflow gate's own transitions, which append their events themselves. */
const SELF_REPORTING = new Set(["WorkflowImprovement"]);

const stampField: FieldDefinitionNode = (() => {
  const doc = parse(`type T { ${FEED_STAMP_FIELD}: String
    @populatedBy(callback: "feedWriteStamp", operations: [CREATE, UPDATE])
    @selectable(onRead: false, onAggregate: false)
    @filterable(byValue: false, byAggregate: false)
    @sortable(byValue: false) }`);
  return (doc.definitions[0] as ObjectTypeDefinitionNode).fields![0]!;
})();

/** Node types whose generated writes append outbox events: the implementations of `Knowledge`, less the self-reporting ones. */
export function stampedLabels(knowledgeLabels: readonly string[]): string[] {
  return knowledgeLabels.filter((label) => !SELF_REPORTING.has(label));
}

/** Adds the hidden stamp field to every type `stampedLabels` names. */
export function withFeedStamp(document: DocumentNode, knowledgeLabels: readonly string[]): DocumentNode {
  const labels = new Set(stampedLabels(knowledgeLabels));
  return {
    ...document,
    definitions: document.definitions.map((def) =>
      def.kind === Kind.OBJECT_TYPE_DEFINITION && labels.has(def.name.value) ? { ...def, fields: [...(def.fields ?? []), stampField] } : def,
    ),
  };
}

/** What a generated mutation's context carries while the gateway holds its transaction open. */
export interface FeedWriteContext {
  feedWriteId?: string;
  populatedByOperation?: "CREATE" | "UPDATE";
}

/** The `@populatedBy` callback: null (no stamp) outside a gateway-held write transaction. */
export function feedWriteStamp(_parent: unknown, _args: unknown, context: object): string | null {
  const { feedWriteId, populatedByOperation } = context as FeedWriteContext;
  return feedWriteId && populatedByOperation ? `${populatedByOperation}:${feedWriteId}` : null;
}

/**
 * Can a mutation with these argument types write a stamped node? True when a
 * `<Label>CreateInput` or `<Label>UpdateInput` of a stamped label is reachable
 * through its input types, nested writes included. Decided once per root field
 * when the schema is built, so writes that never touch knowledge (memories,
 * people, …) skip the gateway-held transaction and the stamp lookup. The input
 * types that reach one are found once for the schema, walking back from the
 * targets (a walk forward from every root field's arguments cost 170 ms of each
 * schema build). Pure.
 */
export function reachesStampedInput(schema: GraphQLSchema, labels: readonly string[]): (argTypes: readonly GraphQLInputType[]) => boolean {
  const containers = new Map<string, string[]>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isInputObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const inner = getNamedType(field.type).name;
      containers.set(inner, [...(containers.get(inner) ?? []), type.name]);
    }
  }
  const reaching = new Set(labels.flatMap((l) => [`${l}CreateInput`, `${l}UpdateInput`]));
  const stack = [...reaching];
  while (stack.length) {
    for (const container of containers.get(stack.pop()!) ?? []) {
      if (reaching.has(container)) continue;
      reaching.add(container);
      stack.push(container);
    }
  }
  return (argTypes) => argTypes.some((t) => reaching.has(getNamedType(t).name));
}

/** Input types of generated mutations name the node type they write: `AgentCreateInput`. */
export const WRITTEN_INPUT = /^(.+?)(Create|Update)Input$/;

/**
 * The node types a generated write's argument value, as sent, creates or
 * updates: every `<Label>CreateInput` / `<Label>UpdateInput` the value holds,
 * walked with its input types, nested writes included. `reachesStampedInput`
 * decides per root field what could be written (createMemories could create
 * its agent's beliefs); this says what a request does write, so a
 * createMemories of plain memories runs without the feed's gateway-held
 * transaction and stamp lookup (under bench:load that lookup was half of
 * createMemories' time in Neo4j), and wakes only the work its types need. Pure.
 */
export function writtenLabels(value: unknown, type: GraphQLInputType, into: Set<string> = new Set()): Set<string> {
  if (value === null || value === undefined) return into;
  if (Array.isArray(value)) {
    for (const item of value) writtenLabels(item, type, into);
    return into;
  }
  const named = getNamedType(type);
  if (!isInputObjectType(named) || typeof value !== "object") return into;
  const label = WRITTEN_INPUT.exec(named.name)?.[1];
  if (label) into.add(label);
  const fields = named.getFields();
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) if (fields[key]) writtenLabels(field, fields[key]!.type, into);
  return into;
}
