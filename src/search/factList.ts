import type { GraphTarget } from "../graph/executor.js";
import type { Caller } from "../core/caller.js";
import { rowAttributes, toFactRecord } from "../facts/index.js";
import { factText } from "../facts/index.js";
import { factVectorSearch } from "../facts/index.js";
import type { ListResult } from "./searchQueries.js";

/** Facts closer than this are noise for any model we ship (unrelated pairs score 0.35–0.53 with BGE). */
const MIN_SIMILARITY = 0.3;

/**
 * Facts as a search source: nearest by meaning (each fact's text, "Alice
 * WORKS_AT Google. role=…", has its own vector), as rows shaped like the
 * other sources' so fusion and ranking treat them alike. Facts have no
 * full-text list: their words are names, which the people tools match.
 */
export async function factList(
  target: GraphTarget,
  caller: Caller,
  factTypes: readonly string[],
  vector: number[],
  limit: number,
  minConfidence: number | null,
  now: Date,
): Promise<ListResult> {
  const found = await factVectorSearch(target, caller, vector, factTypes, { limit, minSimilarity: MIN_SIMILARITY });
  const kept = found.filter(({ row }) => minConfidence === null || Number(row.confidence) >= minConfidence);
  return {
    hits: kept.map(({ row, similarity }, i) => ({ id: `FACT:${row.id}`, rank: i + 1, score: similarity })),
    rows: kept.map(({ row }) => ({
      key: `FACT:${row.id}`,
      id: row.id,
      properties: {
        content: factText({ personName: row.personName, type: row.type, objectName: row.object, attributes: rowAttributes(row) }),
        confidence: Number(row.confidence),
        participants: [row.personName],
        factType: row.type,
        personId: row.personId,
        evidence: row.evidence,
        fact: toFactRecord(row, now),
      },
      occurredAt: row.validFrom ?? row.createdAt,
      vector: null,
      expandable: false,
    })),
  };
}
