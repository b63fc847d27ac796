import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../support/tokenGateway.js";
import { okAs } from "../support/gql.js";
import { follow, headCursor } from "../integration/feed/feedClient.js";
import type { Caller } from "../../src/core/caller.js";

/**
 * The six-agent squad (its design note, "OpenClaw Neo4j Memory System Design"),
 * played over GraphQL and graphql-ws with each agent's own token: an admin
 * installs the squad and its default subscriptions through the API, Temüjin's
 * research reaches Jochi through the feed and Ögedei through the pool, Jochi
 * reflects, Ögedei's workflow improvement passes Kublai's approval gate, and
 * the heartbeat checklist shows what is waiting. The clock is the test's.
 */
let tg: TokenGateway;
let clock = new Date("2026-02-03T09:00:00Z");
const at = (hhmm: string) => (clock = new Date(`2026-02-03T${hhmm}:00Z`));

/** A squad agent: the note's fixed ids (kublai, mongke…) in this run's own tenant. */
const member = (agentId: string, roles: Caller["roles"] = ["agent"]): Caller => ({ tenantId: tg.tenant, agentId, roles });
let kublai: Caller, mongke: Caller, chagatai: Caller, temujin: Caller, jochi: Caller, ogedei: Caller, admin: Caller;
const ok = (caller: Caller, query: string, variables: Record<string, unknown> = {}) => okAs(tg, caller, query, variables);
const subscribers: { close(): Promise<void> }[] = [];
const feedOf = async (caller: Caller, after: string) => {
  const s = follow(tg.gw.url, await tg.token(caller), caller.agentId, after);
  subscribers.push(s);
  return s;
};

const INSTALL = `mutation { installSquadDefaults { agents agentsCreated rules rulesCreated agentIds
  squad { id name role heartbeatSchedule dailyMinimum weeklyMinimum broadcastDelivery subscriptionRules { knowledgeTypes domains minConfidence delivery batchIntervalSeconds tier source { id } } } } }`;
const STORE = `mutation ($content: String!, $type: MemoryKind!, $confidence: Float, $domains: [String!]) {
  memoryStore(content: $content, type: $type, confidence: $confidence, domains: $domains) { id kind confidence pooled } }`;
const ITEM = "id type ownerId confidence title";
const DISCOVER = `query ($markAccessed: Boolean) { discoverKnowledge(markAccessed: $markAccessed) { ${ITEM} } }`;
const UNSEEN = `query { unseenKnowledge(limit: 100) { ${ITEM} } }`;
const QUERY = `query ($topic: String!, $domain: String) { memoryQuery(topic: $topic, domain: $domain) { knowledge { ${ITEM} } } }`;
const APPLIED = `mutation ($ids: [ID!]!) { markKnowledgeApplied(ids: $ids) }`;
const HEARTBEAT = `query { heartbeatChecklist { items { kind refId text priority } unreadKnowledge { id } } }`;
const TRANSITION = `mutation ($id: ID!, $t: WorkflowTransitionName!, $notes: String) {
  transitionWorkflowImprovement(id: $id, transition: $t, notes: $notes) { id status reviewedBy approvedByConnection { edges { properties { decision notes } node { id } } } } }`;
const agentState = async (id: string) =>
  (await ok(admin, `query ($id: ID!) { agents(where: { id: { eq: $id } }) { lastActiveAt learnedFromConnection { edges { properties { knowledgeId at } node { id } } } } }`, { id })).agents[0];
/** The pool entry of a knowledge node, as Neo4j holds it. */
const poolEntry = async (knowledgeId: string) =>
  (await tg.gw.driver.executeQuery("MATCH (sk:SharedKnowledge {tenantId: $t})-[:SHARES]->({id: $id}) RETURN sk { .accessedBy, .appliedBy } AS e", { t: tg.tenant, id: knowledgeId })).records[0]!.get("e");

/** Node ids by the name the note gives them, and the feed cursor before Temüjin's writes. */
const ids = {} as Record<"async" | "application" | "finding" | "draft" | "cursorBefore" | "analysis" | "improvement" | "slots", string>;

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "squad", now: () => clock });
  admin = tg.caller("admin", ["agent", "admin"]);
  kublai = member("kublai", ["agent", "approver"]);
  mongke = member("mongke");
  chagatai = member("chagatai");
  temujin = member("temujin");
  jochi = member("jochi");
  ogedei = member("ogedei");
});
afterAll(async () => {
  await Promise.all(subscribers.map((s) => s.close()));
  await tg.stop();
});

