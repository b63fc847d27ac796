import { VISIBLE_TO_CALLER } from "../auth/policy.js";
import { FORGETTABLE, FORGETTABLE_LABELS, forgettableLabel } from "./forgettable.js";
import { dropPassages } from "../embeddings/passageGraph.js";

/**
 * The statements of correct and forget, built from the closed set of
 * forgettable types (forgettable.ts); every value is a parameter. Pure.
 */

/**
 * The node with `$id` among the forgettable types, locked, whatever the caller may read:
 * one branch per label, so each uses the (tenantId, id) constraint's index.
 */
export const FIND_FORGETTABLE = `
  CALL () {
    ${FORGETTABLE_LABELS.map((l) => `MATCH (n:${forgettableLabel(l)} {tenantId: $callerTenant, id: $id}) RETURN n, '${l}' AS nodeType`).join("\n    UNION ALL\n    ")}
  }
  WITH n, nodeType LIMIT 1
  CALL apoc.lock.nodes([n])
  RETURN nodeType, n.ownerId AS ownerId, n.visibility AS visibility, coalesce(n.sharedWith, []) AS sharedWith,
         coalesce(n.domains, []) AS domains, ${VISIBLE_TO_CALLER} AS readable`;

/**
 * Forgets node `$id` of `label` with everything that copies its content: its
 * earlier versions (superseded beliefs before it, revisions), the memories
 * agents kept of it (a message remembered through rememberAs), a pool entry
 * that shares nothing else, the summaries of its feed events, and the
 * retrieveContext traces that quote it. Full-text and vector indexes follow
 * the deleted nodes. Counts what went.
 */
export function forgetStatement(label: string): string {
  const l = forgettableLabel(label);
  return `
  MATCH (n:${l} {tenantId: $callerTenant, id: $id})
  OPTIONAL MATCH (earlier:Belief)-[:EVOLVED_INTO*1..]->(n) WHERE earlier.tenantId = $callerTenant
  OPTIONAL MATCH (n)-[:REVISED_FROM]->(revision:Revision)
  WITH n, collect(DISTINCT earlier) + collect(DISTINCT revision) AS history
  CALL (n) {
    OPTIONAL MATCH (kept:Memory {tenantId: $callerTenant, source: n.id}) WHERE n:Message
    WITH collect(kept) AS kept
    ${dropPassages(["kept"], "kept")}
    FOREACH (k IN kept | DETACH DELETE k)
    RETURN size(kept) AS derived
  }
  CALL (n, history) {
    OPTIONAL MATCH (sk:SharedKnowledge {tenantId: $callerTenant})-[:SHARES]->(target) WHERE target = n OR target IN history
    WITH sk WHERE sk IS NOT NULL AND NOT EXISTS { MATCH (sk)-[:SHARES]->(other) WHERE other <> n AND NOT other IN history }
    WITH collect(DISTINCT sk) AS entries
    FOREACH (e IN entries | DETACH DELETE e)
    RETURN size(entries) AS poolEntries
  }
  CALL (n, history) {
    WITH [n.id] + [h IN history | h.id] AS ids
    OPTIONAL MATCH (e:OutboxEvent {tenantId: $callerTenant}) WHERE e.nodeId IN ids
    WITH collect(e) AS events
    FOREACH (e IN events | SET e.payload = '{"forgotten":true}')
    RETURN size(events) AS events
  }
  CALL (n) {
    OPTIONAL MATCH (run:RetrievalRun {tenantId: $callerTenant}) WHERE run.steps CONTAINS n.id
    WITH collect(run) AS runs
    FOREACH (r IN runs | DETACH DELETE r)
    RETURN size(runs) AS traces
  }
  WITH n, history, derived, poolEntries, events, traces
  ${dropPassages(["n", "history"], "[n] + history")}
  FOREACH (h IN history | DETACH DELETE h)
  DETACH DELETE n
  RETURN size(history) AS versions, derived, poolEntries, events, traces`;
}

/** The audit record of a forget or an erasure: who, what and when, never the content. */
export const AUDIT = `
  CREATE (:ForgetAudit {
    id: $auditId, tenantId: $callerTenant, action: $action, actorAgentId: $callerAgent, nodeId: $nodeId, nodeType: $nodeType,
    ownerId: $ownerId, removed: $removed, at: datetime($at)
  })`;

/**
 * Corrects node `$id` of `label` in place, keeping the earlier content as a
 * Revision (REVISED_FROM, newest first by `revisedAt`) that no search reads:
 * the node keeps its id and links, its text is the new one, and its vector is
 * dropped until the embedding worker makes one of the new text.
 */
export function correctStatement(label: string): string {
  const l = forgettableLabel(label);
  const { content, title } = FORGETTABLE[l]!;
  const previous = title ? `{${content}: n.${content}, ${title.property}: n.${title.property}}` : `{${content}: n.${content}}`;
  const setTitle = title ? `, n.${title.property} = left($headline, ${title.max})` : "";
  return `
  MATCH (n:${l} {tenantId: $callerTenant, id: $id})
  CREATE (n)-[:REVISED_FROM]->(:Revision {
    id: $revisionId, tenantId: $callerTenant, ownerId: n.ownerId, visibility: 'PRIVATE', sharedWith: [], nodeId: n.id, nodeType: '${l}',
    previous: apoc.convert.toJson(${previous}), reason: $reason, revisedAt: datetime($at), revisedBy: $callerAgent
  })
  SET n.${content} = $content${setTitle}, n.updatedAt = datetime($at), n.embeddingStatus = 'PENDING'
  // What the embedding worker derived from the old text goes with it: vectors and search keys.
  REMOVE n.embedding, n.contextEmbedding, n.standingEmbedding, n.standing, n.textRules, n.keys, n.keyTerms, n.embeddingKey
  WITH n
  ${dropPassages(["n"], "[n]")}
  RETURN n.id AS id`;
}
