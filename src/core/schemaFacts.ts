import { Kind, type DocumentNode, type ObjectTypeDefinitionNode } from "graphql";

/** One kind of fact: a relationship type out of a Person, and the label of the node it points at. */
export interface FactRelation {
  /** `WORKS_AT`. */
  type: string;
  /** `Org`. */
  target: string;
}

/** A node type whose text is embedded: its label and the fields joined into that text. */
export interface EmbeddedType {
  label: string;
  fields: string[];
  /** Field naming the conversation: the node is also embedded with its predecessor in it. */
  contextBy?: string;
}

/**
 * What the gateway reads off the SDL of schema/: parsed once at start-up,
 * derived once (app/schemaFacts.ts), and handed to every part that needs it
 * through AppDeps. Nothing below the app reads schema/ itself, so the
 * migrations, the tools and the fact rules cannot see different SDLs.
 */
export interface SchemaFacts {
  /** The SDL, one document joined from every file of schema/. */
  document: DocumentNode;
  /** `@relationship(properties: "Fact")` fields of Person, in declaration order. */
  factRelations: readonly FactRelation[];
  /** Their relationship types (`WORKS_AT`, `HAS_SKILL`, …). */
  factTypes: readonly string[];
  /** The `@embedded` node types: what the embedding worker embeds and the vector indexes cover. */
  embeddedTypes: readonly EmbeddedType[];
  /** The node types implementing `Knowledge` (knowledgeLabels): what the feed stamps and memoryShare accepts. */
  knowledgeLabels: readonly string[];
  /** What a tenant export holds and an import accepts (transfer/transferTypes.ts). */
  transfer: TransferTypes;
}

/** The node labels and relationship types the SDL declares: the closed set a tenant export holds. */
export interface TransferTypes {
  /** The `@node` types of the SDL, sorted: a node's first label of this list is its label in an export. */
  labels: readonly string[];
  /** Every `@relationship(type: …)` of the SDL, sorted. */
  relationshipTypes: readonly string[];
}

const SAFE_LABEL = /^[A-Z][A-Za-z0-9]*$/;

/**
 * The node types implementing `Knowledge` in the SDL, sorted. Labels end up in
 * Cypher text (they cannot be parameters), so only plain names pass. Pure.
 */
export function knowledgeLabels(document: DocumentNode): string[] {
  return document.definitions
    .filter((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION)
    .filter((t) => t.interfaces?.some((i) => i.name.value === "Knowledge"))
    .map((t) => t.name.value)
    .filter((label) => SAFE_LABEL.test(label))
    .sort();
}
