import { Kind, type DocumentNode, type ObjectTypeDefinitionNode } from "graphql";

const SAFE_LABEL = /^[A-Z][A-Za-z0-9]*$/;

/**
 * The node types implementing `Knowledge` in the SDL: what memoryShare may put
 * into the pool. Labels end up in Cypher text (they cannot be parameters), so
 * only plain names pass. Pure.
 */
export function knowledgeLabels(document: DocumentNode): string[] {
  return document.definitions
    .filter((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION)
    .filter((t) => t.interfaces?.some((i) => i.name.value === "Knowledge"))
    .map((t) => t.name.value)
    .filter((label) => SAFE_LABEL.test(label))
    .sort();
}

/** A label pattern `(:A|B|C)` from a checked closed set, for a MATCH over any knowledge type. Pure. */
export function labelDisjunction(labels: readonly string[]): string {
  if (labels.length === 0 || !labels.every((l) => SAFE_LABEL.test(l))) throw new Error(`Not a set of plain labels: ${labels.join(", ")}`);
  return labels.join("|");
}

/** Throws unless `label` is one of `allowed`: the guard before a label enters Cypher text. */
export function checkedLabel(label: string, allowed: readonly string[]): string {
  if (!allowed.includes(label) || !SAFE_LABEL.test(label)) throw new Error(`"${label}" is not a knowledge type`);
  return label;
}
