import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import type { Tx } from "../graph/executor.js";
import { noRows, onlyRow, type Row, type Statement } from "../graph/statement.js";
import { canWrite, visibilityParams } from "../auth/policy.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors/errors.js";
import type { StagedEvents } from "../core/outboxEvent.js";
import { appendOutboxEvent, writeWithEvents } from "../feed/index.js";
import { lockVisibleNode } from "../graph/lockVisibleNode.js";
import { linkCreator } from "../graph/creatorLink.js";
import { BELIEF_FORMED_EVENT, knowledgeEvent } from "./beliefEvents.js";
import type { BeliefDeps } from "./beliefDeps.js";
import { joinPool } from "./joinPool.js";
import { joinsPool } from "./sharedPool.js";
import { VISIBILITIES } from "../auth/readRule.js";

export interface SupersedeArgs {
  id: string;
  content: string;
  reason: string;
  confidence: number | null;
  domains: string[] | null;
}

const READ = `
  MATCH (n:Belief {tenantId: $callerTenant, id: $id})
  RETURN n.state AS state, n.ownerId AS ownerId, n.visibility AS visibility, coalesce(n.sharedWith, []) AS sharedWith,
         n.confidence AS confidence, coalesce(n.domains, []) AS domains`;

// The new belief inherits who may read the old one; the old one keeps everything but its state.
const EVOLVE = `
  MATCH (old:Belief {tenantId: $callerTenant, id: $id, state: 'ACTIVE'})
  CREATE (new:Belief {
    id: $newId, tenantId: old.tenantId, ownerId: old.ownerId, visibility: old.visibility, sharedWith: coalesce(old.sharedWith, []),
    confidence: $confidence, domains: $domains, taskId: old.taskId, createdAt: datetime($at), embeddingStatus: 'PENDING',
    content: $content, strength: coalesce(old.strength, 0.5), sourceType: coalesce(old.sourceType, 'REFLECTION'), sourceId: old.id,
    state: 'ACTIVE', supportCount: coalesce(old.supportCount, 1), polarity: coalesce(old.polarity, 'NEUTRAL')
  })
  SET old.state = 'SUPERSEDED', old.updatedAt = datetime($at)
  CREATE (old)-[:EVOLVED_INTO {reason: $reason, at: datetime($at)}]->(new)
  WITH new
  ${linkCreator("new", "new.tenantId", "new.ownerId")}
  RETURN count(*) AS written`;

/** READ's row: the belief's state, who may read it, and what a new version inherits. */
interface CurrentBelief {
  state: string;
  ownerId: string;
  visibility: "PRIVATE" | "SHARED";
  sharedWith: string[];
  confidence: number;
  domains: string[];
}

const readBelief = (params: Record<string, unknown>): Statement<CurrentBelief> => ({
  cypher: READ,
  params,
  decode: (r: Row) => ({
    state: r.string("state"),
    ownerId: r.string("ownerId"),
    visibility: r.oneOf("visibility", VISIBILITIES),
    sharedWith: r.strings("sharedWith"),
    confidence: r.number("confidence"),
    domains: r.strings("domains"),
  }),
});

/**
 * Evolves a belief in one transaction: a new ACTIVE belief, the old one
 * SUPERSEDED with `EVOLVED_INTO {reason, at}` to it, nothing deleted, so the
 * chain old → … → newest stays readable. The new one joins the pool when its
 * confidence reaches the threshold; a BELIEF_FORMED event is appended last.
 * NOT_FOUND unless the caller may read the belief, FORBIDDEN unless it owns
 * it (or is an admin), CONFLICT unless it is ACTIVE. Returns the new id.
 */
export async function supersedeBelief(deps: BeliefDeps, caller: Caller, args: SupersedeArgs, newId: string = randomUUID()): Promise<string> {
  return (await writeWithEvents(deps, (tx) => supersedeIn(tx, deps, caller, args, newId))).result;
}

async function supersedeIn(tx: Tx, deps: BeliefDeps, caller: Caller, args: SupersedeArgs, newId: string): Promise<{ result: string; staged: StagedEvents }> {
  const base = { ...visibilityParams(caller), id: args.id };
  if (!(await lockVisibleNode(tx, "Belief", base))) {
    throw new NotFoundError(`No belief ${args.id} visible to you in this tenant`);
  }
  const current = onlyRow(await tx.run(readBelief(base)));
  const old = { tenantId: caller.tenantId, ownerId: current.ownerId, visibility: current.visibility, sharedWith: current.sharedWith };
  if (!canWrite(caller, old)) throw new ForbiddenError(`Only the belief's owner "${old.ownerId}" or an admin may supersede belief ${args.id}`);
  const { state } = current;
  if (state !== "ACTIVE") throw new ConflictError(`Belief ${args.id} is ${state}: only an ACTIVE belief can be superseded (supersede the newest one in its chain)`, { currentState: state });
  const at = deps.now();
  const confidence = args.confidence ?? current.confidence;
  const domains = args.domains ?? current.domains;
  await tx.run(noRows(EVOLVE, { ...base, newId, content: args.content, reason: args.reason, confidence, domains, at: at.toISOString() }));
  const pooled = joinsPool(confidence, deps.poolThreshold);
  if (pooled) await joinPool(tx, { tenantId: caller.tenantId, label: "Belief", knowledgeIds: [newId], reason: "CONFIDENCE", threshold: deps.poolThreshold, sharedBy: caller.agentId, at });
  const node = { id: newId, nodeType: "Belief", ownerId: old.ownerId, visibility: pooled ? ("SHARED" as const) : old.visibility, sharedWith: old.sharedWith, domains, confidence };
  const staged = await appendOutboxEvent(tx, knowledgeEvent(BELIEF_FORMED_EVENT, node, caller, { supersedes: args.id, reason: args.reason, pooled }, at));
  return { result: newId, staged };
}
