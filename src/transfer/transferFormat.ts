import type { JsonValue } from "./propertyCodec.js";

/** The name and version of the export format, in its header line. A reader refuses another version. */
export const TRANSFER_FORMAT = "mnemograph";
export const TRANSFER_VERSION = 1;

/**
 * Properties that hold vectors, and the embedding worker's record of what it
 * embedded (src/embeddings/embedBatch.ts, src/facts/factEmbeddingPass.ts):
 * exported only with the vectors, else dropped and the owner marked PENDING,
 * so the importing gateway's worker embeds it afresh instead of taking a
 * stored key for a vector that was left out.
 */
export const VECTOR_PROPERTIES: readonly string[] = ["embedding", "contextEmbedding", "standingEmbedding", "standing", "textRules", "priorWords", "embeddingKey", "embeddingModel", "embeddedAt"];

/**
 * Properties that name the exporting tenant: the search keys' index terms,
 * each under a hash of the tenant and owner (src/embeddings/keyTerms.ts).
 * Never exported; the owner is marked PENDING so the importing gateway's
 * worker writes terms of its own tenant (without a model run when the
 * vectors came along).
 */
export const TENANT_SCOPED_PROPERTIES: readonly string[] = ["keyTerms"];

/** The first line of an export. */
export interface HeaderLine {
  kind: "header";
  format: typeof TRANSFER_FORMAT;
  version: typeof TRANSFER_VERSION;
  tenantId: string;
  exportedAt: string;
  vectors: boolean;
  /** Nodes by label and relationships by type, as counted when the export began. */
  counts: { nodes: Record<string, number>; relationships: Record<string, number> };
}

/** A node: its label (the first SDL label it carries), every label, its id and properties (tenantId left out: the importer's tenant is written). */
export interface NodeLine {
  kind: "node";
  label: string;
  labels: string[];
  id: string;
  properties: Record<string, JsonValue>;
}

/** A node end of a relationship. */
export interface NodeRef {
  label: string;
  id: string;
}

/** A relationship between two nodes of the tenant. A fact is identified by its `factId` property, anything else by its type and ends. */
export interface RelationshipLine {
  kind: "relationship";
  type: string;
  from: NodeRef;
  to: NodeRef;
  properties: Record<string, JsonValue>;
}

export type DataLine = NodeLine | RelationshipLine;
export type TransferLine = HeaderLine | DataLine;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const ID = /^[^\s].{0,255}$/s;

function nodeRef(value: unknown, name: string, labels: ReadonlySet<string>): NodeRef {
  if (!isObject(value) || typeof value.label !== "string" || typeof value.id !== "string" || !ID.test(value.id)) throw new TypeError(`${name} must be { label, id }`);
  if (!labels.has(value.label)) throw new TypeError(`${name}.label ${JSON.stringify(value.label)} is not a node type of the schema`);
  return { label: value.label, id: value.id };
}

function properties(value: unknown): Record<string, JsonValue> {
  if (!isObject(value)) throw new TypeError("properties must be an object");
  return value as Record<string, JsonValue>;
}

/**
 * One data line of an export file (a node or a relationship), checked against
 * the closed set of labels and types the SDL declares: anything else is a
 * TypeError saying what is wrong. Property values are checked when decoded. Pure.
 */
export function parseDataLine(text: string, allowed: { labels: ReadonlySet<string>; relationshipTypes: ReadonlySet<string> }): DataLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new TypeError(`not JSON: ${(err as Error).message}`);
  }
  if (!isObject(value)) throw new TypeError("not a JSON object");
  if (value.kind === "node") {
    if (typeof value.label !== "string" || !allowed.labels.has(value.label)) throw new TypeError(`label ${JSON.stringify(value.label)} is not a node type of the schema`);
    if (typeof value.id !== "string" || !ID.test(value.id)) throw new TypeError("id must be a non-empty string");
    const labels = Array.isArray(value.labels) ? value.labels : [value.label];
    const unknown = labels.find((l) => typeof l !== "string" || !allowed.labels.has(l));
    if (unknown !== undefined) throw new TypeError(`label ${JSON.stringify(unknown)} is not a node type of the schema`);
    return { kind: "node", label: value.label, labels: [...new Set([value.label, ...(labels as string[])])], id: value.id, properties: properties(value.properties) };
  }
  if (value.kind === "relationship") {
    if (typeof value.type !== "string" || !allowed.relationshipTypes.has(value.type)) throw new TypeError(`relationship type ${JSON.stringify(value.type)} is not declared by the schema`);
    return { kind: "relationship", type: value.type, from: nodeRef(value.from, "from", allowed.labels), to: nodeRef(value.to, "to", allowed.labels), properties: properties(value.properties) };
  }
  throw new TypeError(`kind must be "node" or "relationship", not ${JSON.stringify(value.kind)}`);
}

/**
 * The header line of an export file, or a TypeError when the text is not one
 * of this format and version. Pure.
 */
export function parseHeaderLine(text: string): HeaderLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new TypeError(`the first line is not JSON: ${(err as Error).message}`);
  }
  if (!isObject(value) || value.kind !== "header" || value.format !== TRANSFER_FORMAT) throw new TypeError(`the first line is not a ${TRANSFER_FORMAT} export header`);
  if (value.version !== TRANSFER_VERSION) throw new TypeError(`export format version ${JSON.stringify(value.version)} is not supported (this version reads ${TRANSFER_VERSION})`);
  if (typeof value.tenantId !== "string" || !isObject(value.counts)) throw new TypeError("the header lacks tenantId or counts");
  return value as unknown as HeaderLine;
}
