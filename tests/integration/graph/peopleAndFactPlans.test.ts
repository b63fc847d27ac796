import { describe, expect, it } from "vitest";
import { PEOPLE as KNOWN_PEOPLE } from "../../../src/extraction/knownPeople.js";
import { READ_BACK } from "../../../src/facts/assertFacts.js";
import { factRelations } from "../../../src/facts/factRelations.js";
import { LOCK_SUBJECTS, objectsOf } from "../../../src/facts/loadFactState.js";
import { nameKeyParams } from "../../../src/facts/nameKey.js";
import { RETRACT } from "../../../src/facts/retractFact.js";
import { AUTHOR_TIES, PEOPLE as PARTICIPANTS } from "../../../src/people/conversationParticipants.js";
import { peopleConnectedToStatement } from "../../../src/people/peopleConnectedTo.js";
import { LINK } from "../../../src/retrieveContext/linkEntities.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { migratedStore, nodeReads, planOperators } from "../../support/explainPlan.js";

/**
 * Statements that read people, entities and facts by what no index seeks
 * (names in any case, a list of element ids, a fact id under any of its
 * types) keep to index seeks and the caller's tenant. Planned from the
 * statistics, they scanned every tenant's Person nodes, or every person's
 * relationships, and a plan made on an empty store is kept as it grows.
 */
const store = migratedStore();
const caller = { callerTenant: "t", callerAgent: "a", callerIsAdmin: false };
const scans = (reads: string[]) => reads.filter((op) => /^(\S*LabelScan|AllNodesScan)/.test(op));
const tenantSeeks = (reads: string[], label: string) => reads.filter((op) => /^Node(Unique)?IndexSeek /.test(op) && op.includes(`:${label}(tenantId, id)`));

describe("people looked up by name", () => {
  it("retrieveContext's linking reads people by index only", async () => {
    const reads = nodeReads(
      await planOperators(store(), LINK, {
        ...caller, lucene: "ana", grams: ["ana"], labels: ["Person"],
        authorsWithId: [{ index: 0, id: "p1" }], authorsWithoutId: [{ index: 1, name: "Bob" }],
      }),
    );
    expect(scans(reads)).toEqual([]);
    expect(tenantSeeks(reads, "Person")).toHaveLength(2);
  });

  it("find_people_connected_to reads projects and events through the full-text name index, never a label scan", async () => {
    const { cypher, params } = peopleConnectedToStatement({ tenantId: "t", agentId: "a", roles: ["agent"] }, { name: "PyCon", types: ["ATTENDED_EVENT", "WORKING_ON"], minConfidence: 0.5 });
    const operators = await planOperators(store(), cypher, params);
    expect(scans(nodeReads(operators))).toEqual([]);
    expect(operators.some((op) => op.includes("db.index.fulltext.queryNodes"))).toBe(true);
  });

  it("the extraction worker's known people are read by index only", async () => {
    const reads = nodeReads(await planOperators(store(), KNOWN_PEOPLE, { tenantId: "t", ids: ["p1"], names: ["ana"] }));
    expect(scans(reads)).toEqual([]);
    expect(tenantSeeks(reads, "Person")).not.toHaveLength(0);
  });

  it("conversationParticipants reads the people named and the authors' ties by index only", async () => {
    const named = nodeReads(await planOperators(store(), PARTICIPANTS, { ...caller, grams: ["ana"] }));
    expect(scans(named)).toEqual([]);
    expect(tenantSeeks(named, "Person")).toHaveLength(1);

    const ties = nodeReads(
      await planOperators(store(), AUTHOR_TIES, { ...caller, authorsWithId: [{ index: 0, id: "p1" }], authorsWithoutId: [{ index: 1, name: "Bob" }] }),
    );
    expect(scans(ties)).toEqual([]);
    expect(tenantSeeks(ties, "Person")).toHaveLength(2);
  });
});

describe("facts' subjects and objects", () => {
  const types = factRelations(loadTypeDefs().document).map((r) => r.type);
  const targets = [...new Set(factRelations(loadTypeDefs().document).map((r) => r.target))];

  it("assertFacts locks and reads back its subjects one element id per row", async () => {
    for (const statement of [LOCK_SUBJECTS, READ_BACK]) {
      const reads = nodeReads(await planOperators(store(), statement, { keys: ["4:x:1", "4:x:2"], ids: ["f1"] }));
      expect(scans(reads), statement).toEqual([]);
      expect(reads.filter((op) => op.startsWith("NodeByElementIdSeek")), statement).toHaveLength(1);
    }
  });

  it("assertFacts finds each object label's nodes in the caller's tenant by index", async () => {
    expect(targets.length).toBeGreaterThan(1);
    for (const label of targets) {
      const reads = nodeReads(await planOperators(store(), objectsOf(label), { ...caller, ...nameKeyParams, byKey: true, refs: [{ name: "Acme", key: "acme", scope: null, anyVisible: true, readers: null }] }));
      expect(scans(reads), label).toEqual([]);
      expect(tenantSeeks(reads, label), label).toHaveLength(1);
    }
  });

  it("retractFact finds a fact through its type's factId index, or by element id", async () => {
    const operators = await planOperators(store(), RETRACT(types), { ...caller, types, id: "f1", reason: "wrong" });
    const relationshipReads = operators.filter((op) => /^\S*Relationship\S*(Scan|Seek)\S* /.test(op));
    expect(relationshipReads.filter((op) => /Scan/.test(op))).toEqual([]);
    expect(relationshipReads.some((op) => /RelationshipIndexSeek/.test(op) && op.includes("factId"))).toBe(true);
    expect(relationshipReads.some((op) => /ByElementIdSeek/.test(op))).toBe(true);
    expect(scans(nodeReads(operators))).toEqual([]);
  });
});
