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
 * A knowledge node `v` as a map, in Cypher (parameters: `knowledgeLabels`).
 * Each type names its headline and body differently; the first one set wins.
 */
export const knowledgeProjection = (v: string) => `${v} {
  .id, .ownerId, .taskId, .visibility, .confidence, .domains,
  type: ${KNOWLEDGE_TYPE_OF(v)},
  createdAt: ${v}.createdAt.epochMillis,
  title: coalesce(${v}.name, ${v}.topic, ${v}.title, ${v}.insight, ${v}.targetProcess, ${v}.scope, ${v}.target, ${v}.context, ${v}.content, ${v}.description),
  text: coalesce(${v}.findings, ${v}.body, ${v}.summary, ${v}.lessonsLearned, ${v}.result, ${v}.proposedState, ${v}.notes, ${v}.description)
}`;

/** The map `knowledgeProjection` returns (Row.row, Row.rows), as a KnowledgeItem. */
export function toKnowledgeItem(row: Row): KnowledgeItem {
  return {
    id: row.string("id"),
    type: row.string("type"),
    ownerId: row.string("ownerId"),
    taskId: row.stringOrNull("taskId"),
    visibility: row.oneOf("visibility", VISIBILITIES),
    confidence: row.numberOrNull("confidence") ?? 0,
    domains: row.stringsOrEmpty("domains"),
    createdAt: new Date(row.numberOrNull("createdAt") ?? 0).toISOString(),
    title: row.stringOrNull("title"),
    text: row.stringOrNull("text"),
  };
}
