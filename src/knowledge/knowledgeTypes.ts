/**
 * The node types implementing `Knowledge` (schema/knowledge.graphql,
 * schema/workflow.graphql, schema/beliefs.graphql): a closed set, so labels
 * written into Cypher text never come from outside. A unit test checks it
 * against the SDL.
 */
export const KNOWLEDGE_LABELS = [
  "Concept",
  "Research",
  "Content",
  "Application",
  "SecurityAudit",
  "CodeReview",
  "Analysis",
  "Insight",
  "Opportunity",
  "Synthesis",
  "ProcessInsight",
  "ProcessPattern",
  "ProcessUpdate",
  "Documentation",
  "WorkflowImprovement",
  "Belief",
] as const;

export type KnowledgeLabel = (typeof KNOWLEDGE_LABELS)[number];

/** `Concept|Research|…`: a label expression matching any knowledge node. */
export const ANY_KNOWLEDGE = KNOWLEDGE_LABELS.join("|");

/** The closed set as a Cypher list literal (labels are identifiers: nothing from outside enters the text). */
const LABEL_LIST = `[${KNOWLEDGE_LABELS.map((l) => `'${l}'`).join(", ")}]`;

/**
 * The Knowledge type of `v` (its one label of the closed set), as Cypher. The
 * list is written into the text, so the expression needs no parameter and
 * serves the SDL's @cypher statements (knowledgeItem(v)) as it serves ours.
 */
export const KNOWLEDGE_TYPE_OF = (v: string) => `head([l IN labels(${v}) WHERE l IN ${LABEL_LIST}])`;

/** The full-text index over knowledge text (src/app/migrations.ts). */
export const KNOWLEDGE_FULLTEXT_INDEX = "knowledge_text";

export const isKnowledgeLabel = (name: string): name is KnowledgeLabel => (KNOWLEDGE_LABELS as readonly string[]).includes(name);
