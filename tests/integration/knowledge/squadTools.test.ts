import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { okAs } from "../../support/gql.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * The six-agent squad's tools as its note writes them (issue #19): memory_store
 * of the note's knowledge types, memory_query by domain, cross-agent discovery
 * with the note's defaults, marking knowledge applied, and installing the
 * squad, each with its bad input.
 */
let t: TokenGateway;
let writer: Caller, reader: Caller, admin: Caller;
const ok = (caller: Caller, query: string, variables: Record<string, unknown> = {}) => okAs(t, caller, query, variables);
const refused = async (caller: Caller, query: string, variables: Record<string, unknown> = {}) => (await t.as(caller, query, variables)).errors?.[0]?.extensions;

const STORE = `mutation ($content: String!, $type: MemoryKind!, $confidence: Float, $domains: [String!]) {
  memoryStore(content: $content, type: $type, confidence: $confidence, domains: $domains) { id kind confidence pooled node { __typename } } }`;
const DISCOVER = `query ($agentId: ID, $minConfidence: Float, $sources: DiscoverySources, $markAccessed: Boolean, $types: [String!]) {
  discoverKnowledge(agentId: $agentId, minConfidence: $minConfidence, sources: $sources, markAccessed: $markAccessed, types: $types) { id confidence } }`;
const UNSEEN = `query ($sources: DiscoverySources, $types: [String!]) { unseenKnowledge(sources: $sources, types: $types, limit: 100) { id } }`;
const QUERY = `query ($topic: String!, $domain: String) { memoryQuery(topic: $topic, domain: $domain) { knowledge { id domains } } }`;
const APPLIED = `mutation ($ids: [ID!]!) { markKnowledgeApplied(ids: $ids) }`;
const agentNode = (caller: Caller) => ok(caller, `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`, { id: caller.agentId, name: caller.agentId });
const ids = (items: { id: string }[]) => items.map((k) => k.id).sort();
const stored: Record<string, string> = {};

beforeAll(async () => {
  t = await startTokenGateway({ tenantPrefix: "squadtools" });
  writer = t.caller("writer");
  reader = t.caller("reader");
  admin = t.caller("root", ["agent", "admin"]);
  await agentNode(writer);
  await agentNode(reader);
});
afterAll(async () => {
  await t.stop();
});

describe("memoryStore takes the note's knowledge types (memory_store(content, type, confidence))", () => {
  it("stores RESEARCH, CONCEPT, CONTENT, ANALYSIS and DOCUMENTATION as their node types, first line as the headline, pooled at 0.7", async () => {
    const kinds = { RESEARCH: "Research", CONCEPT: "Concept", CONTENT: "Content", ANALYSIS: "Analysis", DOCUMENTATION: "Documentation" };
    for (const [kind, typename] of Object.entries(kinds)) {
      const r = (await ok(writer, STORE, { content: `  \n${kind} headline about queues\nThe body of the ${kind}`, type: kind, confidence: 0.75, domains: ["ops"] })).memoryStore;
      expect(r).toMatchObject({ kind, confidence: 0.75, pooled: true, node: { __typename: typename } });
      stored[kind] = r.id;
    }
    const low = (await ok(writer, STORE, { content: "Unsure analysis", type: "ANALYSIS", confidence: 0.4 })).memoryStore;
    expect(low).toMatchObject({ kind: "ANALYSIS", pooled: false });
    stored.low = low.id;
    const read = await ok(writer, `query ($r: ID!, $c: ID!, $a: ID!) {
      research(where: { id: { eq: $r } }) { topic findings depth visibility }
      concepts(where: { id: { eq: $c } }) { name description }
      analyses(where: { id: { eq: $a } }) { title analysisType } }`, { r: stored.RESEARCH, c: stored.CONCEPT, a: stored.ANALYSIS });
    expect(read.research).toEqual([{ topic: "RESEARCH headline about queues", findings: "RESEARCH headline about queues\nThe body of the RESEARCH", depth: "MODERATE", visibility: "SHARED" }]);
    expect(read.concepts[0].name).toBe("CONCEPT headline about queues");
    expect(read.analyses).toEqual([{ title: "ANALYSIS headline about queues", analysisType: "PATTERN" }]);
  });

  it("refuses a type the schema does not have, and empty content", async () => {
    expect((await t.as(writer, STORE, { content: "x", type: "SYNTHESIS_REPORT" })).errors?.[0]?.message).toMatch(/MemoryKind/);
    expect(await refused(writer, STORE, { content: "   ", type: "RESEARCH" })).toMatchObject({ code: "BAD_USER_INPUT", field: "memoryStore.content" });
  });
});

