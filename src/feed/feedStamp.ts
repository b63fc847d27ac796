import {
  getNamedType,
  isInputObjectType,
  Kind,
  parse,
  type DocumentNode,
  type FieldDefinitionNode,
  type GraphQLInputType,
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
 * people, …) skip the gateway-held transaction and the stamp lookup. Pure.
 */
export function reachesStampedInput(argTypes: readonly GraphQLInputType[], labels: readonly string[]): boolean {
  const targets = stampedInputNames(labels);
  const seen = new Set<string>();
  const stack = argTypes.map((t) => getNamedType(t));
  while (stack.length) {
    const type = stack.pop()!;
    if (!isInputObjectType(type) || seen.has(type.name)) continue;
    if (targets.has(type.name)) return true;
    seen.add(type.name);
    for (const field of Object.values(type.getFields())) stack.push(getNamedType(field.type));
  }
  return false;
}

/** The generated input types that write a stamped node: `<Label>CreateInput`, `<Label>UpdateInput`. */
export function stampedInputNames(labels: readonly string[]): ReadonlySet<string> {
  return new Set(labels.flatMap((l) => [`${l}CreateInput`, `${l}UpdateInput`]));
}

/**
 * Does this request's argument value, as sent, hold a create or update of a
 * stamped node? `reachesStampedInput` decides per root field that one could
 * (createMemories can, through a nested create of its agent's beliefs); this
 * walks the value with its input types, so a write that holds none (nearly
 * every createMemories) runs as an ordinary write, without the gateway-held
 * transaction and the stamp lookup: under bench:load that lookup was half of
 * createMemories' time in Neo4j. Pure.
 */
export function valueReachesStampedInput(value: unknown, type: GraphQLInputType, targets: ReadonlySet<string>): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.some((item) => valueReachesStampedInput(item, type, targets));
  const named = getNamedType(type);
  if (!isInputObjectType(named) || typeof value !== "object") return false;
  if (targets.has(named.name)) return true;
  const fields = named.getFields();
  return Object.entries(value as Record<string, unknown>).some(([key, field]) => fields[key] !== undefined && valueReachesStampedInput(field, fields[key]!.type, targets));
}
