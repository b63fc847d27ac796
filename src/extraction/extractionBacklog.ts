import neo4j, { type Driver } from "neo4j-driver";

/** The extraction queue as health and metrics show it. */
export interface ExtractionBacklog {
  pending: number;
  failed: number;
  /** Seconds since the oldest PENDING message was stored (0 when none waits). */
  oldestPendingSeconds: number;
  /** An operator paused every worker (pauseExtraction). */
  paused: boolean;
}

const BACKLOG = `
  CALL () { MATCH (m:Message) WHERE m.extractionStatus = 'PENDING' RETURN count(m) AS pending, min(m.createdAt) AS oldest }
  CALL () { MATCH (m:Message) WHERE m.extractionStatus = 'FAILED' RETURN count(m) AS failed }
  OPTIONAL MATCH (ctl:ExtractionControl {id: 'global'})
  RETURN pending, failed, coalesce(ctl.paused, false) AS paused, CASE WHEN oldest IS NULL THEN 0 ELSE duration.inSeconds(oldest, datetime()).seconds END AS lag`;

/** Counts from the status index (no scan of the messages). */
export async function extractionBacklog(driver: Driver, database: string): Promise<ExtractionBacklog> {
  const record = (await driver.executeQuery(BACKLOG, {}, { database, routing: neo4j.routing.READ })).records[0]!;
  return { pending: Number(record.get("pending")), failed: Number(record.get("failed")), oldestPendingSeconds: Math.max(0, Number(record.get("lag"))), paused: record.get("paused") === true };
}
