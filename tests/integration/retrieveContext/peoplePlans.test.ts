import { describe, expect, it } from "vitest";
import { PEOPLE } from "../../../src/extraction/knownPeople.js";
import { LINK } from "../../../src/retrieveContext/linkEntities.js";
import { migratedStore, nodeReads, planOperators } from "../../support/explainPlan.js";

/**
 * Statements that look people up by name, which no index can seek in any
 * case, read the tenant's part of the (tenantId, id) index: planned from the
 * statistics, they scanned every tenant's Person nodes (retrieveContext's
 * linking did so on every run, authors without an id or not).
 */
const store = migratedStore();
const scans = (reads: string[]) => reads.filter((op) => /^(\S*LabelScan|AllNodesScan)/.test(op));

describe("people looked up by name", () => {
  it("retrieveContext's linking reads people by index only", async () => {
    const reads = nodeReads(
      await planOperators(store(), LINK, {
        callerTenant: "t", callerAgent: "a", callerIsAdmin: false, lucene: "ana", grams: ["ana"], labels: ["Person"],
        authorsWithId: [{ index: 0, id: "p1" }], authorsWithoutId: [{ index: 1, name: "Bob" }],
      }),
    );
    expect(scans(reads)).toEqual([]);
    expect(reads.filter((op) => /^Node(Unique)?IndexSeek /.test(op) && op.includes(":Person(tenantId, id)"))).toHaveLength(2);
  });

  it("the extraction worker's known people are read by index only", async () => {
    const reads = nodeReads(await planOperators(store(), PEOPLE, { tenantId: "t", ids: ["p1"], names: ["ana"] }));
    expect(scans(reads)).toEqual([]);
    expect(reads.some((op) => /^Node(Unique)?IndexSeek /.test(op) && op.includes(":Person(tenantId, id)"))).toBe(true);
  });
});