describe("the six-agent squad through a day, as its design note writes it", () => {
  it("Implementation Plan, Phase 2 'Create agent nodes with subscriptions': an admin installs The 6 Agents and the Default Subscriptions; again, nothing changes", async () => {
    // (Tier 3 "Broadcast (Push - Batched)": each agent takes broadcasts with its batches.)
    const refused = await tg.as(kublai, INSTALL);
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const first = (await ok(admin, INSTALL)).installSquadDefaults;
    expect(first).toMatchObject({ agents: 6, agentsCreated: 6, rules: 10, rulesCreated: 10, agentIds: ["kublai", "mongke", "chagatai", "temujin", "jochi", "ogedei"] });
    const byId = Object.fromEntries(first.squad.map((a: any) => [a.id, a]));
    expect(byId.jochi).toMatchObject({ name: "Jochi", role: "analyst", heartbeatSchedule: ":12", broadcastDelivery: "BATCHED" });
    // The 6 Agents' daily_minimum and weekly_minimum, where the note gives them.
    expect(first.squad.map((a: any) => [a.id, a.dailyMinimum, a.weeklyMinimum])).toEqual([
      ["kublai", null, null],
      ["mongke", "3 research briefs", null],
      ["chagatai", "1 polished piece OR 3 drafts", null],
      ["temujin", null, "1 security audit + 3-5 enhancements"],
      ["jochi", null, null],
      ["ogedei", null, null],
    ]);
    // Kublai monitors everything in 5-minute batches; Möngke hears Jochi's insights at once (min 0.6) and Temüjin's applications.
    expect(byId.kublai.subscriptionRules).toEqual([{ knowledgeTypes: [], domains: [], minConfidence: 0, delivery: "BATCHED", batchIntervalSeconds: 300, tier: "ORCHESTRATOR", source: [] }]);
    expect(byId.mongke.subscriptionRules.map((r: any) => [r.source[0].id, r.knowledgeTypes, r.minConfidence, r.delivery]).sort()).toEqual([
      ["jochi", ["Insight", "Opportunity", "Analysis"], 0.6, "IMMEDIATE"],
      ["temujin", ["Application"], 0, "IMMEDIATE"],
    ]);
    const again = (await ok(admin, INSTALL)).installSquadDefaults;
    expect(again).toMatchObject({ agents: 6, agentsCreated: 0, rules: 10, rulesCreated: 0 });
    const rulesOf = (squad: any[]) => squad.map((a) => [a.id, a.subscriptionRules.map((r: unknown) => JSON.stringify(r)).sort()]);
    expect(rulesOf(again.squad)).toEqual(rulesOf(first.squad));
  });

  it("Cross-Agent Learning Flow 1: Temüjin applies Möngke's research on async patterns (memory_store RESEARCH; applied_by, LEARNED, last_active)", async () => {
    at("09:03");
    const research = (await ok(mongke, STORE, { content: "Async patterns\nAwait in parallel with a bounded pool of promises", type: "RESEARCH", confidence: 0.8, domains: ["technical"] })).memoryStore;
    expect(research).toMatchObject({ kind: "RESEARCH", confidence: 0.8, pooled: true });
    ids.async = research.id;
    const stored = (await ok(mongke, `query ($id: ID!) { research(where: { id: { eq: $id } }) { topic findings ownerId visibility } }`, { id: ids.async })).research[0];
    expect(stored).toEqual({ topic: "Async patterns", findings: "Async patterns\nAwait in parallel with a bounded pool of promises", ownerId: "mongke", visibility: "SHARED" });
    at("09:09");
    expect((await ok(temujin, APPLIED, { ids: [ids.async] })).markKnowledgeApplied).toEqual([ids.async]);
    expect(await poolEntry(ids.async)).toEqual({ accessedBy: ["temujin"], appliedBy: ["temujin"] });
    const temujinNow = await agentState("temujin");
    expect(temujinNow.lastActiveAt).toBe("2026-02-03T09:09:00.000Z");
    expect(temujinNow.learnedFromConnection.edges).toEqual([{ properties: { knowledgeId: ids.async, at: "2026-02-03T09:09:00.000Z" }, node: { id: "mongke" } }]);
    // Marking again adds nobody twice and no second LEARNED.
    await ok(temujin, APPLIED, { ids: [ids.async] });
    expect(await poolEntry(ids.async)).toEqual({ accessedBy: ["temujin"], appliedBy: ["temujin"] });
    expect((await agentState("temujin")).learnedFromConnection.edges).toHaveLength(1);
    expect((await agentState("mongke")).lastActiveAt).toBe("2026-02-03T09:03:00.000Z");
  });

  it("Cross-Agent Learning Flow 2-3: Temüjin's finding at 0.85 auto-shares to the pool; Möngke (subscribed to Temüjin) is notified of the application at once", async () => {
    const live = await feedOf(mongke, await headCursor(tg.gw.driver, tg.tenant));
    ids.cursorBefore = await headCursor(tg.gw.driver, tg.tenant);
    const application = await ok(temujin, `mutation ($input: [ApplicationCreateInput!]!) { createApplications(input: $input) { applications { id } } }`, {
      input: [{ context: "Async patterns in the ingest worker", success: false, lessonsLearned: "Fails under memory pressure", confidence: 0.75, visibility: "SHARED", domains: ["technical"] }],
    });
    ids.application = application.createApplications.applications[0].id;
    const finding = (await ok(temujin, STORE, { content: "Async patterns fail under memory pressure\nBound the pool by free memory, not by count", type: "RESEARCH", confidence: 0.85, domains: ["technical", "async"] })).memoryStore;
    expect(finding).toMatchObject({ kind: "RESEARCH", pooled: true });
    ids.finding = finding.id;
    // Below the pool's 0.7 and outside every rule of Ögedei's: readable, but not what the note's discovery brings.
    const draft = await ok(temujin, `mutation ($input: [ResearchCreateInput!]!) { createResearch(input: $input) { research { id } } }`, {
      input: [{ topic: "Maybe async is slower on cold starts", findings: "One run, unconfirmed", confidence: 0.55, visibility: "SHARED", domains: ["technical"] }],
    });
    ids.draft = draft.createResearch.research[0].id;
    await live.until(ids.application);
    const delivered = live.deliveries.flatMap((d) => d.events.map((e) => [d.mode, e.nodeId]));
    expect(delivered).toEqual([["IMMEDIATE", ids.application]]);
  });

  it("Relationships '(other:Agent)-[:CREATED]->(k)': every way of writing knowledge links its creator, and Agent.created lists it", async () => {
    const created = async (id: string) =>
      (await ok(admin, `query ($id: ID!) { agents(where: { id: { eq: $id } }) { created { id } } }`, { id })).agents[0].created.map((k: any) => k.id).sort();
    // memory_store (the finding), the generated createApplications and createResearch (the application, the draft).
    expect(await created("temujin")).toEqual([ids.application, ids.finding, ids.draft].sort());
    expect(await created("mongke")).toEqual([ids.async]);
    // The note's own pattern, as Cypher over the stored graph: Temüjin's three, nobody else's.
    const linked = await tg.gw.driver.executeQuery(
      "MATCH (other:Agent {tenantId: $t})-[:CREATED]->(k) WHERE k.id IN $ids RETURN other.id AS agent, k.id AS id ORDER BY id",
      { t: tg.tenant, ids: [ids.application, ids.finding, ids.draft] },
    );
    expect(linked.records.map((r) => r.get("agent"))).toEqual(["temujin", "temujin", "temujin"]);
  });

  it("Tier 3 'Shared Pool' and the Cross-Agent Knowledge Discovery query: Ögedei finds Temüjin's pooled finding (> 0.7), not the draft, and only once", async () => {
    at("09:15");
    // The old generic listing still shows every readable node (explicit arguments keep working).
    const everything = (await ok(ogedei, UNSEEN)).unseenKnowledge.map((k: any) => k.id);
    expect(everything).toEqual(expect.arrayContaining([ids.finding, ids.draft, ids.application, ids.async]));
    const found = (await ok(ogedei, DISCOVER, {})).discoverKnowledge;
    // In the pool, above 0.7: Möngke's research (0.8), Temüjin's finding (0.85) and his application (0.75, created SHARED at or above the pool's 0.7).
    expect(found.map((k: any) => k.id).sort()).toEqual([ids.finding, ids.async, ids.application].sort());
    expect(found.map((k: any) => k.id)).not.toContain(ids.draft);
    expect(found.every((k: any) => k.confidence > 0.7)).toBe(true);
    expect((await ok(ogedei, DISCOVER, {})).discoverKnowledge).toEqual([]);
    expect((await poolEntry(ids.finding)).accessedBy).toEqual(["ogedei"]);
    expect((await agentState("ogedei")).lastActiveAt).toBe("2026-02-03T09:15:00.000Z");
  });

  it("Default Subscriptions, Jochi 'all outputs for pattern analysis' (batched hourly): reconnecting with its cursor, the feed replays Temüjin's research, the draft included (min 0.5)", async () => {
    const jochiFeed = await feedOf(jochi, ids.cursorBefore);
    await jochiFeed.until(ids.draft);
    const got = jochiFeed.nodeIds();
    expect(got).toEqual(expect.arrayContaining([ids.application, ids.finding, ids.draft]));
    expect(new Set(jochiFeed.deliveries.map((d) => d.mode))).toEqual(new Set(["REPLAY"]));
  });

  it("memory_query(topic, min_confidence) by domain, as get_beliefs(domain=…): Jochi asks about memory pressure in 'async' and in 'seo'", async () => {
    at("09:20");
    const inAsync = (await ok(jochi, QUERY, { topic: "async memory pressure", domain: "async" })).memoryQuery.map((h: any) => h.knowledge.id);
    expect(inAsync).toEqual([ids.finding]);
    expect((await ok(jochi, QUERY, { topic: "async memory pressure", domain: "seo" })).memoryQuery).toEqual([]);
    expect((await poolEntry(ids.finding)).accessedBy.sort()).toEqual(["jochi", "ogedei"]);
  });

  it("Phase 5 'Implement reflection cycles': Jochi reflects on its experiences; reading the belief back stamps its last_accessed", async () => {
    at("10:12");
    await ok(jochi, `mutation ($input: [ExperienceCreateInput!]!) { createExperiences(input: $input) { experiences { id } } }`, {
      input: [
        "Research handoffs to the writer wait a day for review",
        "The research handoff to the writer waited a day for a review",
        "Handing research to the writer stalls a day in review",
      ].map((description) => ({ description, experienceType: "process", outcome: "FAILED" })),
    });
    const reflection = (await ok(jochi, `mutation { memoryReflect { id planner beliefsFormed { id confidence domains } } }`)).memoryReflect;
    expect(reflection.planner).toBe("DETERMINISTIC");
    expect(reflection.beliefsFormed).toHaveLength(1);
    const belief = reflection.beliefsFormed[0];
    expect(belief.domains).toEqual(["process"]);
    const before = (await ok(jochi, `query ($id: ID!) { beliefs(where: { id: { eq: $id } }) { lastAccessedAt } }`, { id: belief.id })).beliefs[0];
    expect(before.lastAccessedAt).toBeNull();
    at("10:13");
    const hits = (await ok(jochi, QUERY, { topic: "research handoff review", domain: "process" })).memoryQuery.map((h: any) => h.knowledge.id);
    expect(hits).toContain(belief.id);
    const after = (await ok(jochi, `query ($id: ID!) { beliefs(where: { id: { eq: $id } }) { lastAccessedAt } }`, { id: belief.id })).beliefs[0];
    expect(after.lastAccessedAt).toBe("2026-02-03T10:13:00.000Z");
  });

  it("memory.get_beliefs(domain, min_confidence, include_shared=True): Jochi's own beliefs, and with includeShared the pooled ones of the others, never a private one", async () => {
    at("10:14");
    const pooled = (await ok(mongke, STORE, { content: "Reviews go faster with a fixed slot", type: "BELIEF", confidence: 0.85, domains: ["process"] })).memoryStore;
    expect(pooled.pooled).toBe(true);
    const kept = (await ok(mongke, STORE, { content: "Reviews might go faster on Mondays", type: "BELIEF", confidence: 0.5, domains: ["process"] })).memoryStore;
    expect(kept.pooled).toBe(false);
    const BELIEFS = `query ($shared: Boolean) { agents(where: { id: { eq: "jochi" } }) { beliefs(domain: "process", minConfidence: 0, includeShared: $shared) { id ownerId } } }`;
    const own = (await ok(jochi, BELIEFS, { shared: false })).agents[0].beliefs;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((b: any) => b.ownerId === "jochi")).toBe(true);
    const withShared = (await ok(jochi, BELIEFS, { shared: true })).agents[0].beliefs;
    expect(withShared.map((b: any) => b.id).sort()).toEqual([...own.map((b: any) => b.id), pooled.id].sort());
    expect(withShared.map((b: any) => b.id)).not.toContain(kept.id);
    // Möngke's beliefs in the pool are also read from his own node, as before.
    expect((await ok(mongke, `query { agents(where: { id: { eq: "mongke" } }) { beliefs(domain: "process") { id } } }`)).agents[0].beliefs.map((b: any) => b.id).sort()).toEqual([pooled.id, kept.id].sort());
  });

  it("Ögedei ↔ Jochi Operations Improvement Loop and the Kublai Approval Gate: analysis → proposal → pending → Kublai's heartbeat → approved, broadcast to the squad", async () => {
    at("10:15");
    const ogedeiFeed = await feedOf(ogedei, await headCursor(tg.gw.driver, tg.tenant));
    const chagataiFeed = await feedOf(chagatai, await headCursor(tg.gw.driver, tg.tenant));
    const analysis = await ok(jochi, `mutation ($input: [AnalysisCreateInput!]!) { createAnalyses(input: $input) { analyses { id } } }`, {
      input: [{ analysisType: "PATTERN", title: "Handoff wait", findings: "Research waits a day for review", confidence: 0.8, domains: ["process"], visibility: "SHARED" }],
    });
    ids.analysis = analysis.createAnalyses.analyses[0].id;
    // 2. JOCHI shares Analysis with ÖGEDEI: his direct rule (Analysis in process, min 0.5) delivers it at once.
    await ogedeiFeed.until(ids.analysis);
    expect(ogedeiFeed.deliveries.find((d) => d.events.some((e) => e.nodeId === ids.analysis))!.mode).toBe("IMMEDIATE");
    const improvement = await ok(ogedei, `mutation ($input: [WorkflowImprovementCreateInput!]!) { createWorkflowImprovements(input: $input) { workflowImprovements { id status } } }`, {
      input: [{ targetProcess: "research handoff", currentState: "review waits a day", proposedState: "review slot at :06", domains: ["process"], confidence: 0.75 }],
    });
    ids.improvement = improvement.createWorkflowImprovements.workflowImprovements[0].id;
    expect(improvement.createWorkflowImprovements.workflowImprovements[0].status).toBe("PROPOSED");
    expect((await ok(ogedei, TRANSITION, { id: ids.improvement, t: "SUBMIT" })).transitionWorkflowImprovement.status).toBe("PENDING_APPROVAL");
    // Kublai: Heartbeat check for pending approvals, "submitted_for_approval < datetime() - duration('PT1H')", priority 1.0.
    at("10:45");
    expect((await ok(kublai, HEARTBEAT)).heartbeatChecklist.items.filter((i: any) => i.kind === "PENDING_APPROVAL")).toEqual([]);
    at("11:16");
    const pending = (await ok(kublai, HEARTBEAT)).heartbeatChecklist.items.filter((i: any) => i.kind === "PENDING_APPROVAL");
    expect(pending).toEqual([{ kind: "PENDING_APPROVAL", refId: ids.improvement, text: expect.stringContaining("research handoff"), priority: 1 }]);
    // Ögedei may not approve his own; Kublai approves.
    expect((await tg.as(ogedei, TRANSITION, { id: ids.improvement, t: "APPROVE" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const approved = (await ok(kublai, TRANSITION, { id: ids.improvement, t: "APPROVE", notes: "Measure for two weeks" })).transitionWorkflowImprovement;
    expect(approved).toMatchObject({ status: "APPROVED", reviewedBy: "kublai", approvedByConnection: { edges: [{ properties: { decision: "APPROVED", notes: "Measure for two weeks" }, node: { id: "kublai" } }] } });
    // Tier 3 "Broadcast (Push - Batched)": the approval goes to everyone, Chagatai included (no rule of his selects it),
    // with his next batch. Möngke's research after it comes at once (his direct rule); the broadcast, earlier in the outbox, was held.
    const next = (await ok(mongke, STORE, { content: "Review slots\nA fixed review slot halves handoff waits", type: "RESEARCH", confidence: 0.75, domains: ["process"] })).memoryStore;
    ids.slots = next.id;
    await chagataiFeed.until(ids.slots);
    expect(chagataiFeed.nodeIds()).not.toContain(ids.improvement);
    // His agent restarts before the batch is due: reconnecting from his last cursor replays the held broadcast, once.
    const resumed = await feedOf(chagatai, chagataiFeed.deliveries.at(-1)!.cursor);
    await resumed.until(ids.improvement);
    expect(resumed.deliveries.flatMap((d) => d.events.map((e) => [d.mode, e.nodeId, e.type, e.tier]))).toEqual([["REPLAY", ids.improvement, "WORKFLOW_TRANSITION", "BROADCAST"]]);
    expect((await ok(kublai, HEARTBEAT)).heartbeatChecklist.items.filter((i: any) => i.kind === "PENDING_APPROVAL")).toEqual([]);
    expect((await ok(ogedei, TRANSITION, { id: ids.improvement, t: "START_IMPLEMENTATION" })).transitionWorkflowImprovement.status).toBe("IMPLEMENTING");
  });

  it("HEARTBEAT.md replaced by dynamic graph queries: Chagatai's checklist lists Möngke's research he subscribes to (> 0.7) until he reads it", async () => {
    at("12:06");
    const list = (await ok(chagatai, HEARTBEAT)).heartbeatChecklist;
    expect(list.unreadKnowledge.map((k: any) => k.id)).toEqual([ids.async, ids.slots]);
    expect(list.items.map((i: any) => [i.kind, i.refId])).toEqual([["UNREAD_KNOWLEDGE", ids.async], ["UNREAD_KNOWLEDGE", ids.slots]]);
    expect(list.items[0].priority).toBeCloseTo(0.8 * 0.8, 6);
    // He reads them through discovery (his subscription to Möngke's research, or the pool); the checklist empties.
    expect((await ok(chagatai, DISCOVER, {})).discoverKnowledge.map((k: any) => k.id)).toEqual(expect.arrayContaining([ids.async, ids.slots]));
    expect((await ok(chagatai, HEARTBEAT)).heartbeatChecklist.unreadKnowledge).toEqual([]);
  });

  it("Appendix 'Synthesis Opportunities' (research + failed applications = refinement needed): no time window, a December challenge still counts", async () => {
    at("12:30");
    const concept = await ok(mongke, `mutation ($input: [ResearchCreateInput!]!) { createResearch(input: $input) { research { id discovered { id } } } }`, {
      input: [{
        topic: "Memory-aware async", findings: "Bound concurrency by free memory", confidence: 0.8, visibility: "SHARED", domains: ["technical"],
        discovered: { create: [{ node: { name: "memory-aware-async", description: "Concurrency bounded by memory", confidence: 0.8, source: "RESEARCH", visibility: "SHARED", domains: ["technical"] } }] },
      }],
    });
    const conceptId = concept.createResearch.research[0].discovered[0].id;
    const challenge = await ok(temujin, `mutation ($input: [ApplicationCreateInput!]!) { createApplications(input: $input) { applications { id } } }`, {
      input: [{
        context: "Ingest worker under load", success: false, lessonsLearned: "Free memory reads lag", confidence: 0.7, visibility: "SHARED", domains: ["technical"],
        challenged: { connect: [{ where: { node: { id: { eq: conceptId } } }, edge: { reason: "fails in containers" } }] },
      }],
    });
    const applicationId = challenge.createApplications.applications[0].id;
    // The challenge was made in December, 64 days before this morning.
    await tg.gw.driver.executeQuery("MATCH (a:Application {tenantId: $t, id: $id}) SET a.createdAt = datetime('2025-12-01T09:00:00Z')", { t: tg.tenant, id: applicationId });
    const OPPORTUNITIES = `query ($w: Int) { synthesisOpportunities(windowDays: $w) { concept { id } challenges { application { id } reason } } }`;
    const found = (await ok(kublai, OPPORTUNITIES, {})).synthesisOpportunities.find((o: any) => o.concept.id === conceptId);
    expect(found).toEqual({ concept: { id: conceptId }, challenges: [{ application: { id: applicationId }, reason: "fails in containers" }] });
    // A window is still there for who asks for one.
    expect((await ok(kublai, OPPORTUNITIES, { w: 30 })).synthesisOpportunities.map((o: any) => o.concept.id)).not.toContain(conceptId);
  });
});
