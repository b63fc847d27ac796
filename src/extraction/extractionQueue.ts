import { executor, type GraphTarget, type Tx } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import { noRows, onlyRow, type Row } from "../graph/statement.js";

/** A message the worker holds a lease on, with what the extractor needs to know of it. */
export interface ClaimedMessage {
  key: string;
  id: string;
  tenantId: string;
  ownerId: string;
  visibility: string;
  content: string;
  timestamp: string;
  channelId: string | null;
  /** False when the channel says not to learn from it. */
  learnFacts: boolean;
  authorPersonId: string | null;
  mentions: string[];
  /** The hash of the text last read for facts, if any. */
  extractionKey: string | null;
  attempts: number;
}

// Nothing while an operator has paused extraction (pauseExtraction). Candidates
// are read without locks; the lock is taken next, and the claim checks again
// under it, so two workers never both hold one message.
// The queue is read by a seek on the (extractionStatus, timestamp) index, in
// the index's order, so a claim reads about `limit` messages, never every
// message of the store nor every PENDING one: the lease test is one predicate
// (an OR would split the seek in two), the ORDER BY names both keys of the
// index (with one status that is timestamp order; with the timestamp alone the
// planner sorts every PENDING message), and the control node is read after the
// LIMIT, so the planner starts from the index.
const CANDIDATES = `
  MATCH (m:Message) USING INDEX SEEK m:Message(extractionStatus, timestamp)
  WHERE m.extractionStatus = 'PENDING' AND m.timestamp IS NOT NULL
    AND coalesce(m.extractionLeaseUntil < datetime(), true)
    AND (size($tenants) = 0 OR m.tenantId IN $tenants)
  WITH m ORDER BY m.extractionStatus, m.timestamp LIMIT $limit
  OPTIONAL MATCH (ctl:ExtractionControl {id: 'global'})
  WITH m, ctl WHERE ctl IS NULL OR ctl.paused <> true
  RETURN elementId(m) AS key`;

// Messages by element id, one key per row: `elementId(m) = key` is a seek by id in every plan, where
// `elementId(m) IN $keys` was planned as a scan of every Message while the store held few (a new gateway's).
const LOCK = `UNWIND $keys AS key MATCH (m:Message) WHERE elementId(m) = key CALL apoc.lock.nodes([m]) RETURN count(*) AS locked`;

const CLAIM = `
  UNWIND $keys AS key
  MATCH (m:Message) WHERE elementId(m) = key AND m.extractionStatus = 'PENDING'
    AND (m.extractionLeaseUntil IS NULL OR m.extractionLeaseUntil < datetime())
  SET m.extractionLeaseBy = $worker, m.extractionLeaseUntil = datetime() + duration({seconds: $leaseSeconds}),
      m.extractionAttempts = coalesce(m.extractionAttempts, 0) + 1
  WITH m
  OPTIONAL MATCH (m)-[:IN_CHANNEL]->(ch:Channel)
  OPTIONAL MATCH (author:Person)-[:AUTHORED]->(m)
  OPTIONAL MATCH (byId:Person {tenantId: m.tenantId, id: m.authorId})
  OPTIONAL MATCH (m)-[:MENTIONS]->(mentioned:Person)
  WITH m, head(collect(ch)) AS ch, coalesce(head(collect(author.id)), head(collect(byId.id))) AS authorPersonId,
       [id IN collect(DISTINCT mentioned.id) WHERE id IS NOT NULL] AS mentions
  RETURN elementId(m) AS key, m.id AS id, m.tenantId AS tenantId, m.ownerId AS ownerId, m.visibility AS visibility,
         m.content AS content, toString(m.timestamp) AS timestamp, ch.id AS channelId, coalesce(ch.learnFacts, true) AS learnFacts,
         authorPersonId, mentions, m.extractionKey AS extractionKey, m.extractionAttempts AS attempts
  ORDER BY m.timestamp`;

/** A claimed message as CLAIM returns it (the SDL makes id, owner, visibility, content and timestamp required). */
const claimedMessage = (r: Row): ClaimedMessage => ({
  key: r.string("key"),
  id: r.string("id"),
  tenantId: r.string("tenantId"),
  ownerId: r.string("ownerId"),
  visibility: r.string("visibility"),
  content: r.stringOrNull("content") ?? "",
  timestamp: r.string("timestamp"),
  channelId: r.stringOrNull("channelId"),
  learnFacts: r.boolean("learnFacts"),
  authorPersonId: r.stringOrNull("authorPersonId"),
  mentions: r.strings("mentions"),
  extractionKey: r.stringOrNull("extractionKey"),
  attempts: r.numberOrNull("attempts") ?? 0,
});

/**
 * Claims up to `limit` PENDING messages whose lease has lapsed, oldest first,
 * for `worker`: each claim counts as an attempt. One write transaction.
 */
