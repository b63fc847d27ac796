import { expect } from "vitest";
/** Operations the belief tests send (schema/belief-tools.graphql and the generated Belief/Reflection/Experience CRUD). */
export const CREATE_EXPERIENCES = `mutation ($input: [ExperienceCreateInput!]!) { createExperiences(input: $input) { experiences { id } } }`;

const REFLECTION_FIELDS = `id ownerId content trigger planner fallbackReason promptVersion insightsGained
  considered { id }
  beliefsFormed { id content confidence strength state visibility domains sourceType contradicts { id } evolvedFrom { id } }`;

export const REFLECT = `mutation ($agentId: ID!, $limit: Int) { reflect(agentId: $agentId, limit: $limit) { ${REFLECTION_FIELDS} } }`;
export const MEMORY_REFLECT = `mutation ($limit: Int) { memoryReflect(limit: $limit) { ${REFLECTION_FIELDS} } }`;

export const MEMORY_STORE = `mutation ($content: String!, $type: MemoryKind!, $confidence: Float, $domains: [String!], $category: InsightCategory, $outcome: Outcome) {
  memoryStore(content: $content, type: $type, confidence: $confidence, domains: $domains, category: $category, outcome: $outcome) { id kind confidence pooled }
}`;

export const MEMORY_SHARE = `mutation ($id: ID!) { memoryShare(knowledgeId: $id) { id ownerId visibility knowledgeType minConfidence knowledge { id visibility } } }`;

export const SUPERSEDE = `mutation ($id: ID!, $content: String!, $reason: String!, $confidence: Float) {
  supersedeBelief(id: $id, content: $content, reason: $reason, confidence: $confidence) {
    id content state confidence ownerId evolvedFrom { id state } evolvedFromConnection { edges { properties { reason } node { id } } }
  }
}`;

export const BELIEFS = `query ($ids: [ID!]!) { beliefs(where: { id: { in: $ids } }) { id content state visibility confidence strength
  evolvedInto { id } evolvedIntoConnection { edges { properties { reason } node { id } } } contradicts { id } } }`;

/** Experiences as generated createExperiences input. */
export const experiences = (items: { description: string; outcome?: "SUCCESS" | "PARTIAL" | "FAILED"; experienceType?: string }[]) =>
  items.map((e) => ({ experienceType: "task", ...e }));

/** The data of a response that must have succeeded. */
export async function data(res: Promise<{ data?: unknown; errors?: unknown[] }>): Promise<Record<string, any>> {
  const r = await res;
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as Record<string, any>;
}

/** The extensions of a response's first error. */
export const errorOf = async (res: Promise<{ errors?: { extensions?: Record<string, unknown> }[] }>) => (await res).errors?.[0]?.extensions;
