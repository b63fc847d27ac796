const SAFE_LABEL = /^[A-Z][A-Za-z0-9]*$/;

// The set itself is derived once, with the other schema facts: core/schemaFacts.ts knowledgeLabels.

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
