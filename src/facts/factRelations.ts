import { Kind, type DocumentNode, type ObjectTypeDefinitionNode, type TypeNode } from "graphql";

import type { FactRelation } from "../core/schemaFacts.js";
import { directiveName } from "../core/sdlDirectives.js";

/** Relationship types and labels end up in Cypher text (they cannot be parameters): only plain names pass. */
const SAFE_TYPE = /^[A-Z][A-Z_]*$/;
const SAFE_LABEL = /^[A-Z][A-Za-z0-9]*$/;

const namedType = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type));

/**
 * The fact relationships of the SDL: every `@relationship(properties: "Fact",
 * direction: OUT)` field of `Person`, in declaration order. Written once in
 * the SDL, so the migrations, the tools and the fact rules cannot drift from it.
 */
export function factRelations(document: DocumentNode): FactRelation[] {
  const person = document.definitions.find(
    (d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION && d.name.value === "Person",
  );
  const seen = new Set<string>();
  const relations: FactRelation[] = [];
  for (const field of person?.fields ?? []) {
    const arg = (name: string) => directiveName(field, "relationship", name);
    const type = arg("type");
    if (type === undefined || arg("properties") !== "Fact" || arg("direction") !== "OUT") continue;
    const target = namedType(field.type);
    if (!SAFE_TYPE.test(type) || !SAFE_LABEL.test(target)) throw new Error(`Refusing unsafe fact relationship ${type} -> ${target}`);
    if (seen.has(type)) continue;
    seen.add(type);
    relations.push({ type, target });
  }
  return relations;
}

/** The types as given, once each is checked to be a plain relationship type name (they go into Cypher as text). */
export function safeFactTypes(types: readonly string[]): readonly string[] {
  const unsafe = types.find((t) => !SAFE_TYPE.test(t));
  if (unsafe !== undefined) throw new Error(`Refusing unsafe fact type ${JSON.stringify(unsafe)}`);
  return types;
}

/** Name of the vector index over one fact type's embeddings: `fact_works_at_embedding`. */
export const factIndexName = (type: string) => `fact_${type.toLowerCase()}_embedding`;

/** Name of the range index over one fact type's embeddingStatus: `fact_works_at_embedding_status`. */
export const factStatusIndexName = (type: string) => `fact_${type.toLowerCase()}_embedding_status`;

/** The label of the node the fact's object is, or undefined for an unknown type. */
export const targetOf = (relations: readonly FactRelation[], type: string) => relations.find((r) => r.type === type)?.target;
