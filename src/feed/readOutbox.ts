import neo4j, { type Driver } from "neo4j-driver";
import type { OutboxEvent } from "../core/outboxEvent.js";
import { readQuery } from "../graph/readQuery.js";

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
export async function readOutbox(
  target: { driver: Driver; database: string },
  tenantId: string,
  afterSeq: number,
  limit: number,
): Promise<OutboxEvent[]> {
  if (!Number.isSafeInteger(afterSeq) || afterSeq < 0) throw new RangeError(`afterSeq must be a non-negative integer, got ${afterSeq}`);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_OUTBOX_PAGE) throw new RangeError(`limit must be 1..${MAX_OUTBOX_PAGE}, got ${limit}`);
  const rows = await readQuery<{ event: Record<string, unknown> }>(target, READ_OUTBOX, { tenantId, afterSeq: neo4j.int(afterSeq), limit: neo4j.int(limit) });
  return rows.map((r) => toOutboxEvent(r.event));
}

export function toOutboxEvent(row: Record<string, unknown>): OutboxEvent {
  return {
    tenantId: row.tenantId as string,
    seq: neo4j.integer.toNumber(row.seq as number),
    type: row.type as string,
    nodeId: row.nodeId as string,
    nodeType: row.nodeType as string,
    actorAgentId: row.actorAgentId as string,
    ownerId: row.ownerId as string,
    visibility: row.visibility as OutboxEvent["visibility"],
    sharedWith: (row.sharedWith as string[] | null) ?? [],
    domains: (row.domains as string[] | null) ?? [],
    confidence: (row.confidence as number | null) ?? null,
    tier: (row.tier as string | null) ?? null,
    payload: JSON.parse(row.payload as string) as Record<string, unknown>,
    createdAt: new Date(row.createdAt as string),
  };
}
