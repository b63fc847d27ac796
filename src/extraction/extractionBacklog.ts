import { executor, type GraphTarget } from "../graph/executor.js";
import type { Row } from "../graph/statement.js";

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
export async function extractionBacklog(driver: GraphTarget["driver"], database: string): Promise<ExtractionBacklog> {
  const decode = (r: Row): ExtractionBacklog => ({ pending: r.number("pending"), failed: r.number("failed"), oldestPendingSeconds: Math.max(0, r.number("lag")), paused: r.boolean("paused") });
  const [backlog] = await executor({ driver, database }).readTransaction((tx) => tx.run({ cypher: BACKLOG, params: {}, decode }));
  return backlog!;
}
