import type { Caller } from "../core/caller.js";
import type { Tx } from "../graph/executor.js";
import type { Row, Statement } from "../graph/statement.js";
import { canWrite, VISIBLE_TO_CALLER, visibilityParams } from "../auth/policy.js";
import { ForbiddenError, NotFoundError } from "../errors/errors.js";
import type { StagedEvents } from "../core/outboxEvent.js";
import { appendOutboxEvent, writeWithEvents } from "../feed/index.js";
import { KNOWLEDGE_SHARED_EVENT, knowledgeEvent } from "./beliefEvents.js";
import type { BeliefDeps } from "./beliefDeps.js";
import { joinPool } from "./joinPool.js";
import { checkedLabel, labelDisjunction } from "./knowledgeLabels.js";
import { VISIBILITIES } from "../auth/readRule.js";

const find = (labels: string) => `
  MATCH (n:${labels} {tenantId: $callerTenant, id: $id}) WHERE ${VISIBLE_TO_CALLER}
  RETURN [l IN labels(n) WHERE l IN $knowledgeLabels][0] AS label, n.ownerId AS ownerId, n.visibility AS visibility,
         coalesce(n.sharedWith, []) AS sharedWith, coalesce(n.domains, []) AS domains, n.confidence AS confidence`;

interface FoundKnowledge {
  label: string;
  ownerId: string;
  visibility: "PRIVATE" | "SHARED";
  sharedWith: string[];
  domains: string[];
  confidence: number | null;
}

/** The knowledge node `id` if the caller may read it: its label and who may read it. */
const findKnowledge = (deps: BeliefDeps, caller: Caller, id: string): Statement<FoundKnowledge> => ({
  cypher: find(labelDisjunction(deps.knowledgeLabels)),
  params: { ...visibilityParams(caller), id, knowledgeLabels: deps.knowledgeLabels },
  decode: (r: Row) => ({
    label: r.string("label"),
    ownerId: r.string("ownerId"),
    visibility: r.oneOf("visibility", VISIBILITIES),
    sharedWith: r.strings("sharedWith"),
    domains: r.strings("domains"),
    confidence: r.numberOrNull("confidence"),
  }),
});

/**
 * The agent team's memory_share, in one transaction: the knowledge node joins the
 * shared pool (joinPool.ts: SHARED, one SharedKnowledge entry) and, when it
 * was not in it yet, a KNOWLEDGE_SHARED event is appended. Sharing twice
 * returns the same entry. NOT_FOUND unless the caller may read a knowledge
 * node with that id, FORBIDDEN unless it owns it or is an admin. Returns the
 * entry's id.
 */
export async function memoryShare(deps: BeliefDeps, caller: Caller, knowledgeId: string): Promise<string> {
  return (await writeWithEvents(deps, (tx) => shareIn(tx, deps, caller, knowledgeId))).result;
}

async function shareIn(tx: Tx, deps: BeliefDeps, caller: Caller, id: string): Promise<{ result: string; staged: StagedEvents | null }> {
  const [found] = await tx.run(findKnowledge(deps, caller, id));
  if (!found) throw new NotFoundError(`No knowledge ${id} visible to you in this tenant`);
  const node = { tenantId: caller.tenantId, ownerId: found.ownerId, visibility: found.visibility, sharedWith: found.sharedWith };
  if (!canWrite(caller, node)) throw new ForbiddenError(`Only its owner "${node.ownerId}" or an admin may share knowledge ${id}`);
  const label = checkedLabel(found.label, deps.knowledgeLabels);
  const at = deps.now();
  const [entry] = await joinPool(tx, { tenantId: caller.tenantId, label, knowledgeIds: [id], reason: "SHARED_BY_OWNER", threshold: deps.poolThreshold, sharedBy: caller.agentId, at });
  if (!entry!.created) return { result: entry!.entryId, staged: null };
  const snapshot = { id, nodeType: label, ownerId: node.ownerId, visibility: "SHARED" as const, sharedWith: node.sharedWith, domains: found.domains, confidence: found.confidence };
  const staged = await appendOutboxEvent(tx, knowledgeEvent(KNOWLEDGE_SHARED_EVENT, snapshot, caller, { entryId: entry!.entryId }, at));
  return { result: entry!.entryId, staged };
}