export async function claimMessages(
  driver: GraphTarget["driver"],
  database: string,
  worker: string,
  { limit, leaseSeconds, tenants }: { limit: number; leaseSeconds: number; tenants: readonly string[] },
): Promise<ClaimedMessage[]> {
  return executor({ driver, database }).writeTransaction(async (tx) => {
    const keys = await tx.run({ cypher: CANDIDATES, params: { limit: cypherInt(limit), tenants }, decode: (r) => r.string("key") });
    if (keys.length === 0) return [];
    await tx.run(noRows(LOCK, { keys }));
    return tx.run({ cypher: CLAIM, params: { keys, worker, leaseSeconds: cypherInt(leaseSeconds) }, decode: claimedMessage });
  });
}

/** How a claimed message leaves the queue. */
export interface Settled {
  key: string;
  /** The text that was read: the message is settled only if it still holds it (an edit meanwhile keeps it PENDING). */
  content: string;
  status: "DONE" | "SKIPPED";
  contentKey: string;
  note: string | null;
  facts: number;
  extractor: string;
}

const SETTLE = `
  UNWIND $rows AS row
  MATCH (m:Message) WHERE elementId(m) = row.key AND m.extractionLeaseBy = $worker
  WITH m, row, m.content = row.content AS unchanged
  SET m.extractionLeaseBy = null, m.extractionLeaseUntil = null,
      m.extractionStatus = CASE WHEN unchanged THEN row.status ELSE 'PENDING' END,
      m.extractionKey = CASE WHEN unchanged THEN row.contentKey ELSE m.extractionKey END,
      m.extractionNote = CASE WHEN unchanged THEN row.note ELSE m.extractionNote END,
      m.extractedFacts = CASE WHEN unchanged THEN row.facts ELSE m.extractedFacts END,
      m.extractedBy = CASE WHEN unchanged THEN row.extractor ELSE m.extractedBy END,
      m.extractedAt = CASE WHEN unchanged THEN datetime() ELSE m.extractedAt END,
      m.extractionAttempts = CASE WHEN unchanged THEN 0 ELSE m.extractionAttempts END
  RETURN count(m) AS settled`;

/** The queue's statements, for the test that checks their plans read messages by index or id, never by label scan. */
export const QUEUE_STATEMENTS = { candidates: CANDIDATES, lock: LOCK, claim: CLAIM, settle: SETTLE } as const;

/** Thrown inside a settling transaction when another worker took a message over: everything of that transaction rolls back. */
export class LeaseLostError extends Error {
  constructor(expected: number, held: number) {
    super(`The extraction lease was lost on ${expected - held} of ${expected} messages: another worker took them over`);
    this.name = "LeaseLostError";
  }
}

/**
 * Marks messages DONE or SKIPPED inside `tx` (the transaction that wrote their
 * facts, if any), after locking them: if this worker no longer holds every
 * lease, it throws and the facts roll back with it; the new holder does the work.
 */
export async function settleMessages(tx: Tx, worker: string, rows: readonly Settled[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.run(noRows(LOCK, { keys: rows.map((r) => r.key) }));
  const settle = { cypher: SETTLE, params: { worker, rows: rows.map((r) => ({ ...r, facts: cypherInt(r.facts) })) }, decode: (r: Row) => r.number("settled") };
  const settled = onlyRow(await tx.run(settle));
  if (settled !== rows.length) throw new LeaseLostError(rows.length, settled);
}

/** Settles messages in a transaction of their own (messages that gave no facts). */
export async function settleAlone(driver: GraphTarget["driver"], database: string, worker: string, rows: readonly Settled[]): Promise<void> {
  if (rows.length === 0) return;
  // Without the shared bookmarks, as settling alone always wrote.
  await executor({ driver, database }).writeTransaction((tx) => settleMessages(tx, worker, rows), { bookmarks: false });
}

const RELEASE = `
  UNWIND $keys AS key
  MATCH (m:Message) WHERE elementId(m) = key AND m.extractionLeaseBy = $worker
  SET m.extractionLeaseBy = null,
      m.extractionStatus = CASE WHEN m.extractionAttempts >= $maxAttempts THEN 'FAILED' ELSE m.extractionStatus END,
      m.extractionNote = CASE WHEN m.extractionAttempts >= $maxAttempts THEN $error ELSE m.extractionNote END,
      // Back-off: the lease keeps other passes off it for 2^attempts seconds (capped).
      m.extractionLeaseUntil = datetime() + duration({seconds: toInteger(CASE WHEN 2 ^ m.extractionAttempts > 600 THEN 600 ELSE 2 ^ m.extractionAttempts END)})
  RETURN count(m) AS released`;

/** After a failed pass: each message waits 2^attempts seconds before it is tried again, and is FAILED after `maxAttempts`. */
export async function releaseFailed(driver: GraphTarget["driver"], database: string, worker: string, keys: readonly string[], maxAttempts: number, error: string): Promise<void> {
  if (keys.length === 0) return;
  const statement = noRows(RELEASE, { keys, worker, maxAttempts: cypherInt(maxAttempts), error: error.slice(0, 500) });
  await executor({ driver, database }).writeTransaction((tx) => tx.run(statement));
}
