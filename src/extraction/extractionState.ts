import neo4j, { type Driver } from "neo4j-driver";
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

/** The tenant's queue by status, and whether extraction is paused (one read). */
export async function extractionState(driver: Driver, database: string, config: ExtractionConfig, extractor: string | null, tenantId: string): Promise<ExtractionState> {
  const { records } = await driver.executeQuery(STATE, { tenantId }, { database, routing: neo4j.routing.READ });
  const record = records[0]!;
  const counts = record.get("counts") as { status: string | null; n: unknown; oldest: string | null }[];
  const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  const oldest = counts.find((c) => c.status === "PENDING")?.oldest;
  return {
    enabled: readsTenant(config, tenantId),
    extractor,
    paused: record.get("paused") === true,
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
export async function setExtractionPaused(driver: Driver, database: string, paused: boolean, by: string): Promise<void> {
  await driver.executeQuery(PAUSE, { paused, by }, { database });
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
export async function queueExtraction(driver: Driver, database: string, tenantId: string, statuses: readonly string[], channelId: string | null): Promise<number> {
  const session = driver.session({ database, defaultAccessMode: neo4j.session.WRITE });
  try {
    const result = await session.run(QUEUE, { tenantId, statuses, channelId });
    return Number(result.records[0]?.get("queued") ?? 0);
  } finally {
    await session.close();
  }
}
