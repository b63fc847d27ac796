import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { pageRanks } from "../../../src/knowledge/ranking/pageRank.js";
import { embedded, startKnowledgeGateway, type KnowledgeGateway } from "./knowledgeGateway.js";
import { seedSquad, type Squad } from "./squadFixture.js";

let t: KnowledgeGateway;
let s: Squad;
let ids: Record<string, string>;
/** Fixture name of a node id, so expectations read as names. */
const nameOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;
const names = (items: { id: string }[]) => items.map((k) => nameOf(k.id));

async function ok<T = Record<string, any>>(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.as<T>(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}
async function refused(caller: Caller, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.as(caller, query, variables);
  expect(res.data ?? null, JSON.stringify(res)).toBeNull();
  return res.errors?.[0]?.extensions;
}

const ITEM = "id type ownerId taskId visibility confidence domains createdAt title text";
const UNSEEN = `query ($agentId: ID, $types: [String!], $since: DateTime, $limit: Int) {
  unseenKnowledge(agentId: $agentId, types: $types, since: $since, limit: $limit) { ${ITEM} } }`;
const MARK = `mutation ($ids: [ID!]!) { markKnowledgeAccessed(ids: $ids) }`;
const HEARTBEAT = `query ($agentId: ID) { heartbeatChecklist(agentId: $agentId) {
  agentId pendingApprovals { improvementId targetProcess ownerId waitingMinutes }
  blockedTasks { id taskType description status } unreadKnowledge { id } items { kind refId text priority } } }`;

beforeAll(async () => {
  t = await startKnowledgeGateway();
  s = await seedSquad(t);
  ids = s.ids;
});
afterAll(async () => {
  await t.stop();
});

describe("provenance", () => {
  it("every knowledge node records its creating agent (ownerId) and task", async () => {
    const data = await ok(s.chagatai, UNSEEN, { types: ["Research"] });
    const graph = data.unseenKnowledge.find((k: { id: string }) => k.id === ids.rGraph);
    expect(graph).toMatchObject({ type: "Research", ownerId: s.mongke.agentId, taskId: "task-research-1", visibility: "SHARED", title: "Graph databases for agent memory" });
  });
});

describe("unseenKnowledge (cross-agent discovery) and markKnowledgeAccessed", () => {
  it("lists other agents' knowledge the agent may read, newest first, never another agent's PRIVATE node nor its own", async () => {
    const data = await ok(s.chagatai, UNSEEN, { limit: 100 });
    expect(new Set(names(data.unseenKnowledge))).toEqual(new Set(["cHybrid", "cBatch", "cQuant", "rGraph", "rBatch", "aHybrid", "aBatch", "aQuant", "sBatch", "iMarket"]));
    const times = data.unseenKnowledge.map((k: { createdAt: string }) => Date.parse(k.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("filters by type and by creation time", async () => {
    expect(new Set(names((await ok(s.chagatai, UNSEEN, { types: ["Research"] })).unseenKnowledge))).toEqual(new Set(["rGraph", "rBatch"]));
    expect((await ok(s.chagatai, UNSEEN, { since: new Date(Date.now() + 60_000).toISOString() })).unseenKnowledge).toEqual([]);
  });

  it("records ACCESSED only for knowledge the caller may read; what it accessed leaves discovery", async () => {
    const marked = await ok(s.chagatai, MARK, { ids: [ids.rGraph, ids.rSecret, ids.rGraph, "no-such-node"] });
    expect(marked.markKnowledgeAccessed).toEqual([ids.rGraph]);
    expect(names((await ok(s.chagatai, UNSEEN, { types: ["Research"] })).unseenKnowledge)).toEqual(["rBatch"]);
    await ok(s.chagatai, MARK, { ids: [ids.rGraph] });
    const { records } = await t.gw.driver.executeQuery(
      "MATCH (:Agent {tenantId: $tenant, id: $agent})-[r:ACCESSED]->(k) RETURN k.id AS id, r.count AS count, r.at IS NOT NULL AS dated",
      { tenant: t.tenant, agent: s.chagatai.agentId },
    );
    expect(records.map((r) => [nameOf(r.get("id")), Number(r.get("count")), r.get("dated")])).toEqual([["rGraph", 2, true]]);
    // Another agent's discovery is its own: Möngke's reading did not change Temüjin's.
    expect(names((await ok(s.temujin, UNSEEN, { types: ["Research"] })).unseenKnowledge).sort()).toEqual(["rBatch", "rGraph"]);
  });

  it("only an admin asks on behalf of another agent", async () => {
    expect(await refused(s.mongke, UNSEEN, { agentId: s.chagatai.agentId })).toMatchObject({ code: "FORBIDDEN" });
    const admin = t.caller("root", ["admin"]);
    const data = await ok(admin, UNSEEN, { agentId: s.chagatai.agentId, types: ["Research"] });
    // An admin reads everything of the tenant, Möngke's PRIVATE research included.
    expect(new Set(names(data.unseenKnowledge))).toEqual(new Set(["rBatch", "rSecret"]));
  });

  it("refuses bad arguments naming the field and the limit", async () => {
    expect(await refused(s.chagatai, UNSEEN, { limit: 101 })).toMatchObject({ code: "BAD_USER_INPUT", field: "unseenKnowledge.limit" });
    expect(await refused(s.chagatai, UNSEEN, { types: ["Memory"] })).toMatchObject({ code: "BAD_USER_INPUT", field: "unseenKnowledge.types[0]" });
    expect(await refused(s.chagatai, MARK, { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) })).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "markKnowledgeAccessed.ids",
    });
    expect(await refused(t.caller("stranger"), MARK, { ids: [ids.rGraph] })).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("synthesisOpportunities", () => {
  const QUERY = `query ($w: Int) { synthesisOpportunities(windowDays: $w) { concept { id } research { id } challenges { application { id ownerId } reason } } }`;

  it("finds research + a challenge with no later synthesis; a concept a synthesis updated since is answered", async () => {
    const data = await ok(s.kublai, QUERY);
    expect(data.synthesisOpportunities.map((o: any) => ({ concept: nameOf(o.concept.id), research: names(o.research), challenges: o.challenges.map((c: any) => [nameOf(c.application.id), c.reason]) }))).toEqual([
      { concept: "cHybrid", research: ["rGraph"], challenges: [["aHybrid", "Too slow under high load"]] },
    ]);
  });

  it("sees a concept only through research the caller may read: Möngke's PRIVATE research counts for Möngke alone", async () => {
    const data = await ok(s.mongke, QUERY);
    expect(data.synthesisOpportunities.map((o: any) => nameOf(o.concept.id))).toEqual(["cQuant", "cHybrid"]);
    expect(names(data.synthesisOpportunities[0].research)).toEqual(["rSecret"]);
  });

  it("refuses a window of 0 or over ten years", async () => {
    for (const w of [0, 3651]) expect(await refused(s.kublai, QUERY, { w })).toMatchObject({ code: "BAD_USER_INPUT", field: "synthesisOpportunities.windowDays" });
  });
});

describe("processHealth", () => {
  const QUERY = `query ($w: Int) { processHealth(windowDays: $w) { taskType total completed blocked successes successRate avgQuality } }`;

  it("gives per task type the count, success rate and average quality of the tasks the caller may read", async () => {
    const data = await ok(s.kublai, QUERY);
    expect(data.processHealth).toEqual([
      { taskType: "RESEARCH", total: 3, completed: 3, blocked: 0, successes: 2, successRate: expect.closeTo(2 / 3, 9), avgQuality: expect.closeTo(2 / 3, 9) },
      { taskType: "WRITING", total: 2, completed: 1, blocked: 1, successes: 1, successRate: 0.5, avgQuality: expect.closeTo(0.8, 9) },
    ]);
    const mongke = await ok(s.mongke, QUERY);
    expect(mongke.processHealth.map((h: { taskType: string }) => h.taskType)).toEqual(["OPS", "RESEARCH", "WRITING"]);
  });

  it("counts only tasks created in the window", async () => {
    t.advanceClock(3 * 86_400_000);
    try {
      expect((await ok(s.kublai, QUERY, { w: 2 })).processHealth).toEqual([]);
    } finally {
      t.advanceClock(0);
    }
  });
});

describe("heartbeatChecklist", () => {
  it("lists the agent's blocked tasks and unread subscribed knowledge, without approvals for a non-approver", async () => {
    const data = await ok(s.chagatai, HEARTBEAT);
    const hb = data.heartbeatChecklist;
    expect(hb.pendingApprovals).toEqual([]);
    expect(hb.blockedTasks).toEqual([{ id: ids.tBlocked, taskType: "WRITING", description: "Waiting for research on batching", status: "BLOCKED" }]);
    // The rule: Research from Möngke, confidence ≥ 0.7. rGraph was accessed above; rSecret is PRIVATE.
    expect(names(hb.unreadKnowledge)).toEqual(["rBatch"]);
    expect(hb.items.map((i: any) => [i.kind, nameOf(i.refId), i.priority])).toEqual([
      ["BLOCKED_TASK", "tBlocked", 0.9],
      ["UNREAD_KNOWLEDGE", "rBatch", expect.closeTo(0.8 * 0.72, 9)],
    ]);
  });

  it("shows an approver the improvements of others pending for over an hour", async () => {
    const improvement = async (owner: Caller, targetProcess: string) => {
      const created = await ok(owner, `mutation ($input: [WorkflowImprovementCreateInput!]!) { createWorkflowImprovements(input: $input) { workflowImprovements { id } } }`, {
        input: [{ targetProcess, currentState: "manual", proposedState: "templated" }],
      });
      const id = created.createWorkflowImprovements.workflowImprovements[0].id as string;
      await ok(owner, `mutation ($id: ID!) { transitionWorkflowImprovement(id: $id, transition: SUBMIT) { id } }`, { id });
      return id;
    };
    const fromOgedei = await improvement(s.ogedei, "research handoff");
    await improvement(s.kublai, "kublai's own process");
    expect((await ok(s.kublai, HEARTBEAT)).heartbeatChecklist.pendingApprovals).toEqual([]);
    t.advanceClock(2 * 3_600_000);
    try {
      const hb = (await ok(s.kublai, HEARTBEAT)).heartbeatChecklist;
      expect(hb.pendingApprovals).toEqual([{ improvementId: fromOgedei, targetProcess: "research handoff", ownerId: s.ogedei.agentId, waitingMinutes: 120 }]);
      expect(hb.items[0]).toMatchObject({ kind: "PENDING_APPROVAL", refId: fromOgedei, priority: 1 });
      expect((await ok(s.ogedei, HEARTBEAT)).heartbeatChecklist.pendingApprovals).toEqual([]);
    } finally {
      t.advanceClock(0);
    }
  });

  it("refuses another agent's checklist to a non-admin", async () => {
    expect(await refused(s.mongke, HEARTBEAT, { agentId: s.chagatai.agentId })).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("knowledgeRank and knowledgeCommunities", () => {
  const GRAPH_TYPES = ["Concept", "Research", "Application", "Synthesis"];
  /** What Kublai may read of the fixture's knowledge graph, written out by hand. */
  const VISIBLE = ["cHybrid", "cBatch", "cQuant", "rGraph", "rBatch", "aHybrid", "aBatch", "aQuant", "sBatch"];
  const LINKS = [
    ["rGraph", "cHybrid"],
    ["rBatch", "cBatch"],
    ["aHybrid", "cHybrid"],
    ["aBatch", "cBatch"],
    ["aQuant", "cQuant"],
    ["sBatch", "cBatch"],
    ["rBatch", "sBatch"],
  ];

  it("ranks by PageRank over exactly the subgraph the caller may read", async () => {
    const data = await ok(s.kublai, `query ($types: [String!]) { knowledgeRank(types: $types, limit: 100) { knowledge { id } pageRank community } }`, { types: GRAPH_TYPES });
    const expected = pageRanks(VISIBLE.map((n) => ids[n]!), LINKS.map(([a, b]) => ({ source: ids[a!]!, target: ids[b!]! })));
    const got = data.knowledgeRank.map((r: any) => [nameOf(r.knowledge.id), r.pageRank]);
    expect(got.map(([n]: [string]) => n).sort()).toEqual([...VISIBLE].sort());
    for (const [n, rank] of got) expect(rank).toBeCloseTo(expected.get(ids[n]!)!, 9);
    expect(got[0][0]).toBe("cBatch");
  });

  it("finds the three knowledge clusters as communities, largest first", async () => {
    const data = await ok(s.kublai, `query ($types: [String!]) { knowledgeCommunities(types: $types) { nodeCount edgeCount modularity communities { id size topDomains members { knowledge { id } } } } }`, {
      types: GRAPH_TYPES,
    });
    const c = data.knowledgeCommunities;
    expect([c.nodeCount, c.edgeCount]).toEqual([9, 7]);
    expect(c.modularity).toBeGreaterThan(0.5);
    expect(c.communities.map((x: any) => [x.id, x.size, names(x.members.map((m: any) => m.knowledge)).sort(), x.topDomains])).toEqual([
      [0, 4, ["aBatch", "cBatch", "rBatch", "sBatch"], ["ops"]],
      [1, 3, ["aHybrid", "cHybrid", "rGraph"], ["memory"]],
      [2, 2, ["aQuant", "cQuant"], ["memory"]],
    ]);
  });

  it("lets Möngke's PRIVATE research into Möngke's graph only", async () => {
    const q = `{ knowledgeRank(limit: 100) { knowledge { id } } }`;
    expect(names((await ok(s.mongke, q)).knowledgeRank.map((r: any) => r.knowledge))).toContain("rSecret");
    for (const caller of [s.kublai, s.chagatai]) {
      const seen = names((await ok(caller, q)).knowledgeRank.map((r: any) => r.knowledge));
      expect(seen).not.toContain("rSecret");
      expect(seen.includes("ctPrivate")).toBe(caller === s.chagatai);
    }
  });

  it("refuses maxNodes beyond 5000", async () => {
    expect(await refused(s.kublai, `{ knowledgeRank(maxNodes: 5001) { pageRank } }`)).toMatchObject({ code: "BAD_USER_INPUT", field: "knowledgeRank.maxNodes" });
  });
});

describe("memoryQuery", () => {
  const QUERY = `query ($topic: String!, $min: Float, $shared: Boolean, $limit: Int) {
    memoryQuery(topic: $topic, minConfidence: $min, includeShared: $shared, limit: $limit) { knowledge { id ownerId confidence visibility } score relevance centrality } }`;
  beforeAll(async () => {
    await embedded(t);
  }, 180_000);

  it("searches only the caller's own knowledge without includeShared, above minConfidence, best match first", async () => {
    const data = await ok(s.mongke, QUERY, { topic: "hybrid retrieval over vectors", min: 0.85, shared: false });
    expect(names(data.memoryQuery.map((h: any) => h.knowledge))).toEqual(["rGraph", "rSecret"]);
    const [top] = data.memoryQuery;
    expect(top.score).toBeCloseTo(0.6 * top.relevance + 0.25 * 0.9 + 0.15 * top.centrality, 9);
  });

  it("adds the shared pool with includeShared, never another agent's PRIVATE node, and records what it returned as ACCESSED", async () => {
    const data = await ok(s.temujin, QUERY, { topic: "hybrid retrieval", limit: 20 });
    const hits = data.memoryQuery.map((h: any) => h.knowledge);
    expect(["rGraph", "cHybrid"]).toContain(nameOf(hits[0].id));
    expect(names(hits)).not.toContain("rSecret");
    expect(names(hits)).not.toContain("ctPrivate");
    for (const k of hits) expect(k.ownerId === s.temujin.agentId || k.visibility === "SHARED").toBe(true);
    const unseen = names((await ok(s.temujin, UNSEEN, { limit: 100 })).unseenKnowledge);
    for (const k of hits) expect(unseen).not.toContain(nameOf(k.id));
  });

  it("returns only the caller's own node when that is all that matches and the pool is left out", async () => {
    const data = await ok(s.chagatai, QUERY, { topic: "draft post", shared: false });
    expect(names(data.memoryQuery.map((h: any) => h.knowledge))).toEqual(["ctPrivate"]);
  });

  it("searches Lucene syntax and Cypher in the topic literally, within the caller's scope", async () => {
    for (const topic of ['*:* OR "draft', "x') RETURN 1 //", "name:* AND ownerId:*"]) {
      const data = await ok(s.chagatai, QUERY, { topic, shared: false });
      for (const hit of data.memoryQuery) expect(hit.knowledge.ownerId).toBe(s.chagatai.agentId);
    }
  });

  it("refuses an empty topic, minConfidence over 1 and limit over 100, naming the argument", async () => {
    expect(await refused(s.mongke, QUERY, { topic: " " })).toMatchObject({ code: "BAD_USER_INPUT", field: "memoryQuery.topic" });
    expect(await refused(s.mongke, QUERY, { topic: "x", min: 1.5 })).toMatchObject({ code: "BAD_USER_INPUT", field: "memoryQuery.minConfidence" });
    expect(await refused(s.mongke, QUERY, { topic: "x", limit: 101 })).toMatchObject({ code: "BAD_USER_INPUT", field: "memoryQuery.limit" });
  });
});
