import neo4j from "neo4j-driver";
import { describe, expect, it } from "vitest";
import { HEAD, MOVED, READ_RULES } from "../../../src/feed/loadFeedRules.js";
import { NUMBER, PENDING_TENANTS, READ_BACK } from "../../../src/feed/outboxSequencer.js";
import { READ_OUTBOX } from "../../../src/feed/readOutbox.js";
import { migratedStore, nodeReads, planOperators } from "../../support/explainPlan.js";

/**
 * The feed's statements run for every tenant several times a second (each
 * subscriber's poll and rules, each knowledge write's numbering round). They
 * read a tenant's counter, events and agents by index whatever the
 * statistics: planned on an empty store (a new gateway's first writes), a
 * read could become a scan of every tenant's nodes of the label, and the plan
 * is kept while the store grows. Pending events are the one label read
 * whole: an event carries `OutboxPending` only until its round numbers it.
 */
const store = migratedStore();
const scansOf = (reads: string[], label: string) => reads.filter((op) => /^\S*LabelScan /.test(op) && op.includes(`:${label}`));
const allNodes = (reads: string[]) => reads.filter((op) => op.startsWith("AllNodesScan"));

describe("the knowledge feed's statements", () => {
  it("a numbering round finds the tenant's counter by its index", async () => {
    const reads = nodeReads(await planOperators(store(), NUMBER, { tenantId: "t", limit: neo4j.int(1000) }));
    expect(scansOf(reads, "OutboxCounter")).toEqual([]);
    expect(allNodes(reads)).toEqual([]);
    expect(reads.some((op) => /IndexSeek/.test(op) && op.includes(":OutboxCounter(tenantId)"))).toBe(true);
  });

  it("a subscriber's poll reads the tenant's events after its cursor by the (tenantId, seq) index", async () => {
    const reads = nodeReads(await planOperators(store(), READ_OUTBOX, { tenantId: "t", afterSeq: neo4j.int(0), limit: neo4j.int(100) }));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/^Node(Unique)?IndexSeek(ByRange)? .*:OutboxEvent\(tenantId, seq\)/);
  });

  it("a writer reads its events back by write id, and the head by the counter's index", async () => {
    const back = nodeReads(await planOperators(store(), READ_BACK, { tenantId: "t", writeId: "w" }));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatch(/IndexSeek .*:OutboxEvent\((writeId|tenantId, seq)\)/);
    const head = nodeReads(await planOperators(store(), HEAD, { tenantId: "t" }));
    expect(head).toHaveLength(1);
    expect(head[0]).toMatch(/IndexSeek .*:OutboxCounter\(tenantId\)/);
  });

  it("subscribers' rules read their agents by the (tenantId, id) index", async () => {
    const reads = nodeReads(await planOperators(store(), READ_RULES, { readers: [{ tenantId: "t", agentId: "a" }, { tenantId: "u", agentId: "b" }] }));
    expect(scansOf(reads, "Agent")).toEqual([]);
    expect(allNodes(reads)).toEqual([]);
    expect(reads.some((op) => /IndexSeek/.test(op) && op.includes(":Agent(tenantId, id)"))).toBe(true);
  });

  it("the process's probe finds each listened tenant's counter by its index", async () => {
    const reads = nodeReads(await planOperators(store(), MOVED, { tenants: [{ tenantId: "t", last: neo4j.int(0) }, { tenantId: "u", last: neo4j.int(7) }] }));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/IndexSeek .*:OutboxCounter\(tenantId\)/);
  });

  it("the sweep reads pending events through their label alone", async () => {
    const reads = nodeReads(await planOperators(store(), PENDING_TENANTS, { minAgeMs: neo4j.int(2000) }));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/^NodeByLabelScan .*:OutboxPending/);
  });
});
