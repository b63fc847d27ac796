import { Kind, type DocumentNode, type ObjectTypeDefinitionNode } from "graphql";
import type { TransferTypes } from "../core/schemaFacts.js";
import { directiveName, hasDirective } from "../core/sdlDirectives.js";

/** Labels and relationship types end up in Cypher text (they cannot be parameters): only plain names pass. */
const SAFE_LABEL = /^[A-Z][A-Za-z0-9]*$/;
const SAFE_TYPE = /^[A-Z][A-Z_]*$/;


/**
 * The node labels (`@node` object types) and relationship types
 * (`@relationship(type:)` arguments) the SDL declares: the closed set a tenant
 * transfer reads and writes. Nodes outside it (API keys, outbox events,
 * workflow transitions) are the gateway's bookkeeping, not the tenant's data.
 * Throws on a name that could not safely enter Cypher text. Pure.
 */
export function transferTypes(document: DocumentNode): TransferTypes {
  const objects = document.definitions.filter((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION);
  const labels = new Set<string>();
  const types = new Set<string>();
  for (const object of objects) {
    if (hasDirective(object, "node")) labels.add(object.name.value);
    for (const field of object.fields ?? []) {
      const type = directiveName(field, "relationship", "type");
      if (type !== undefined) types.add(type);
    }
  }
  const unsafe = [...labels].find((l) => !SAFE_LABEL.test(l)) ?? [...types].find((t) => !SAFE_TYPE.test(t));
  if (unsafe !== undefined) throw new Error(`Refusing unsafe label or relationship type ${JSON.stringify(unsafe)}`);
  return { labels: [...labels].sort(), relationshipTypes: [...types].sort() };
}

/** The label a node is exported under: the first of `labels` (sorted) it carries, or undefined. Pure. */
export const primaryLabel = (allowed: readonly string[], nodeLabels: readonly string[]) => allowed.find((l) => nodeLabels.includes(l));