describe("memoryQuery(domain:)", () => {
  it("keeps only knowledge carrying the domain; refuses an empty or overlong one naming the field", async () => {
    await ok(writer, STORE, { content: "Queue depth alarms\nPage when the queue grows", type: "RESEARCH", confidence: 0.5, domains: ["alerts"] });
    const inOps = (await ok(writer, QUERY, { topic: "queues headline", domain: "ops" })).memoryQuery;
    expect(inOps.length).toBeGreaterThan(0);
    expect(inOps.every((h: any) => h.knowledge.domains.includes("ops"))).toBe(true);
    const inAlerts = (await ok(writer, QUERY, { topic: "queue", domain: "alerts" })).memoryQuery;
    expect(inAlerts.map((h: any) => h.knowledge.domains)).toEqual([["alerts"]]);
    expect(await refused(writer, QUERY, { topic: "queue", domain: "" })).toMatchObject({ code: "BAD_USER_INPUT", field: "memoryQuery.domain" });
    expect(await refused(writer, QUERY, { topic: "queue", domain: "d".repeat(101) })).toMatchObject({ code: "BAD_USER_INPUT", field: "memoryQuery.domain" });
  });
});

describe("discoverKnowledge: the note's Cross-Agent Knowledge Discovery defaults", () => {
  it("lists pooled knowledge above 0.7 only; explicit arguments give unseenKnowledge's answer; markAccessed: false records nothing", async () => {
    const pooled = [stored.RESEARCH, stored.CONCEPT, stored.CONTENT, stored.ANALYSIS, stored.DOCUMENTATION].sort();
    expect(ids((await ok(reader, DISCOVER, { markAccessed: false })).discoverKnowledge)).toEqual(pooled);
    expect(ids((await ok(reader, UNSEEN, { sources: "SUBSCRIBED_OR_POOL" })).unseenKnowledge)).toEqual(pooled);
    const everything = ids((await ok(reader, UNSEEN, {})).unseenKnowledge);
    expect(ids((await ok(reader, DISCOVER, { minConfidence: 0, sources: "ALL_READABLE", markAccessed: false })).discoverKnowledge)).toEqual(everything);
    // The low-confidence analysis is PRIVATE (below the pool): never listed to another agent.
    expect(everything).not.toContain(stored.low);
  });

  it("lists knowledge a subscription rule selects even outside the pool (source, type, domain, the rule's minimum)", async () => {
    const shared = await ok(writer, `mutation ($input: [ResearchCreateInput!]!) { createResearch(input: $input) { research { id } } }`, {
      input: [{ topic: "Unpooled", findings: "Shared by hand below the pool", confidence: 0.69, visibility: "SHARED", domains: ["ops"] }],
    });
    const unpooled = shared.createResearch.research[0].id;
    expect(ids((await ok(reader, DISCOVER, { minConfidence: 0.5, markAccessed: false, types: ["Research"] })).discoverKnowledge)).not.toContain(unpooled);
    await ok(reader, `mutation ($input: [SubscriptionRuleCreateInput!]!) { createSubscriptionRules(input: $input) { subscriptionRules { id } } }`, {
      input: [{ knowledgeTypes: ["Research"], domains: ["ops"], minConfidence: 0.6, subscriber: { connect: [{ where: { node: { id: { eq: reader.agentId } } } }] }, source: { connect: [{ where: { node: { id: { eq: writer.agentId } } } }] } }],
    });
    expect(ids((await ok(reader, DISCOVER, { minConfidence: 0.5, markAccessed: false, types: ["Research"] })).discoverKnowledge)).toContain(unpooled);
    // The default (> 0.7) still leaves the 0.69 research out.
    expect(ids((await ok(reader, DISCOVER, { markAccessed: false, types: ["Research"] })).discoverKnowledge)).not.toContain(unpooled);
  });

  it("an admin asking for another agent reads its discovery without marking it; the agent's own call marks what it returned", async () => {
    const forReader = ids((await ok(admin, DISCOVER, { agentId: reader.agentId })).discoverKnowledge);
    expect(forReader.length).toBeGreaterThan(0);
    expect(ids((await ok(reader, DISCOVER, {})).discoverKnowledge)).toEqual(forReader);
    expect((await ok(reader, DISCOVER, {})).discoverKnowledge).toEqual([]);
  });

  it("arguments given as null take the field's defaults; what it lists is marked read whatever the selection asks for", async () => {
    const fresh = (await ok(writer, STORE, { content: "Backpressure in the ingest queue\nShed load at the edge", type: "RESEARCH", confidence: 0.8 })).memoryStore.id;
    const nulls = `query { unseenKnowledge(minConfidence: null, sources: null, limit: null) { id } }`;
    expect(ids((await ok(reader, nulls)).unseenKnowledge)).toEqual(ids((await ok(reader, UNSEEN, {})).unseenKnowledge));
    // No id selected: the field still records the node it listed, so the next call no longer lists it.
    const titles = `query { discoverKnowledge(minConfidence: null, sources: null, limit: null) { title } }`;
    expect((await ok(reader, titles)).discoverKnowledge).toEqual([{ title: "Backpressure in the ingest queue" }]);
    expect((await ok(reader, titles)).discoverKnowledge).toEqual([]);
    expect(ids((await ok(reader, UNSEEN, {})).unseenKnowledge)).not.toContain(fresh);
  });

  it("refuses bad arguments naming the field", async () => {
    expect(await refused(reader, DISCOVER, { minConfidence: 1.5 })).toMatchObject({ code: "BAD_USER_INPUT", field: "discoverKnowledge.minConfidence" });
    expect(await refused(reader, DISCOVER, { types: ["Memory"] })).toMatchObject({ code: "BAD_USER_INPUT", field: "discoverKnowledge.types[0]" });
    expect(await refused(writer, DISCOVER, { agentId: reader.agentId })).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("markKnowledgeApplied", () => {
  it("adds the caller to appliedBy and LEARNED from the creator once; its own knowledge teaches it nothing; bad input named", async () => {
    expect((await ok(reader, APPLIED, { ids: [stored.CONCEPT, stored.CONCEPT, stored.low, "missing"] })).markKnowledgeApplied).toEqual([stored.CONCEPT]);
    expect((await ok(writer, APPLIED, { ids: [stored.CONCEPT] })).markKnowledgeApplied).toEqual([stored.CONCEPT]);
    const { records } = await t.gw.driver.executeQuery(
      `MATCH (sk:SharedKnowledge {tenantId: $t})-[:SHARES]->({id: $id})
       RETURN sk.appliedBy AS applied, sk.accessedBy AS accessed, COUNT { (:Agent {tenantId: $t})-[:LEARNED {knowledgeId: $id}]->(:Agent) } AS learned`,
      { t: t.tenant, id: stored.CONCEPT },
    );
    expect(records[0]!.get("applied")).toEqual([reader.agentId]);
    expect(records[0]!.get("accessed")).toEqual([reader.agentId]);
    expect(Number(records[0]!.get("learned"))).toBe(1);
    expect(await refused(reader, APPLIED, { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) })).toMatchObject({ code: "BAD_USER_INPUT", field: "markKnowledgeApplied.ids" });
    expect(await refused(t.caller("nobody"), APPLIED, { ids: [stored.CONCEPT] })).toMatchObject({ code: "NOT_FOUND" });
  });
});
