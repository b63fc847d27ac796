import { randomUUID } from "node:crypto";
import type { Tx } from "../graph/executor.js";
import type { Statement } from "../graph/statement.js";
import { entryMinConfidence, joinsPool, type PoolReason } from "./sharedPool.js";

export interface PoolJoin {
  tenantId: string;
  /** The knowledge node's label, already checked against the closed set (knowledgeLabels.ts). */
  label: string;
  knowledgeIds: readonly string[];
  reason: PoolReason;
  threshold: number;
  sharedBy: string;
  at: Date;
}

/** One node's pool entry after joining; `created` is false when it was already in the pool. */
export interface PoolEntry {
  knowledgeId: string;
  entryId: string;
  created: boolean;
}

// The knowledge node is locked before its entry is looked for, so two joins of
// the same node queue and the second finds the first's entry: one entry per node.
const join = (label: string) => `
  UNWIND $rows AS row
  MATCH (k:${label} {tenantId: $tenantId, id: row.knowledgeId})
  CALL apoc.lock.nodes([k])
  SET k.visibility = 'SHARED'
  WITH k, row
  OPTIONAL MATCH (old:SharedKnowledge {tenantId: $tenantId})-[:SHARES]->(k)
  WITH k, row, head(collect(old)) AS old
  FOREACH (_ IN CASE WHEN old IS NULL THEN [1] ELSE [] END |
    CREATE (:SharedKnowledge {
      id: row.entryId, tenantId: $tenantId, ownerId: k.ownerId, visibility: 'SHARED', sharedWith: [],
      knowledgeId: k.id, knowledgeType: $label, minConfidence: $minConfidence, accessedBy: [], appliedBy: [],
      sharedBy: $sharedBy, reason: $reason, sharedAt: datetime($at)
    })-[:SHARES]->(k))
  WITH k, old
  MATCH (sk:SharedKnowledge {tenantId: $tenantId})-[:SHARES]->(k)
  RETURN k.id AS knowledgeId, coalesce(old.id, sk.id) AS entryId, old IS NULL AS created`;

/** The statement that puts `p.knowledgeIds` into the pool (each with a fresh entry id, used when it has none). */
const joinPoolStatement = (p: PoolJoin): Statement<PoolEntry> => ({
  cypher: join(p.label),
  params: {
    tenantId: p.tenantId,
    rows: p.knowledgeIds.map((knowledgeId) => ({ knowledgeId, entryId: randomUUID() })),
    label: p.label,
    minConfidence: entryMinConfidence(p.reason, p.threshold),
    sharedBy: p.sharedBy,
    reason: p.reason,
    at: p.at.toISOString(),
  },
  decode: (r) => ({ knowledgeId: r.string("knowledgeId"), entryId: r.string("entryId"), created: r.boolean("created") }),
});

/**
 * Puts knowledge nodes into the shared pool inside the caller's transaction
 * (sharedPool.ts defines the pool): makes each SHARED and gives it a
 * SharedKnowledge entry unless it has one.
 */
export async function joinPool(tx: Tx, p: PoolJoin): Promise<PoolEntry[]> {
  if (p.knowledgeIds.length === 0) return [];
  return tx.run(joinPoolStatement(p));
}

/** Written knowledge as the feed's outbox describes it (feed's WrittenKnowledge, the fields joining needs). */
interface Written {
  nodeType: string;
  operation: "CREATE" | "UPDATE";
  id: string;
  visibility: "PRIVATE" | "SHARED";
  confidence: number | null;
}

/**
 * The pool rule for knowledge created through the generated CRUD (createResearch,
 * createConcepts, …), as memoryStore, reflect and supersedeBelief apply it:
 * what is created SHARED at or above the threshold (poolVisibility writes it so
 * unless its writer chose PRIVATE) gets its pool entry in the same transaction.
 * Updates do not join: whether an earlier PRIVATE was chosen is not known.
 * Labels come from the outbox's closed set.
 */
export function joinPoolOnWrite(threshold: number) {
  return async <W extends Written>(tx: Tx, caller: { tenantId: string; agentId: string }, written: W[], at: Date): Promise<W[]> => {
    const joining = written.filter((w) => w.operation === "CREATE" && w.visibility === "SHARED" && joinsPool(w.confidence, threshold));
    for (const label of new Set(joining.map((w) => w.nodeType))) {
      const ids = joining.filter((w) => w.nodeType === label).map((w) => w.id);
      await joinPool(tx, { tenantId: caller.tenantId, label, knowledgeIds: ids, reason: "CONFIDENCE", threshold, sharedBy: caller.agentId, at });
    }
    return written;
  };
}
