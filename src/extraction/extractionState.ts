import { executor, type GraphTarget } from "../graph/executor.js";
import { noRows, RowShapeError, type Row } from "../graph/statement.js";
import { toNumber } from "../graph/readQuery.js";
import type { ExtractionConfig } from "../config/config.js";

/** `ExtractionState` of schema/extraction.graphql. */
export interface ExtractionState {
  enabled: boolean;
  extractor: string | null;
  paused: boolean;
  pending: number;
  failed: number;
  skipped: number;
  done: number;
  oldestPendingSeconds: number;
}

/** Whether this process reads the tenant's messages at all. Pure. */
export const readsTenant = (config: ExtractionConfig, tenantId: string) =>
  config.mode !== "off" && (config.onlyTenants.length === 0 || config.onlyTenants.includes(tenantId)) && !config.offTenants.includes(tenantId);

const STATE = `
  OPTIONAL MATCH (ctl:ExtractionControl {id: 'global'})
  CALL () {
    MATCH (m:Message) WHERE m.tenantId = $tenantId
    WITH m.extractionStatus AS status, count(*) AS n, min(CASE WHEN m.extractionStatus = 'PENDING' THEN m.createdAt END) AS oldest
    RETURN collect({status: status, n: n, oldest: toString(oldest)}) AS counts
  }
  RETURN coalesce(ctl.paused, false) AS paused, counts`;

/** STATE's `counts`: a map per status, its count and its oldest PENDING message. */
function statusCounts(value: unknown): { status: string | null; n: number; oldest: string | null }[] {
  if (!Array.isArray(value)) throw new RowShapeError("counts", "a list of maps", value);
  return value.map((c: { status?: unknown; n?: unknown; oldest?: unknown }) => ({
    status: typeof c.status === "string" ? c.status : null,
    n: toNumber(c.n) ?? 0,
    oldest: typeof c.oldest === "string" ? c.oldest : null,
  }));
}

/** The tenant's queue by status, and whether extraction is paused (one read). */
export async function extractionState(driver: GraphTarget["driver"], database: string, config: ExtractionConfig, extractor: string | null, tenantId: string): Promise<ExtractionState> {
  const statement = {
    cypher: STATE,
    params: { tenantId },
    decode: (r: Row) => ({ paused: r.boolean("paused"), counts: r.value("counts") }),
  };
  const [state] = await executor({ driver, database }).readTransaction((tx) => tx.run(statement));
  const counts = statusCounts(state!.counts);
  const count = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
  const oldest = counts.find((c) => c.status === "PENDING")?.oldest;
  return {
    enabled: readsTenant(config, tenantId),
    extractor,
    paused: state!.paused,
    pending: count("PENDING"),
    failed: count("FAILED"),
    skipped: count("SKIPPED"),
    done: count("DONE"),
    oldestPendingSeconds: oldest ? Math.max(0, Math.round((Date.now() - Date.parse(oldest)) / 1000)) : 0,
  };
}

const PAUSE = `
  MERGE (ctl:ExtractionControl {id: 'global'})
  SET ctl.paused = $paused, ctl.updatedAt = datetime(), ctl.updatedBy = $by`;

/** Pauses or resumes every worker on this database: each checks before it claims. */
export async function setExtractionPaused(driver: GraphTarget["driver"], database: string, paused: boolean, by: string): Promise<void> {
  await executor({ driver, database }).writeTransaction((tx) => tx.run(noRows(PAUSE, { paused, by })));
}

// Committed in batches: a long history is queued without one huge transaction.
const QUEUE = `
  MATCH (m:Message) WHERE m.tenantId = $tenantId AND m.extractionStatus IN $statuses
    AND ($channelId IS NULL OR EXISTS { (m)-[:IN_CHANNEL]->(:Channel {tenantId: $tenantId, id: $channelId}) })
  CALL (m) {
    SET m.extractionStatus = 'PENDING', m.extractionAttempts = 0, m.extractionLeaseUntil = null, m.extractionLeaseBy = null, m.extractionNote = null
  } IN TRANSACTIONS OF 5000 ROWS
  RETURN count(m) AS queued`;

/** Queues the tenant's messages of these statuses again; returns how many. */
export async function queueExtraction(driver: GraphTarget["driver"], database: string, tenantId: string, statuses: readonly string[], channelId: string | null): Promise<number> {
  // CALL … IN TRANSACTIONS needs an auto-commit transaction; queueing again is safe to retry.
  const [queued] = await executor({ driver, database }).write({ cypher: QUEUE, params: { tenantId, statuses, channelId }, decode: (r) => r.number("queued") });
  return queued ?? 0;
}
