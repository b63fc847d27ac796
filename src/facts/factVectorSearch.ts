import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import type { AppDeps } from "../core/appDeps.js";
import { visibleAs } from "../graph/visibleAs.js";
import { FACT_ROW, type FactRow, factRowOf } from "./factRecord.js";
import { factIndexName } from "./factRelations.js";

/** A fact found by meaning, with the cosine similarity of its text to the query. */
export interface FactHit {
  row: FactRow;
  similarity: number;
}

/**
 * The vector indexes span every tenant; results outside the caller's view are
 * dropped after the index, so the index is asked for this many times more.
 */
const OVERSAMPLE = 10;

// Neo4j's cosine score is (1 + cos) / 2; similarities here are plain cosines.
const CYPHER = `
  UNWIND $indexes AS idx
  CALL db.index.vector.queryRelationships(idx, $k, $vector) YIELD relationship AS r, score
  WITH r, 2 * score - 1 AS similarity WHERE similarity >= $minSimilarity
  MATCH (p:Person)-[r]->(o)
  WHERE p.tenantId = $callerTenant AND ${visibleAs("p")} AND ${visibleAs("o")}
  RETURN ${FACT_ROW} AS fact, similarity
  ORDER BY similarity DESC LIMIT $limit`;

/** Facts of `types` whose text is closest to `vector` (a query embedding), most similar first. */
export async function factVectorSearch(
  deps: Pick<AppDeps, "driver" | "database">,
  caller: Caller,
  vector: readonly number[],
  types: readonly string[],
  { limit, minSimilarity }: { limit: number; minSimilarity: number },
): Promise<FactHit[]> {
  if (!types.length) return [];
  return executor(deps).read({
    cypher: CYPHER,
    params: {
    ...visibilityParams(caller),
    indexes: types.map(factIndexName),
    k: cypherInt(Math.min(1000, Math.max(50, limit * OVERSAMPLE))),
    vector,
    minSimilarity,
    limit: cypherInt(limit),
    },
    decode: (row) => ({ row: factRowOf(row.row("fact")), similarity: row.number("similarity") }),
  });
}
