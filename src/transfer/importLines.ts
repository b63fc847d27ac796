import { decodeValue } from "./propertyCodec.js";
import { parseDataLine, type DataLine } from "./transferFormat.js";
import type { TransferTypes } from "../core/schemaFacts.js";

/** One line of an export file as sent to the gateway: its text and its line number in the file, for the report. */
export interface NumberedLine {
  line: number;
  text: string;
}

/** A line the import did not write, and why. */
export interface RefusedLine {
  line: number;
  error: string;
}

/** A node ready to write: its properties decoded to Neo4j values. */
export interface NodeRow {
  line: number;
  id: string;
  properties: Record<string, unknown>;
}

/** A relationship ready to write; `factId` identifies a fact (else the type and the two ends do). */
export interface RelationshipRow {
  line: number;
  from: string;
  to: string;
  factId: string | null;
  properties: Record<string, unknown>;
}

/** What one batch writes, grouped by what Cypher text it needs: a label set, or a type with its two end labels. */
export interface ImportPlan {
  nodes: Map<string, { labels: string[]; rows: NodeRow[] }>;
  relationships: Map<string, { type: string; from: string; to: string; keyed: boolean; rows: RelationshipRow[] }>;
  refused: RefusedLine[];
}

const decodeAll = (properties: Record<string, unknown>) => Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, decodeValue(v)]));

/** Properties the line may not set: the identity the importer writes itself. */
const RESERVED = ["tenantId", "id"];

/**
 * Parses a batch of export lines into the writes they ask for, grouped for
 * one statement each; a line that is not JSON, names a label or type the SDL
 * does not declare, or holds a value the format does not write, is refused
 * with its line number. Pure.
 */
export function planImport(lines: readonly NumberedLine[], types: TransferTypes): ImportPlan {
  const allowed = { labels: new Set(types.labels), relationshipTypes: new Set(types.relationshipTypes) };
  const plan: ImportPlan = { nodes: new Map(), relationships: new Map(), refused: [] };
  for (const { line, text } of lines) {
    let parsed: DataLine;
    let properties: Record<string, unknown>;
    try {
      parsed = parseDataLine(text, allowed);
      const reserved = RESERVED.find((k) => k in parsed.properties && parsed.kind === "node");
      if (reserved) throw new TypeError(`properties.${reserved} is written by the importer, not the file`);
      properties = decodeAll(parsed.properties);
    } catch (err) {
      plan.refused.push({ line, error: (err as Error).message });
      continue;
    }
    if (parsed.kind === "node") {
      const labels = [parsed.label, ...parsed.labels.filter((l) => l !== parsed.label).sort()];
      const key = labels.join(":");
      const group = plan.nodes.get(key) ?? { labels, rows: [] };
      group.rows.push({ line, id: parsed.id, properties });
      plan.nodes.set(key, group);
    } else {
      const factId = typeof parsed.properties.factId === "string" ? parsed.properties.factId : null;
      const key = `${parsed.type}:${parsed.from.label}:${parsed.to.label}:${factId !== null}`;
      const group = plan.relationships.get(key) ?? { type: parsed.type, from: parsed.from.label, to: parsed.to.label, keyed: factId !== null, rows: [] };
      group.rows.push({ line, from: parsed.from.id, to: parsed.to.id, factId, properties });
      plan.relationships.set(key, group);
    }
  }
  return plan;
}
