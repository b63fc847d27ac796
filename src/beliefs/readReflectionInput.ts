import type { Tx } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import type { Row, Statement } from "../graph/statement.js";
import type { ActiveBelief, ExperienceInput } from "./reflectionPlan.js";

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

const OUTCOMES = ["SUCCESS", "PARTIAL", "FAILED"] as const;
const POLARITIES = ["POSITIVE", "NEGATIVE", "NEUTRAL"] as const;

const experienceOf = (r: Row): ExperienceInput => ({
  id: r.string("id"),
  description: r.string("description"),
  outcome: r.value("outcome") === null ? null : r.oneOf("outcome", OUTCOMES),
  experienceType: r.string("experienceType"),
  domains: r.strings("domains"),
});

const beliefOf = (r: Row): ActiveBelief => ({
  id: r.string("id"),
  content: r.string("content"),
  confidence: r.number("confidence"),
  domains: r.strings("domains"),
  supportCount: r.number("supportCount"),
  polarity: r.oneOf("polarity", POLARITIES),
});

/** EXPERIENCES and BELIEFS share their parameters. */
const inputParams = (tenantId: string, agentId: string, limit: number) => ({ tenantId, agentId, limit: cypherInt(limit), maxBeliefs: cypherInt(MAX_BELIEFS_CONSIDERED) });

const unconsidered = (tenantId: string, agentId: string, limit: number): Statement<ExperienceInput> => ({ cypher: EXPERIENCES, params: inputParams(tenantId, agentId, limit), decode: experienceOf });

const activeBeliefs = (tenantId: string, agentId: string, limit: number): Statement<ActiveBelief> => ({ cypher: BELIEFS, params: inputParams(tenantId, agentId, limit), decode: beliefOf });

/**
 * The agent's experiences no reflection has considered yet (the newest
 * `limit`, returned oldest first) and its ACTIVE beliefs, in the caller's
 * transaction (so both are read from one state).
 */
export async function readReflectionInput(tx: Tx, tenantId: string, agentId: string, limit: number): Promise<{ experiences: ExperienceInput[]; beliefs: ActiveBelief[] }> {
  const experiences = (await tx.run(unconsidered(tenantId, agentId, limit))).reverse();
  const beliefs = await tx.run(activeBeliefs(tenantId, agentId, limit));
  return { experiences, beliefs };
}
