import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { okAs } from "../../support/gql.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * Runs every example of docs/graph-queries.md, as written there, with the
 * variables written there, against a real Neo4j holding the graph the examples
 * talk about (the tenant is this run's own, so the ids can be the doc's).
 */
interface Example {
  title: string;
  query: string;
  variables: Record<string, unknown>;
}
const doc = readFileSync(new URL("../../../docs/graph-queries.md", import.meta.url), "utf8");
const examples: Example[] = doc
  .split(/^## /m)
  .slice(1)
  .map((section) => ({
    title: section.split("\n")[0]!.trim(),
    query: /```graphql\n([\s\S]*?)```/.exec(section)![1]!,
    variables: JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!) as Record<string, unknown>,
  }));

let tg: TokenGateway;
let scout: Caller;
let reviewer: Caller;
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const as = <T = any>(caller: Caller, query: string, variables: Record<string, unknown> = {}) => okAs<T>(tg, caller, query, variables);

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "graphdoc" });
  // The doc's agent ids, in this run's own tenant: scout records and proposes, reviewer approves.
  scout = { tenantId: tg.tenant, agentId: "scout", roles: ["agent"] };
  reviewer = { tenantId: tg.tenant, agentId: "reviewer", roles: ["approver"] };
  await as(scout, `mutation { createAgents(input: [{ id: "scout", name: "Scout", role: "researcher" }]) { agents { id } } }`);
  await as(reviewer, `mutation { createAgents(input: [{ id: "reviewer", name: "Reviewer", role: "approver" }]) { agents { id } } }`);
  const people = ["alice", "bob", "charlie"].map((id) => ({ id, name: id[0]!.toUpperCase() + id.slice(1) }));
  await as(scout, `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`, { input: people });
  const messages = [
    ["msg_001", "alice", "Started at Initech on the platform team", 1],
    ["msg_002", "alice", "Rewrote the deploy pipeline in Rust", 2],
    ["msg_003", "bob", "Rust borrow checker finally clicked for me", 3],
    ["msg_004", "bob", "Joined Initech this week", 4],
    ["msg_005", "charlie", "Left Initech last spring", 5],
    ["msg_006", "alice", "Charlie and I pair every Friday", 6],
  ].map(([id, author, content, day]) => ({
    id, authorId: author, content, timestamp: new Date(Date.UTC(2026, 9, day as number)).toISOString(),
    author: { connect: [{ where: { node: { id: { eq: author } } } }] },
  }));
  await as(scout, `mutation ($input: [MessageCreateInput!]!) { createMessages(input: $input) { messages { id } } }`, { input: messages });
  await as(scout, `mutation ($facts: [FactAssertionInput!]!) { assertFacts(facts: $facts) { created { id } } }`, {
    facts: [
      { subject: "alice", relation: "WORKS_AT", object: "Initech", confidence: 0.95, evidence: ["msg_001"], attributes: { role: "Platform engineer" } },
      { subject: "alice", relation: "HAS_SKILL", object: "Rust", confidence: 0.9, evidence: ["msg_002"] },
      { subject: "bob", relation: "HAS_SKILL", object: "Rust", confidence: 0.8, evidence: ["msg_003"] },
      { subject: "bob", relation: "WORKS_AT", object: "Initech", confidence: 0.9, evidence: ["msg_004"] },
      { subject: "charlie", relation: "PREVIOUSLY", object: "Initech", confidence: 0.85, evidence: ["msg_005"] },
      { subject: "alice", relation: "CLOSE_TO", object: "charlie", confidence: 0.85, evidence: ["msg_006"], attributes: { basis: "pair every Friday" } },
    ],
  });
  await as(scout, `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`, {
    input: [
      { type: "INSIGHT", content: "The deploy pipeline is fastest when Alice reviews the Rust changes", importance: 0.9, tags: ["deploys"], visibility: "SHARED",
        aboutPeople: { connect: [{ where: { node: { id: { eq: "alice" } } } }] }, agent: { connect: [{ where: { node: { id: { eq: "scout" } } } }] } },
      { type: "LEARNING", content: "Deploys on Friday afternoons failed twice: schedule them earlier", importance: 0.8, tags: ["deploys"],
        agent: { connect: [{ where: { node: { id: { eq: "scout" } } } }] }, relatedAgents: { connect: [{ where: { node: { id: { eq: "reviewer" } } } }] } },
    ],
  });
  const analysis = await as(scout, `mutation { createAnalyses(input: [{ analysisType: PATTERN, title: "Deploy failures by weekday",
    findings: "Four of five failed deploys of the deploy pipeline started on a Friday", visibility: SHARED, confidence: 0.8 }]) { analyses { id } } }`);
  const analysisId = analysis.createAnalyses.analyses[0].id as string;
  await as(scout, `mutation ($a: ID!) { createInsights(input: [{ insight: "Friday deploys of the deploy pipeline fail most", category: PROCESS, confidence: 0.9, visibility: SHARED,
    basedOn: { connect: [{ where: { node: { id: { eq: $a } } } }] } }]) { insights { id } } }`, { a: analysisId });
  const improvement = await as(scout, `mutation ($a: ID!) { createWorkflowImprovements(input: [{ targetProcess: "deploys", currentState: "Deploy any day",
    proposedState: "No deploys after Thursday noon", basedOnAnalysis: { connect: [{ where: { node: { id: { eq: $a } } } }] } }]) { workflowImprovements { id } } }`, { a: analysisId });
  const improvementId = improvement.createWorkflowImprovements.workflowImprovements[0].id as string;
  await as(scout, `mutation ($id: ID!) { transitionWorkflowImprovement(id: $id, transition: SUBMIT) { status } }`, { id: improvementId });
  // The queue lists proposals waiting for over an hour: this one was submitted two hours ago.
  await tg.gw.driver.executeQuery("MATCH (w:WorkflowImprovement {id: $id}) SET w.submittedForApprovalAt = datetime() - duration('PT2H')", { id: improvementId });
  await as(scout, `mutation { startSession(sessionId: "run-1", goal: "Reach the gym", maxTurns: 20) { id } }`);
  for (const [number, button, success] of [[1, "UP", true], [2, "UP", false]] as const) {
    await as(scout, `mutation ($turn: TurnInput!) { recordTurn(sessionId: "run-1", turn: $turn) { created } }`, {
      turn: { number, analysis: `Turn ${number}: heading north`, buttonPresses: [button], success, location: "Route 1", screenshot: { base64: PNG, mimeType: "image/png" } },
    });
  }
  await tg.gw.app.embeddings.drain();
});
afterAll(async () => {
  await tg?.stop();
});

