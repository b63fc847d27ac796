import type { AppDeps } from "../core/appDeps.js";
import type { Row } from "../graph/statement.js";
import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { NotFoundError } from "../errors/errors.js";
import { executor } from "../graph/executor.js";
import { visibleAs } from "../graph/visibleAs.js";
import { FACT_ROW, toFactRecord, type FactRecord, factRowOf } from "./factRecord.js";
import { safeFactTypes } from "./factRelations.js";

/**
 * Closed now unless it ended before; confidence 0 so every ranking drops it;
 * the first retraction's time and reason are kept. The fact is found by its
 * id through the per-type factId indexes (facts/factIndexes.ts), which only a
 * pattern naming the types can use (`type(r) IN $types` read every
 * relationship of every person), or, for a fact written before ids, by its
 * element id.
 */
export const RETRACT = (types: readonly string[]) => `
  CALL () {
    MATCH (p:Person)-[r:${safeFactTypes(types).join("|")}]->(o) WHERE r.factId = $id
    RETURN p, r, o
    UNION
    MATCH (p)-[r]->(o) WHERE elementId(r) = $id
    WITH p, r, o WHERE r.factId IS NULL AND p:Person AND type(r) IN $types
    RETURN p, r, o
  }
  WITH p, r, o WHERE p.tenantId = $callerTenant AND ${visibleAs("p")} AND ${visibleAs("o")}
  WITH p, r, o LIMIT 1
  SET r.retractedAt = coalesce(r.retractedAt, datetime()),
      r.retractedBy = coalesce(r.retractedBy, $callerAgent),
      r.retractReason = coalesce(r.retractReason, $reason),
      r.validUntil = CASE WHEN r.validUntil IS NULL OR r.validUntil > datetime() THEN datetime() ELSE r.validUntil END,
      r.confidence = 0.0
  RETURN ${FACT_ROW} AS fact`;

/** retractFact: closes a fact the caller reads, with the reason; NOT_FOUND when there is none it may read. */
export async function retractFact(deps: Pick<AppDeps, "driver" | "database" | "now">, caller: Caller, types: readonly string[], id: string, reason: string): Promise<FactRecord> {
  const statement = { cypher: RETRACT(types), params: { ...visibilityParams(caller), types, id, reason }, decode: (r: Row) => factRowOf(r.row("fact")) };
  const [row] = await executor(deps).writeTransaction((tx) => tx.run(statement));
  if (!row) throw new NotFoundError(`retractFact.id: no fact "${id}" that you may read`);
  return toFactRecord(row, deps.now());
}
