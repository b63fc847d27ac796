import { ConflictError } from "../errors/errors.js";
import type { Tx } from "../graph/executor.js";
import { linkCreator } from "../graph/creatorLink.js";
import { cypherInt } from "../graph/readQuery.js";
import { noRows, onlyRow, type Statement } from "../graph/statement.js";
import type { StagedEvents } from "../core/outboxEvent.js";
import { appendOutboxEvents } from "../feed/index.js";
import { BELIEF_FORMED_EVENT, knowledgeEvent, type KnowledgeSnapshot } from "./beliefEvents.js";
import { joinPool } from "./joinPool.js";
import type { ReflectionPlan } from "./reflectionPlan.js";
import { joinsPool } from "./sharedPool.js";

export interface ReflectionWrite {
  tenantId: string;
  agentId: string;
  /** The agent whose request this is (the agent itself, or an admin). */
  actorAgentId: string;
  reflectionId: string;
  trigger: string;
  plan: ReflectionPlan;
  poolThreshold: number;
  at: Date;
}

// Locking the considered experiences and the beliefs the plan changes makes a
// concurrent reflection of the same agent wait here; it then sees this one's
// CONSIDERED edges and states, and refuses instead of considering them twice.
const LOCK = `
  OPTIONAL MATCH (e:Experience {tenantId: $tenantId, ownerId: $agentId}) WHERE e.id IN $considered
  WITH collect(e) AS experiences
  OPTIONAL MATCH (b:Belief {tenantId: $tenantId, ownerId: $agentId}) WHERE b.id IN $changed
  WITH experiences, collect(b) AS beliefs
  WITH experiences + beliefs AS nodes
  CALL apoc.lock.nodes(nodes)
  RETURN size(nodes) AS locked`;

const STILL_OPEN = `
  MATCH (e:Experience {tenantId: $tenantId, ownerId: $agentId}) WHERE e.id IN $considered AND NOT EXISTS { (:Reflection)-[:CONSIDERED]->(e) }
  WITH count(e) AS open
  OPTIONAL MATCH (b:Belief {tenantId: $tenantId, ownerId: $agentId, state: 'ACTIVE'}) WHERE b.id IN $changed
  RETURN open, count(b) AS active`;

const REFLECTION = `
  CREATE (r:Reflection {
    id: $reflectionId, tenantId: $tenantId, ownerId: $agentId, visibility: 'PRIVATE', sharedWith: [],
    content: $content, trigger: $trigger, insightsGained: $insights, createdAt: datetime($at),
    planner: $planner, fallbackReason: $fallbackReason, promptVersion: $promptVersion
  })
  WITH r
  UNWIND $considered AS experienceId
  MATCH (e:Experience {tenantId: $tenantId, ownerId: $agentId, id: experienceId})
  CREATE (r)-[:CONSIDERED]->(e)
  RETURN count(*) AS written`;

const FORMED = `
  MATCH (r:Reflection {tenantId: $tenantId, id: $reflectionId})
  UNWIND $formed AS f
  CREATE (b:Belief {
    id: f.id, tenantId: $tenantId, ownerId: $agentId, visibility: 'PRIVATE', sharedWith: [], confidence: f.confidence,
    domains: f.domains, createdAt: datetime($at), embeddingStatus: 'PENDING', content: f.content, strength: f.strength,
    sourceType: 'REFLECTION', sourceId: $reflectionId, state: 'ACTIVE', supportCount: f.supportCount, polarity: f.polarity
  })
  CREATE (r)-[:FORMED]->(b)
  WITH b
  ${linkCreator("b", "$tenantId", "$agentId")}
  RETURN count(*) AS written`;

const SUPERSEDE = `
  UNWIND $supersedes AS s
  MATCH (old:Belief {tenantId: $tenantId, ownerId: $agentId, id: s.beliefId, state: 'ACTIVE'})
  MATCH (new:Belief {tenantId: $tenantId, id: s.newId})
  SET old.state = 'SUPERSEDED', old.updatedAt = datetime($at)
  CREATE (old)-[:EVOLVED_INTO {reason: s.reason, at: datetime($at)}]->(new)
  RETURN count(*) AS written`;

const CONTRADICTS = `
  UNWIND $links AS l
  MATCH (a:Belief {tenantId: $tenantId, ownerId: $agentId, id: l.from})
  MATCH (b:Belief {tenantId: $tenantId, ownerId: $agentId, id: l.to})
  MERGE (a)-[:CONTRADICTS]->(b)
  RETURN count(*) AS written`;

