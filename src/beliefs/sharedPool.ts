/**
 * The agent team's cross-agent pool ("Tier 2: Shared Pool"). A knowledge node is in
 * the pool when a `SharedKnowledge` node of its tenant points at it:
 *
 *   (:SharedKnowledge {tenantId, id, ownerId, knowledgeType, minConfidence, sharedAt, visibility: 'SHARED'})-[:SHARES]->(k:Knowledge {visibility: 'SHARED'})
 *
 * Joining sets the node's `visibility` to SHARED, so every agent of the tenant
 * may read it under the ordinary READ rule. At most one entry per node.
 * docs/beliefs-and-reflection.md ("Shared pool") is the contract readers use.
 */

/** The label of a pool entry and the relationship from the entry to the knowledge node. */
export const POOL_ENTRY_LABEL = "SharedKnowledge";
export const POOL_EDGE = "SHARES";

/** The agent team's `min_confidence: 0.7`, the default of SHARED_POOL_THRESHOLD. */
export const DEFAULT_POOL_THRESHOLD = 0.7;

/** Does knowledge with this confidence join the pool automatically? At or above the threshold. Pure. */
export function joinsPool(confidence: number | null | undefined, threshold: number): boolean {
  return typeof confidence === "number" && Number.isFinite(confidence) && confidence >= threshold;
}

/** Why a node is in the pool: it reached the threshold, or its owner shared it (memoryShare). */
export type PoolReason = "CONFIDENCE" | "SHARED_BY_OWNER";

/**
 * The `minConfidence` an entry records: the threshold it was admitted at, or 0
 * for an owner's explicit share (no confidence bar). Pure.
 */
export function entryMinConfidence(reason: PoolReason, threshold: number): number {
  return reason === "CONFIDENCE" ? threshold : 0;
}

type Item = Record<string, unknown>;
const isItem = (v: unknown): v is Item => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A generated create's `input` (a list of nodes) with `visibility: SHARED` for
 * each node whose confidence joins the pool and whose writer did not choose a
 * visibility (`chosen[i]`), so the node is written SHARED and the mutation's
 * own answer says so; the pool entry is made after the write
 * (joinPoolOnWrite). A writer's explicit PRIVATE is kept. Pure.
 */
export function poolVisibility(input: unknown, chosen: readonly boolean[], threshold: number): unknown {
  if (!Array.isArray(input)) return input;
  return input.map((item, i) => (isItem(item) && chosen[i] === false && joinsPool(item.confidence as number, threshold) ? { ...item, visibility: "SHARED" } : item));
}