/** What each example must show, beyond answering without errors: the nested data it is there for. */
const EXPECTED: ((data: any) => void)[] = [
  (d) => {
    const byName = Object.fromEntries(d.peopleBySkill.people.map((p: any) => [p.name, p.person]));
    expect(byName.Alice.worksAtConnection.edges).toEqual([{ properties: { role: "Platform engineer", confidence: 0.95 }, node: { name: "Initech" } }]);
    expect(byName.Alice.messages.map((m: any) => m.content)).toEqual(["Charlie and I pair every Friday", "Rewrote the deploy pipeline in Rust", "Started at Initech on the platform team"]);
    expect(byName.Bob.worksAtConnection.edges[0].node.name).toBe("Initech");
  },
  (d) => {
    const memories = d.memoryContext.lines.map((l: any) => l.memory);
    expect(memories.some((m: any) => m.aboutPeople.some((p: any) => p.name === "Alice"))).toBe(true);
    expect(memories.some((m: any) => m.relatedAgents.some((a: any) => a.name === "Reviewer"))).toBe(true);
  },
  (d) => {
    const [pending] = d.heartbeatChecklist.pendingApprovals;
    expect(pending.waitingMinutes).toBeGreaterThanOrEqual(119);
    expect(pending.improvement.basedOnAnalysis[0].title).toBe("Deploy failures by weekday");
    expect(pending.improvement.transitions.map((t: any) => t.transition)).toEqual(["SUBMIT"]);
  },
  (d) => {
    const about = d.searchMemories.hits.find((h: any) => h.memory?.aboutPeople.length);
    expect(about.memory.agent).toEqual([{ name: "Scout", role: "researcher" }]);
    expect(about.memory.aboutPeople).toEqual([{ name: "Alice", worksAt: [{ name: "Initech" }] }]);
  },
  (d) => {
    const alice = d.findExperts.experts.find((e: any) => e.name === "Alice");
    expect(alice.person.hasSkill).toEqual([{ name: "Rust" }]);
    expect(alice.person.messages).toEqual([{ content: "Charlie and I pair every Friday" }]);
  },
  (d) => {
    const works = d.personProfile.facts.find((f: any) => f.type === "WORKS_AT");
    expect(works.objectNode.__typename).toBe("Org");
    expect(works.objectNode.employees.map((p: any) => p.name).sort()).toEqual(["Alice", "Bob"]);
    expect(works.evidenceMessages).toEqual([{ id: "msg_001", content: "Started at Initech on the platform team", author: [{ name: "Alice" }] }]);
  },
  (d) => {
    expect(d.recentTurns.recentTurns.map((t: any) => t.turnNode.screenshot[0].mimeType)).toEqual(["image/png", "image/png"]);
    expect(d.recentTurns.session).toMatchObject({ goal: "Reach the gym", status: "ACTIVE", player: [{ name: "Scout" }] });
    expect(JSON.parse(d.recentTurns.json).recent_turns[0]).not.toHaveProperty("turnId");
  },
  (d) => {
    const insight = d.memoryQuery.map((h: any) => h.knowledge.node).find((n: any) => n.__typename === "Insight");
    expect(insight.basedOn).toEqual([{ __typename: "Analysis", title: "Deploy failures by weekday" }]);
  },
  (d) => {
    const alice = d.retrieveContext.structuredFacts.find((f: any) => f.person?.name === "Alice");
    expect(alice.person.closeTo).toEqual([{ name: "Charlie" }]);
    expect(d.retrieveContext.structuredFacts.flatMap((f: any) => f.evidenceMessages).length).toBeGreaterThan(0);
  },
  (d) => {
    expect(d.relationshipsBetween.personA).toEqual({ name: "Alice" });
    const org = d.relationshipsBetween.sharedContexts.find((c: any) => c.contextNode?.__typename === "Org").contextNode;
    expect(org.formerEmployees).toEqual([{ name: "Charlie" }]);
  },
];

describe("docs/graph-queries.md", () => {
  it("holds ten examples, each with its variables", () => {
    expect(examples).toHaveLength(10);
  });
  examples.forEach((example, i) => {
    it(example.title, async () => {
      // Approvals are the reviewer's queue; everything else is asked by the agent that recorded it.
      const caller = example.query.includes("heartbeatChecklist") ? reviewer : scout;
      EXPECTED[i]!(await as(caller, example.query, example.variables));
    });
  });
});