const REINFORCE = `
  UNWIND $reinforced AS u
  MATCH (b:Belief {tenantId: $tenantId, ownerId: $agentId, id: u.beliefId, state: 'ACTIVE'})
  SET b.confidence = u.confidence, b.strength = u.strength, b.supportCount = u.supportCount, b.updatedAt = datetime($at)
  RETURN count(*) AS written`;

/** A write that returns how many rows it wrote, as `written`. */
const written = (cypher: string, params: Record<string, unknown>): Statement<number> => ({ cypher, params, decode: (r) => r.number("written") });

/** STILL_OPEN: how many of the considered experiences are still unconsidered, and of the changed beliefs still ACTIVE. */
const stillOpen = (params: Record<string, unknown>): Statement<{ open: number; active: number }> => ({
  cypher: STILL_OPEN,
  params,
  decode: (r) => ({ open: r.number("open"), active: r.number("active") }),
});

/**
 * Writes a reflection plan in the caller's transaction: the Reflection with
 * its CONSIDERED experiences, the beliefs FORMED, supersessions
 * (EVOLVED_INTO {reason}, the old belief SUPERSEDED, never deleted),
 * CONTRADICTS links, reinforcements, pool entries for beliefs at the pool
 * threshold, and last one BELIEF_FORMED outbox event per belief. CONFLICT
 * when a concurrent reflection got there first (nothing is written then).
 */
export async function writeReflection(tx: Tx, w: ReflectionWrite): Promise<StagedEvents> {
  const { plan } = w;
  const changed = [...plan.formed.flatMap((f) => (f.supersedes ? [f.supersedes.beliefId] : [])), ...plan.reinforced.map((r) => r.beliefId)];
  const base = { tenantId: w.tenantId, agentId: w.agentId, at: w.at.toISOString(), reflectionId: w.reflectionId, considered: plan.considered, changed };
  await tx.run(noRows(LOCK, base));
  const state = onlyRow(await tx.run(stillOpen(base)));
  if (state.open !== plan.considered.length || state.active !== new Set(changed).size) {
    throw new ConflictError(`A concurrent reflection of agent "${w.agentId}" considered these experiences or changed these beliefs first; reflect again`);
  }
  await tx.run(noRows(REFLECTION, { ...base, content: plan.content, trigger: w.trigger, insights: plan.insights, planner: plan.planner, fallbackReason: plan.fallbackReason, promptVersion: plan.promptVersion }));
  const formed = plan.formed.map((f) => ({ id: f.id, content: f.content, confidence: f.confidence, strength: f.strength, domains: f.domains, supportCount: cypherInt(f.supportCount), polarity: f.polarity }));
  if (formed.length) await tx.run(noRows(FORMED, { ...base, formed }));
  const supersedes = plan.formed.flatMap((f) => (f.supersedes ? [{ ...f.supersedes, newId: f.id }] : []));
  if (supersedes.length && onlyRow(await tx.run(written(SUPERSEDE, { ...base, supersedes }))) !== supersedes.length) {
    throw new ConflictError("A belief this reflection supersedes is no longer ACTIVE; reflect again");
  }
  const links = plan.formed.flatMap((f) => f.contradicts.map((to) => ({ from: f.id, to })));
  if (links.length) await tx.run(noRows(CONTRADICTS, { ...base, links }));
  const reinforced = plan.reinforced.map((r) => ({ ...r, supportCount: cypherInt(r.supportCount) }));
  if (reinforced.length) await tx.run(noRows(REINFORCE, { ...base, reinforced }));
  const poolIds = [...plan.formed, ...plan.reinforced.map((r) => ({ id: r.beliefId, confidence: r.confidence }))]
    .filter((b) => joinsPool(b.confidence, w.poolThreshold))
    .map((b) => b.id);
  await joinPool(tx, { tenantId: w.tenantId, label: "Belief", knowledgeIds: poolIds, reason: "CONFIDENCE", threshold: w.poolThreshold, sharedBy: w.agentId, at: w.at });
  const pooled = new Set(poolIds);
  const events = plan.formed.map((f) => {
    const node: KnowledgeSnapshot = { id: f.id, nodeType: "Belief", ownerId: w.agentId, visibility: pooled.has(f.id) ? "SHARED" : "PRIVATE", sharedWith: [], domains: f.domains, confidence: f.confidence };
    const payload = { reflectionId: w.reflectionId, planner: plan.planner, supersedes: f.supersedes?.beliefId ?? null, contradicts: f.contradicts, pooled: pooled.has(f.id) };
    return knowledgeEvent(BELIEF_FORMED_EVENT, node, { tenantId: w.tenantId, agentId: w.actorAgentId }, payload, w.at);
  });
  return appendOutboxEvents(tx, events);
}
