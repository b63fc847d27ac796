import type { Driver } from "neo4j-driver";

/**
 * How often each index of the store was read since it was created (SHOW INDEXES' readCount),
 * read before the benchmark's own verification reads: an index that every write keeps up to date
 * and that no operation of the mix read is a candidate to drop (issue #47, fewer index writes).
 */
export async function indexReads(driver: Driver): Promise<{ name: string; reads: number }[]> {
  const { records } = await driver.executeQuery("SHOW INDEXES YIELD name, readCount RETURN name, coalesce(readCount, 0) AS reads ORDER BY reads DESC, name");
  return records.map((r) => ({ name: String(r.get("name")), reads: Number(r.get("reads")) }));
}

/** One line of the report: the indexes no operation read, then the others with their reads. */
export function indexReadsLine(reads: readonly { name: string; reads: number }[]): string {
  const unread = reads.filter((r) => r.reads === 0).map((r) => r.name);
  const read = reads.filter((r) => r.reads > 0).map((r) => `${r.name} ${r.reads}`);
  return `Indexes read during the run (warm-up included, before the read-back): ${read.join(", ")}. Never read: ${unread.join(", ") || "none"}.`;
}
