import { encodeProperties } from "./propertyCodec.js";
import { TENANT_SCOPED_PROPERTIES, VECTOR_PROPERTIES, type NodeLine, type RelationshipLine } from "./transferFormat.js";
import { primaryLabel } from "./transferTypes.js";

/**
 * Node or relationship properties as exported, sorted by name (two exports of
 * the same data are the same text): tenantId left out (the importer writes
 * its own), vectors only when asked for, else the owner marked PENDING so the
 * embedding worker re-embeds it; the search keys' tenant-scoped terms never
 * (the owner marked PENDING too, for the importer's worker to write). Pure.
 */
export function exportedProperties(properties: Record<string, unknown>, vectors: boolean) {
  const entries = Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const kept = Object.fromEntries(
    entries.filter(([k]) => k !== "tenantId" && !TENANT_SCOPED_PROPERTIES.includes(k) && (vectors || !VECTOR_PROPERTIES.includes(k))),
  );
  const scoped = TENANT_SCOPED_PROPERTIES.some((k) => k in properties);
  if ((!vectors || scoped) && "embeddingStatus" in kept) kept.embeddingStatus = "PENDING";
  return encodeProperties(kept);
}

/** A node read from the graph as its export line. Pure. */
export function nodeLine(label: string, labels: string[], properties: Record<string, unknown>, vectors: boolean): NodeLine {
  const { id, ...rest } = properties;
  return { kind: "node", label, labels: [...labels].sort(), id: String(id), properties: exportedProperties(rest, vectors) };
}

/** A relationship read from the graph as its export line; its end is named by the first SDL label it carries. Pure. */
export function relationshipLine(
  allowed: readonly string[],
  from: { label: string; id: string },
  rel: { type: string; toLabels: string[]; toId: string; properties: Record<string, unknown> },
  vectors: boolean,
): RelationshipLine {
  return {
    kind: "relationship",
    type: rel.type,
    from,
    to: { label: primaryLabel(allowed, rel.toLabels)!, id: rel.toId },
    properties: exportedProperties(rel.properties, vectors),
  };
}
