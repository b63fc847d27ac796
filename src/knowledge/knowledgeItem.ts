import { VISIBILITIES } from "../auth/readRule.js";
import type { Row } from "../graph/statement.js";
import { KNOWLEDGE_TYPE_OF } from "./knowledgeTypes.js";

/** A knowledge node as the knowledge queries return it (KnowledgeItem in schema/knowledge-queries.graphql). */
export interface KnowledgeItem {
  id: string;
  type: string;
  ownerId: string;
  taskId: string | null;
  visibility: "PRIVATE" | "SHARED";
  confidence: number;
  domains: string[];
  createdAt: string;
  title: string | null;
  text: string | null;
}

/**
 * A knowledge node `v` as the KnowledgeItem map, in Cypher, less createdAt:
 * each type names its headline and body differently (the first one set wins),
 * and a confidence or domains never set read as 0 and []. One source for the
 * SDL's @cypher fields (knowledgeItem(v), expanded at schema build) and the
 * gateway's own statements (knowledgeProjection).
 */
const knowledgeFields = (v: string) => `.id, .ownerId, .taskId, .visibility,
  confidence: coalesce(${v}.confidence, 0), domains: coalesce(${v}.domains, []),
  type: ${KNOWLEDGE_TYPE_OF(v)},
  title: coalesce(${v}.name, ${v}.topic, ${v}.title, ${v}.insight, ${v}.targetProcess, ${v}.scope, ${v}.target, ${v}.context, ${v}.content, ${v}.description),
  text: coalesce(${v}.findings, ${v}.body, ${v}.summary, ${v}.lessonsLearned, ${v}.result, ${v}.proposedState, ${v}.notes, ${v}.description)`;

/** When it was created; never set reads as the epoch. */
const createdAt = (v: string) => `coalesce(${v}.createdAt, datetime({epochMillis: 0}))`;

/** `knowledgeItem(v)` in an SDL @cypher statement: the KnowledgeItem @neo4j/graphql serves (createdAt a DateTime). */
export const knowledgeItemCypher = (v: string) => `${v} { ${knowledgeFields(v)}, createdAt: ${createdAt(v)} }`;

/** The same map for the gateway's own statements, createdAt as epoch milliseconds: read with toKnowledgeItem. */
export const knowledgeProjection = (v: string) => `${v} { ${knowledgeFields(v)}, createdAt: ${createdAt(v)}.epochMillis }`;

/** The map `knowledgeProjection` returns (Row.row, Row.rows), as a KnowledgeItem. */
export function toKnowledgeItem(row: Row): KnowledgeItem {
  return {
    id: row.string("id"),
    type: row.string("type"),
    ownerId: row.string("ownerId"),
    taskId: row.stringOrNull("taskId"),
    visibility: row.oneOf("visibility", VISIBILITIES),
    confidence: row.number("confidence"),
    domains: row.strings("domains"),
    createdAt: new Date(row.number("createdAt")).toISOString(),
    title: row.stringOrNull("title"),
    text: row.stringOrNull("text"),
  };
}
