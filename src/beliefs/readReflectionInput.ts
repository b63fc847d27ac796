import neo4j, { type ManagedTransaction } from "neo4j-driver";
import type { ActiveBelief, ExperienceInput, Polarity } from "./reflectionPlan.js";

/** How many ACTIVE beliefs a reflection weighs new experiences against (the most recently touched). */
export const MAX_BELIEFS_CONSIDERED = 200;

const EXPERIENCES = `
  MATCH (e:Experience {tenantId: $tenantId, ownerId: $agentId})
  WHERE NOT EXISTS { (:Reflection)-[:CONSIDERED]->(e) }
  WITH e ORDER BY coalesce(e.occurredAt, e.createdAt) DESC, e.id DESC LIMIT $limit
  RETURN e.id AS id, e.description AS description, e.outcome AS outcome, coalesce(e.experienceType, '') AS experienceType,
         coalesce(e.domains, []) AS domains`;

const BELIEFS = `
  MATCH (b:Belief {tenantId: $tenantId, ownerId: $agentId, state: 'ACTIVE'})
  WITH b ORDER BY coalesce(b.updatedAt, b.createdAt) DESC, b.id LIMIT $maxBeliefs
  RETURN b.id AS id, b.content AS content, b.confidence AS confidence, coalesce(b.domains, []) AS domains,
         coalesce(b.supportCount, 1) AS supportCount, coalesce(b.polarity, 'NEUTRAL') AS polarity`;

/**
 * The agent's experiences no reflection has considered yet (the newest
 * `limit`, returned oldest first) and its ACTIVE beliefs.
 */
export async function readReflectionInput(
  tx: ManagedTransaction,
  tenantId: string,
  agentId: string,
  limit: number,
): Promise<{ experiences: ExperienceInput[]; beliefs: ActiveBelief[] }> {
  const params = { tenantId, agentId, limit: neo4j.int(limit), maxBeliefs: neo4j.int(MAX_BELIEFS_CONSIDERED) };
  const experiences = (await tx.run(EXPERIENCES, params)).records
    .map((r) => ({ id: r.get("id"), description: r.get("description"), outcome: r.get("outcome") ?? null, experienceType: r.get("experienceType"), domains: r.get("domains") }) as ExperienceInput)
    .reverse();
  const beliefs = (await tx.run(BELIEFS, params)).records.map(
    (r): ActiveBelief => ({
      id: r.get("id"),
      content: r.get("content"),
      confidence: r.get("confidence"),
      domains: r.get("domains"),
      supportCount: neo4j.integer.toNumber(r.get("supportCount")),
      polarity: r.get("polarity") as Polarity,
    }),
  );
  return { experiences, beliefs };
}
