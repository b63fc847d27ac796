import type { DocumentNode } from "graphql";

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
}
