import type { OutboxEvent } from "../core/outboxEvent.js";
import { executor, type GraphTarget } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import type { Row, Statement } from "../graph/statement.js";

export const MAX_OUTBOX_PAGE = 1000;

export const READ_OUTBOX = `
  MATCH (e:OutboxEvent) WHERE e.tenantId = $tenantId AND e.seq > $afterSeq
  RETURN e { .*, createdAt: toString(e.createdAt) } AS event
  ORDER BY e.seq
  LIMIT $limit`;

/**
 * Events of a tenant with `seq > afterSeq`, oldest first, at most `limit`
 * (1..1000): what a subscriber replays from its cursor. Unfiltered: the
 * caller decides which events an agent may see (docs/knowledge-feed.md).
 * Because writers commit in sequence order, a page never skips an event that
 * commits later. One auto-commit statement (one round trip, not a managed
 * transaction's three): every tenant's poller runs it several times a second.
 */
export async function readOutbox(target: GraphTarget, tenantId: string, afterSeq: number, limit: number): Promise<OutboxEvent[]> {
  if (!Number.isSafeInteger(afterSeq) || afterSeq < 0) throw new RangeError(`afterSeq must be a non-negative integer, got ${afterSeq}`);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_OUTBOX_PAGE) throw new RangeError(`limit must be 1..${MAX_OUTBOX_PAGE}, got ${limit}`);
  return executor(target).read(outboxPage(tenantId, afterSeq, limit));
}

/** The `event` column of READ_OUTBOX, NUMBER and READ_BACK. */
export const outboxEventOf = (r: Row): OutboxEvent => toOutboxEvent(r.row("event"));

/** READ_OUTBOX for one page. */
const outboxPage = (tenantId: string, afterSeq: number, limit: number): Statement<OutboxEvent> => ({
  cypher: READ_OUTBOX,
  params: { tenantId, afterSeq: cypherInt(afterSeq), limit: cypherInt(limit) },
  decode: outboxEventOf,
});

const VISIBILITIES = ["PRIVATE", "SHARED"] as const;

/** An event as the outbox's statements return it: `e { .*, createdAt: toString(e.createdAt) }`, read as a Row. */
export function toOutboxEvent(event: Row): OutboxEvent {
  return {
    tenantId: event.string("tenantId"),
    seq: event.number("seq"),
    type: event.string("type"),
    nodeId: event.string("nodeId"),
    nodeType: event.string("nodeType"),
    actorAgentId: event.string("actorAgentId"),
    ownerId: event.string("ownerId"),
    visibility: event.oneOf("visibility", VISIBILITIES),
    sharedWith: event.stringsOrEmpty("sharedWith"),
    domains: event.stringsOrEmpty("domains"),
    confidence: event.numberOrNull("confidence"),
    tier: event.stringOrNull("tier"),
    payload: JSON.parse(event.string("payload")) as Record<string, unknown>,
    createdAt: new Date(event.string("createdAt")),
  };
}
