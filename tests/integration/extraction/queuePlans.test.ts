import neo4j from "neo4j-driver";
import { describe, expect, it } from "vitest";
import { QUEUE_STATEMENTS } from "../../../src/extraction/extractionQueue.js";
import { migratedStore, planOperators } from "../../support/explainPlan.js";

/**
 * The extraction queue reads messages by index or by id in every plan. With
 * `elementId(m) IN $keys`, Neo4j planned the lock and the claim as a scan of
 * every Message while the store held few (a new gateway's first claims); one
 * key per row is a seek by id whatever the statistics.
 */

const store = migratedStore();

const params = { keys: ["4:00000000-0000-0000-0000-000000000000:1"], rows: [{ key: "4:00000000-0000-0000-0000-000000000000:1" }], worker: "w", limit: neo4j.int(8), tenants: [], leaseSeconds: neo4j.int(60) };

describe("the extraction queue's plans", () => {
  it.each([
    ["candidates", "NodeIndexSeek"],
    ["lock", "NodeByElementIdSeek"],
    ["claim", "NodeByElementIdSeek"],
    ["settle", "NodeByElementIdSeek"],
  ] as const)("%s reads messages by %s, never by a scan", async (name, read) => {
    const ops = await planOperators(store(), QUEUE_STATEMENTS[name], params);
    expect(ops.some((op) => op.startsWith(`${read} `) && /\bm\b/.test(op))).toBe(true);
    // (The candidates' pause switch, one ExtractionControl node at most, may be read by its label.)
    expect(ops.filter((op) => /^(\S*LabelScan|AllNodesScan|\S*IndexScan)/.test(op) && !/:ExtractionControl/.test(op))).toEqual([]);
  });
});
