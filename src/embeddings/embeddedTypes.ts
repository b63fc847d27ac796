import { Kind, print, type DocumentNode, type ObjectTypeDefinitionNode } from "graphql";

import type { EmbeddedType } from "../core/schemaFacts.js";

const SAFE_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * Reads `@embedded(from: [...])` off the SDL's object types. Labels and field
 * names end up in Cypher text (they cannot be parameters), so only plain names
 * pass, and each named field must exist as a String field of the type.
 */
export function embeddedTypes(document: DocumentNode): EmbeddedType[] {
  return document.definitions
    .filter((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION)
    .flatMap((type) => {
      const directive = type.directives?.find((d) => d.name.value === "embedded");
      if (!directive) return [];
      const arg = directive.arguments?.find((a) => a.name.value === "from")?.value;
      const fields = arg?.kind === Kind.LIST ? arg.values.map((v) => (v.kind === Kind.STRING ? v.value : "")) : [];
      const label = type.name.value;
      const stringFields = new Set(
        (type.fields ?? []).filter((f) => /^String!?$/.test(print(f.type))).map((f) => f.name.value),
      );
      for (const field of fields) {
        if (!SAFE_NAME.test(field) || !stringFields.has(field)) {
          throw new Error(`@embedded on ${label} names "${field}", which is not a String field of ${label}`);
        }
      }
      if (!SAFE_NAME.test(label) || fields.length === 0) throw new Error(`@embedded on ${label} needs at least one field`);
      if (!type.fields?.some((f) => f.name.value === "embeddingStatus")) {
        throw new Error(`${label} is @embedded but has no embeddingStatus field`);
      }
      const contextArg = directive.arguments?.find((a) => a.name.value === "contextBy")?.value;
      const contextBy = contextArg?.kind === Kind.STRING ? contextArg.value : undefined;
      if (contextBy !== undefined && (!SAFE_NAME.test(contextBy) || !stringFields.has(contextBy))) {
        throw new Error(`@embedded on ${label} has contextBy "${contextBy}", which is not a String field of ${label}`);
      }
      return [contextBy ? { label, fields, contextBy } : { label, fields }];
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Name of the vector index of an embedded label: `memory_embedding`. */
export const vectorIndexName = (label: string) => `${label.toLowerCase()}_embedding`;

/** Name of the vector index over the contextual vectors of a label: `memory_context_embedding`. */
export const contextVectorIndexName = (label: string) => `${label.toLowerCase()}_context_embedding`;
