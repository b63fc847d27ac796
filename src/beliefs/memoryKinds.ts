import { ensureAgentNode } from "../graph/agentNode.js";

/**
 * What the agent team's memory_store writes for each `type` (schema/belief-tools.graphql
 * `MemoryKind`): the node type, and the CREATE statement that fills the type's
 * required fields from `content` alone (the note's tool takes content, type and
 * confidence). Labels are fixed text here; values are parameters.
 */
export const MEMORY_KINDS = ["BELIEF", "INSIGHT", "EXPERIENCE", "RESEARCH", "CONCEPT", "CONTENT", "ANALYSIS", "DOCUMENTATION"] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** The node type each kind is stored as (docs/beliefs-and-reflection.md, "memoryStore"). */
export const STORED_AS: Readonly<Record<MemoryKind, string>> = {
  BELIEF: "Belief",
  INSIGHT: "Insight",
  EXPERIENCE: "Experience",
  RESEARCH: "Research",
  CONCEPT: "Concept",
  CONTENT: "Content",
  ANALYSIS: "Analysis",
  DOCUMENTATION: "Documentation",
};

/** The properties every knowledge kind starts with; `$headline` is the content's first line (headline()). */
const OWNED = `id: $id, tenantId: $tenantId, ownerId: $ownerId, visibility: 'PRIVATE', sharedWith: [], confidence: $confidence,
      domains: $domains, createdAt: datetime($at), embeddingStatus: 'PENDING'`;

// The writer's Agent node records the write as activity (Agent.lastActiveAt) in the same statement;
// a caller's first write creates it (an agent is its credentials' subject). Knowledge is linked to it
// as the six-agent squad's graph has it, (:Agent)-[:CREATED]->(k); an Experience is not knowledge.
const ACTIVE = `
    WITH k
    ${ensureAgentNode("me", "$tenantId", "$ownerId")}
    SET me.lastActiveAt = datetime($at)
    FOREACH (_ IN CASE WHEN k:Experience THEN [] ELSE [1] END | MERGE (me)-[:CREATED]->(k))`;

export const CREATE_STATEMENT: Readonly<Record<MemoryKind, string>> = {
  BELIEF: `
    CREATE (k:Belief {
      ${OWNED}, content: $content, strength: 0.25,
      sourceType: 'EXPERIENCE', state: 'ACTIVE', supportCount: 1, polarity: 'NEUTRAL'
    })${ACTIVE}`,
  INSIGHT: `
    CREATE (k:Insight {
      ${OWNED}, insight: $content, category: $category, potentialValue: 'MEDIUM', urgency: 'EVENTUAL', relevantTo: []
    })${ACTIVE}`,
  EXPERIENCE: `
    CREATE (k:Experience {
      id: $id, tenantId: $tenantId, ownerId: $ownerId, visibility: 'PRIVATE', sharedWith: [], description: $content,
      domains: $domains, experienceType: coalesce($domains[0], 'general'), outcome: $outcome, resolved: false, occurredAt: datetime($at), createdAt: datetime($at)
    })${ACTIVE}`,
  RESEARCH: `
    CREATE (k:Research { ${OWNED}, topic: $headline, findings: $content, sources: [], depth: 'MODERATE' })${ACTIVE}`,
  CONCEPT: `
    CREATE (k:Concept { ${OWNED}, name: left($headline, 300), description: $content, source: 'RESEARCH' })${ACTIVE}`,
  CONTENT: `
    CREATE (k:Content { ${OWNED}, contentType: 'ARTICLE', title: $headline, body: $content })${ACTIVE}`,
  ANALYSIS: `
    CREATE (k:Analysis {
      ${OWNED}, analysisType: 'PATTERN', title: $headline, findings: $content,
      dataSources: [], opportunities: [], risks: [], recommendations: []
    })${ACTIVE}`,
  DOCUMENTATION: `
    CREATE (k:Documentation { ${OWNED}, docType: 'REFERENCE', title: $headline, content: $content, documents: [], needsUpdate: false })${ACTIVE}`,
};

/** The first non-empty line of `content`, at most 500 characters: a Research topic, a Content or Analysis title. Pure. */
export function headline(content: string): string {
  const line = content.split("\n").map((l) => l.trim()).find((l) => l.length > 0) ?? content.trim();
  return line.length <= 500 ? line : `${line.slice(0, 499)}…`;
}
