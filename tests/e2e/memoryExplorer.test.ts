import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../src/core/caller.js";
import { launchChromium, watchPage } from "../support/chromium.js";
import { startTestGateway, testConfig, type TestGateway } from "../support/testGateway.js";
import { startTokenGateway, type TokenGateway } from "../support/tokenGateway.js";

const RESULTS = path.resolve("test-results");
const DOCS = path.resolve("docs");

/** The page's `window` as far as this test reads it (the project has no DOM lib). */
interface ExplorerWindow {
  __explorer: {
    cy: {
      nodes(selector?: string): { length: number; map<T>(f: (n: CyNode) => T): T[] };
      getElementById(id: string): CyNode & { nonempty(): boolean };
    };
    paints: { center: string; nodes: number; ms: number; loadMs: number; drawMs: number; layoutMs: number; queries: { operation: string; ms: number }[] }[];
  };
  document: { querySelector(s: string): { getBoundingClientRect(): { x: number; y: number } } | null };
}
interface CyNode {
  id(): string;
  data(key: string): string;
  renderedPosition(): { x: number; y: number };
}

let tk: TokenGateway;
let browser: Browser;
let viewer: Caller;
let owner: Caller;
let stranger: Caller;
let origin: string;
const ids = {} as Record<"ana" | "bo" | "big" | "dana" | "danaMemory" | "b1" | "b2" | "improvement" | "rule", string>;
const run = () => viewer.agentId.split("-").at(-1)!;
/** Text that only another agent's private nodes and another tenant's nodes contain: no view may ever show it. */
const secrets = () => [`bo-private-${run()}`, `other-tenant-${run()}`];

async function ok<T = any>(caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await tk.as<T>(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}

const connect = (id: string) => ({ connect: [{ where: { node: { id: { eq: id } } } }] });

async function seed() {
  const r = run();
  ids.ana = viewer.agentId;
  ids.bo = owner.agentId;
  ids.big = `big-${r}`;
  ids.dana = `dana-${r}`;
  await ok(viewer, `mutation ($a: ID!, $big: ID!) { createAgents(input: [{ id: $a, name: "Ana Explorer", role: "analyst" }, { id: $big, name: "Busy Archivist", role: "archivist" }]) { agents { id } } }`, { a: ids.ana, big: ids.big });
  await ok(owner, `mutation ($b: ID!) { createAgents(input: [{ id: $b, name: "Bo Builder", role: "builder" }]) { agents { id } } }`, { b: ids.bo });
  await ok(viewer, `mutation ($id: ID!) { createPeople(input: [{ id: $id, name: "Dana Seeded" }]) { people { id } } }`, { id: ids.dana });
  const messages = ([
    [`m1-${r}`, "Leaving Globex after five years, what a ride", "2023-01-10T09:00:00Z"],
    [`m2-${r}`, "First week at Initech as a staff engineer", "2023-02-01T09:00:00Z"],
    [`m3-${r}`, "Apartment hunting in Porto this month", "2023-03-01T09:00:00Z"],
  ] as [string, string, string][]).map(([id, content, timestamp]) => ({ id, authorId: ids.dana, authorName: "Dana Seeded", content, timestamp, visibility: "SHARED", author: connect(ids.dana) }));
  await ok(viewer, `mutation ($input: [MessageCreateInput!]!) { createMessages(input: $input) { messages { id } } }`, { input: messages });
  const assert = `mutation ($facts: [FactAssertionInput!]!) { assertFacts(facts: $facts) { created { id type object } closed { id } } }`;
  await ok(viewer, assert, { facts: [{ subject: ids.dana, relation: "WORKS_AT", object: "Globex", confidence: 0.9, evidence: [`m1-${r}`], validFrom: "2018-01-01T00:00:00Z", attributes: { startDate: "2018" } }] });
  await ok(viewer, assert, { facts: [{ subject: ids.dana, relation: "WORKS_AT", object: "Initech", confidence: 0.95, evidence: [`m2-${r}`], validFrom: "2023-02-01T00:00:00Z", attributes: { startDate: "2023-02", role: "staff engineer" } }] });
  const lives = await ok(viewer, assert, { facts: [{ subject: ids.dana, relation: "LIVES_IN", object: "Porto", confidence: 0.6, evidence: [`m3-${r}`], validFrom: "2023-03-01T00:00:00Z" }] });
  await ok(viewer, `mutation ($id: ID!) { retractFact(id: $id, reason: "she was only visiting") { id } }`, { id: lives.assertFacts.created[0].id });

  const memories = await ok(viewer, `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id content } } }`, {
    input: [
      { type: "INSIGHT", content: "Dana prefers written design reviews", importance: 0.9, visibility: "SHARED", agent: connect(ids.ana), aboutPeople: connect(ids.dana) },
      { type: "OBSERVATION", content: "The deploy queue grows on Mondays", importance: 0.6, agent: connect(ids.ana) },
    ],
  });
  ids.danaMemory = memories.createMemories.memories.find((m: { content: string }) => m.content.startsWith("Dana")).id;
  await ok(owner, `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`, {
    input: [
      { type: "OBSERVATION", content: `Bo builds the release notes on Fridays`, importance: 0.5, visibility: "SHARED", agent: connect(ids.bo) },
      { type: "OBSERVATION", content: `bo-private-${r}: Dana's salary`, importance: 0.9, visibility: "PRIVATE", agent: connect(ids.bo), aboutPeople: connect(ids.dana) },
    ],
  });
  // Another tenant, with a person and an agent of the same names: nothing of it may show.
  const other = await tk.token(stranger);
  const write = (query: string, variables: Record<string, unknown>) =>
    fetch(tk.gw.url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${other}` }, body: JSON.stringify({ query, variables }) }).then((res) => res.json());
  expect(await write(`mutation ($id: ID!, $p: ID!) { createAgents(input: [{ id: $id, name: "other-tenant-${r} agent", role: "spy" }]) { agents { id } }
    createPeople(input: [{ id: $p, name: "other-tenant-${r} Dana Seeded" }]) { people { id } } }`, { id: `spy-${r}`, p: `odana-${r}` })).not.toHaveProperty("errors");
  expect(await write(`mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`, {
    input: [{ type: "INSIGHT", content: `other-tenant-${r} Dana prefers written design reviews`, importance: 1, visibility: "SHARED", agent: connect(`spy-${r}`) }],
  })).not.toHaveProperty("errors");

  const b1 = await ok(viewer, `mutation { createBeliefs(input: [{ content: "Monday deploys are risky", confidence: 0.6, state: SUPERSEDED, sourceType: EXPERIENCE }]) { beliefs { id } } }`);
  ids.b1 = b1.createBeliefs.beliefs[0].id;
  const b2 = await ok(viewer, `mutation ($from: ID!) { createBeliefs(input: [{ content: "Deploys are risky only when the queue is long", confidence: 0.8,
    evolvedFrom: { connect: [{ where: { node: { id: { eq: $from } } }, edge: { reason: "the queue data explained the Mondays" } }] } }]) { beliefs { id } } }`, { from: ids.b1 });
  ids.b2 = b2.createBeliefs.beliefs[0].id;
  await ok(viewer, `mutation ($b: ID!) { createBeliefs(input: [{ content: "Queue length predicts failed deploys", confidence: 0.7, supports: { connect: [{ where: { node: { id: { eq: $b } } } }] } }]) { beliefs { id } } }`, { b: ids.b2 });

  const improvement = await ok(owner, `mutation { createWorkflowImprovements(input: [{ targetProcess: "Release notes", currentState: "Written by hand on Fridays",
    proposedState: "Generated from merged pull requests every day" }]) { workflowImprovements { id } } }`);
  ids.improvement = improvement.createWorkflowImprovements.workflowImprovements[0].id;
  await ok(owner, `mutation ($id: ID!) { transitionWorkflowImprovement(id: $id, transition: SUBMIT) { status } }`, { id: ids.improvement });

  const rules = await ok(viewer, `mutation ($input: [SubscriptionRuleCreateInput!]!) { createSubscriptionRules(input: $input) { subscriptionRules { id } } }`, {
    input: [{ knowledgeTypes: ["Research"], domains: ["ml"], minConfidence: 0.5, subscriber: connect(ids.ana) }],
  });
  ids.rule = rules.createSubscriptionRules.subscriptionRules[0].id;
  await ok(viewer, `mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { metadata { runId } } }`, {
    input: { messages: [{ authorName: "Ana", content: "Where does Dana Seeded work now?" }] },
  });
  // A neighbourhood of 1,000 memories, written directly: 1,000 embeddings would keep the worker (and the CPU) busy while the page is timed.
  await tk.gw.driver.executeQuery(
    `MATCH (a:Agent {tenantId: $tenant, id: $agent})
     UNWIND range(1, 1000) AS i
     CREATE (a)-[:REMEMBERS]->(:Memory {id: $agent + '-m' + i, tenantId: $tenant, ownerId: $owner, visibility: 'PRIVATE', sharedWith: [],
       type: ['OBSERVATION', 'LEARNING', 'INSIGHT', 'INTERACTION'][i % 4], content: 'Archived note number ' + i, importance: (i % 10) / 10.0,
       tags: [], participants: [], confidence: 1.0, createdAt: datetime(), embeddingStatus: 'READY'})`,
    { tenant: tk.tenant, agent: ids.big, owner: ids.ana },
  );
  // And Bo's private notes linked to the same agent, the strongest of all: neither drawn nor counted in a summary for Ana.
  await tk.gw.driver.executeQuery(
    `MATCH (a:Agent {tenantId: $tenant, id: $agent})
     UNWIND range(1, 20) AS i
     CREATE (a)-[:REMEMBERS]->(:Memory {id: $agent + '-bo' + i, tenantId: $tenant, ownerId: $owner, visibility: 'PRIVATE', sharedWith: [],
       type: 'OBSERVATION', content: 'bo-private-' + $run + ' note ' + i, importance: 1.0,
       tags: [], participants: [], confidence: 1.0, createdAt: datetime(), embeddingStatus: 'READY'})`,
    { tenant: tk.tenant, agent: ids.big, owner: ids.bo, run: r },
  );
}

/** Opens a view signed in as `caller` (a token kept in session storage, as the sign-in form keeps it), on the file's gateway or another. */
async function open(view: string, caller: Caller = viewer, at: string = origin): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const token = await tk.token(caller);
  await page.addInitScript((value) => (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void; getItem(k: string): string | null } }).sessionStorage.setItem("mnemograph.explorer.credential", JSON.stringify({ kind: "token", value })), token);
  const watch = watchPage(page);
  await page.goto(`${at}/explorer/#${view}`);
  return { page, watch };
}

/**
 * Saves the view's picture as a test artifact; with UPDATE_DOCS_SCREENSHOTS=1 also as the docs'
 * illustration (not on every run: each run's ids differ, and the docs would change with them).
 */
async function screenshot(page: Page, name: string) {
  await mkdir(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `explorer-${name}.png`);
  await page.screenshot({ path: file });
  if (process.env.UPDATE_DOCS_SCREENSHOTS === "1") await copyFile(file, path.join(DOCS, `explorer-${name}.png`));
}

/** No console error, nothing off the machine, no other agent's private node and no other tenant's node, in the page or the graph. */
async function expectClean(page: Page, watch: ReturnType<typeof watchPage>) {
  expect(watch.errors).toEqual([]);
  expect(await page.locator(".error").allInnerTexts()).toEqual([]);
  expect(watch.offMachine()).toEqual([]);
  expect(watch.requested.some((u) => u.endsWith("/graphql"))).toBe(true);
  const text = await page.locator("body").innerText();
  const labels = await page.evaluate(() => (globalThis as unknown as ExplorerWindow).__explorer?.cy.nodes().map((n) => n.data("label")) ?? []);
  for (const secret of secrets()) {
    expect(text).not.toContain(secret);
    expect(labels.join("\n")).not.toContain(secret);
  }
}

/** Clicks a node of the graph where Cytoscape drew it. */
async function clickNode(page: Page, id: string) {
  const at = await page.evaluate((id) => {
    const w = globalThis as unknown as ExplorerWindow;
    const node = w.__explorer.cy.getElementById(id);
    if (!node.nonempty()) throw new Error(`no node ${id}`);
    const box = w.document.querySelector("#graph-canvas")!.getBoundingClientRect();
    const p = node.renderedPosition();
    return { x: box.x + p.x, y: box.y + p.y };
  }, id);
  await page.mouse.click(at.x, at.y);
}

/** The local-token route's answer to a request with a Host header of the test's choosing. */
function tokenWithHost(url: string, host: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { host } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve((JSON.parse(body) as { token: string | null }).token));
    }).on("error", reject);
  });
}

const nodeCount = (page: Page) => page.evaluate(() => (globalThis as unknown as ExplorerWindow).__explorer.cy.nodes().length);
const hasNode = (page: Page, id: string) => page.waitForFunction((id) => (globalThis as unknown as ExplorerWindow).__explorer?.cy.getElementById(id).nonempty(), id);

describe("memory explorer at /explorer", () => {
  beforeAll(async () => {
    browser = await launchChromium();
    tk = await startTokenGateway({ tenantPrefix: "explorer" });
    viewer = tk.caller("ana", ["agent", "approver"]);
    owner = tk.caller("bo", ["agent"]);
    stranger = { tenantId: `${tk.tenant}-other`, agentId: tk.caller("spy").agentId, roles: ["agent", "admin"] };
    origin = `http://127.0.0.1:${tk.gw.app.gateway.port}`;
    await seed();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await tk?.gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = $t DETACH DELETE n", { t: stranger?.tenantId ?? "none" });
    await tk?.stop();
  });

  it("asks for a token where there is no local one, keeps it for the tab, and draws an agent's neighbourhood that a click expands", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const watch = watchPage(page);
    await page.goto(`${origin}/explorer/`);
    await page.locator("form.signin").waitFor();
    await page.locator("input[name=credential]").fill(await tk.token(viewer));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Ana Explorer (analyst)" }).click();
    await hasNode(page, `memory:${ids.danaMemory}`);
    expect(await page.evaluate(() => (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void; getItem(k: string): string | null } }).sessionStorage.getItem("mnemograph.explorer.credential"))).toContain('"kind":"token"');
    const labels = await page.evaluate(() => (globalThis as unknown as ExplorerWindow).__explorer.cy.nodes().map((n) => n.data("label")));
    expect(labels).toEqual(expect.arrayContaining(["Ana Explorer", "Dana prefers written design reviews", "Deploys are risky only when the queue is long"]));
    const before = await nodeCount(page);
    await clickNode(page, `memory:${ids.danaMemory}`);
    await hasNode(page, `person:${ids.dana}`);
    expect(await nodeCount(page)).toBeGreaterThan(before);
    await page.locator(".details", { hasText: "Dana prefers written design reviews" }).waitFor();
    // The person's own neighbourhood: facts with their evidence, and the messages Dana wrote.
    await clickNode(page, `person:${ids.dana}`);
    await page.waitForFunction(() => (globalThis as unknown as ExplorerWindow).__explorer.cy.nodes('[kind = "fact"]').length >= 2);
    await screenshot(page, "graph");
    await expectClean(page, watch);
    await page.close();
  });

  it("searches through searchMemories and opens a hit in the graph", async () => {
    const { page, watch } = await open("graph");
    await page.locator("input[name=q]").fill("written design reviews");
    await page.locator("form.search button").click();
    await page.locator(".picklist button", { hasText: "Dana prefers written design reviews" }).first().click();
    await hasNode(page, `person:${ids.dana}`);
    await expectClean(page, watch);
    await page.close();
  });

  it("shows a person's facts over time: the superseded job and the retracted place stay visible, each with its evidence", async () => {
    const { page, watch } = await open(`people?id=${ids.dana}`);
    await page.locator(".timeline .fact").first().or(page.locator(".error")).first().waitFor();
    expect(await page.locator(".error").allInnerTexts()).toEqual([]);
    const initech = page.locator(".fact.current", { hasText: "Initech" });
    await expect(initech.innerText()).resolves.toContain("First week at Initech as a staff engineer");
    await expect(page.locator(".fact.superseded", { hasText: "Globex" }).innerText()).resolves.toContain("Leaving Globex after five years");
    await expect(page.locator(".fact.retracted", { hasText: "Porto" }).innerText()).resolves.toContain("she was only visiting");
    await screenshot(page, "people");
    await expectClean(page, watch);
    await page.close();
  });

  it("shows a belief's history with why it evolved and what supports it", async () => {
    const { page, watch } = await open(`beliefs?id=${ids.b2}`);
    await page.locator(".timeline .fact >> nth=1").or(page.locator(".error")).first().waitFor();
    expect(await page.locator(".error").allInnerTexts()).toEqual([]);
    const timeline = await page.locator(".timeline").innerText();
    expect(timeline.indexOf("Monday deploys are risky")).toBeGreaterThanOrEqual(0);
    expect(timeline.indexOf("Monday deploys are risky")).toBeLessThan(timeline.indexOf("Deploys are risky only when the queue is long"));
    const text = await page.locator(".page").innerText();
    expect(text).toContain("evolved because: the queue data explained the Mondays");
    expect(text).toContain("Supported by");
    expect(text).toContain("Queue length predicts failed deploys");
    await screenshot(page, "beliefs");
    await expectClean(page, watch);
    await page.close();
  });

  it("moves an improvement across the approval board with the buttons the gate allows", async () => {
    const { page, watch } = await open("approvals");
    const card = page.locator(`.column[data-status=PENDING_APPROVAL] .card[data-id="${ids.improvement}"]`);
    await card.waitFor();
    await card.locator("input.notes").fill("ship it behind a flag");
    await card.getByRole("button", { name: "Approve" }).click();
    await page.locator(`.column[data-status=APPROVED] .card[data-id="${ids.improvement}"]`).waitFor();
    const after = await ok(owner, `query ($id: ID!) { workflowImprovements(where: { id: { eq: $id } }) { status reviewedBy reviewNotes } }`, { id: ids.improvement });
    expect(after.workflowImprovements).toEqual([{ status: "APPROVED", reviewedBy: viewer.agentId, reviewNotes: "ship it behind a flag" }]);
    // The approver has no further move: the owner implements.
    expect(await page.locator(`.card[data-id="${ids.improvement}"] .actions button`).count()).toBe(0);
    await screenshot(page, "approvals");
    await expectClean(page, watch);
    await page.close();
  });

  it("shows an event written after the feed opened, with the rule that selected it", async () => {
    const { records } = await tk.gw.driver.executeQuery("OPTIONAL MATCH (c:OutboxCounter {tenantId: $t}) RETURN coalesce(c.seq, 0) AS seq", { t: tk.tenant });
    const head = String(records[0]!.get("seq"));
    // From the outbox head: the subscription misses nothing written after the page opened, however long it takes to start.
    const { page, watch } = await open(`feed?agent=${ids.ana}&after=${head}`);
    await page.locator(".pill[data-state=listening], .pill[data-state=live]").waitFor();
    await ok(owner, `mutation { createResearch(input: [{ topic: "Transformers for release notes", findings: "Summaries of merged PRs read well", domains: ["ml"], confidence: 0.8, visibility: SHARED }]) { research { id } } }`);
    const event = page.locator(".event", { hasText: "Transformers for release notes" });
    await event.waitFor({ timeout: 20_000 });
    expect(await event.innerText()).toContain("selected by: DIRECT · Research in ml ≥ 0.5 from anyone");
    // The rule is the one the feed named (FeedEvent.selectedBy), not one the page matched itself.
    expect(await event.locator(".why").getAttribute("data-rules")).toBe(ids.rule);
    await screenshot(page, "feed");
    await expectClean(page, watch);
    await page.close();
  });

  it("shows a recorded retrieval run's trace and runs retrieveContext from the form", async () => {
    const { page, watch } = await open("runs");
    await page.locator(".trace .step").first().waitFor();
    await page.locator("textarea[name=messages]").fill("Ana: where does Dana Seeded work now?");
    await page.getByRole("button", { name: "Run retrieveContext" }).click();
    await page.locator("section:nth-child(2) .trace .step").first().waitFor({ timeout: 30_000 });
    const answer = await page.locator("section:nth-child(2)").innerText();
    expect(answer).toMatch(/ANALYZE|PLAN|EXECUTE/);
    await screenshot(page, "runs");
    await expectClean(page, watch);
    await page.close();
  });

  it("never shows another agent's private nodes or another tenant's nodes, in any view or any neighbourhood", async () => {
    const { page, watch } = await open(`graph?kind=agent&id=${ids.bo}`);
    await hasNode(page, `agent:${ids.bo}`);
    await page.waitForFunction(() => (globalThis as unknown as ExplorerWindow).__explorer.paints.length > 0);
    // Bo's shared memory is there; his private one, about the same person, is not.
    const labels = await page.evaluate(() => (globalThis as unknown as ExplorerWindow).__explorer.cy.nodes().map((n) => n.data("label")));
    expect(labels).toContain("Bo builds the release notes on Fridays");
    await clickNode(page, `agent:${ids.bo}`);
    await page.locator("input[name=q]").fill("Dana salary written design reviews");
    await page.locator("form.search button").click();
    await page.locator(".picklist button", { hasText: "Dana prefers" }).first().waitFor();
    await expectClean(page, watch);
    for (const view of ["people", `people?id=${ids.dana}`, "beliefs", "approvals", `feed?agent=${ids.ana}`, "runs", `graph?kind=person&id=${ids.dana}`]) {
      await page.goto(`${origin}/explorer/#${view}`);
      await page.reload();
      await page.locator(".page, .graph-layout").first().waitFor();
      await page.waitForLoadState("networkidle");
      await expectClean(page, watch);
    }
    await page.close();
  });

  it("draws a 1,000-memory neighbourhood summarised, then all of it on a click, and reports how long the first paint took", async () => {
    // The first open after a gateway start, as `npm start` starts one: its warm-up on (the explorer's documents are in it).
    // Neo4j's query caches are emptied first: the earlier tests of this file planned the agent's queries already.
    const load = [os.loadavg()[0]!];
    await tk.gw.driver.executeQuery("CALL db.clearQueryCaches() // whole database: plans only, no data (other files plan their statements again once)");
    const started = await startTestGateway(
      testConfig({ warmUpSeconds: 1, auth: { ...testConfig().auth, mode: "token", jwtSecret: tk.secret, jwksUrl: undefined, issuer: undefined, audience: undefined } }),
      { own: true },
    );
    try {
      await firstPaints(`http://127.0.0.1:${started.app.gateway.port}`, load);
    } finally {
      await started.stop();
    }
  });
});

/** Opens the 1,000-memory agent on a gateway at `at` (by a click), opens a summary, then opens the agent again in a new tab; prints the paints. */
async function firstPaints(at: string, load: number[]) {
  const { page, watch } = await open("graph", viewer, at);
  await page.getByRole("button", { name: "Busy Archivist (archivist)" }).click();
  await page.waitForFunction(() => (globalThis as unknown as ExplorerWindow).__explorer.paints.length > 0);
  const first = await page.evaluate(() => (globalThis as unknown as ExplorerWindow).__explorer.paints[0]!);
  const summaries = await page.evaluate(() => (globalThis as unknown as ExplorerWindow).__explorer.cy.nodes('[kind = "summary"]').map((n) => n.data("label")));
  expect(summaries.sort()).toEqual(["+238 more memories: insight", "+238 more memories: interaction", "+238 more memories: learning", "+238 more memories: observation"]);
  await screenshot(page, "large");
  const summaryId = await page.evaluate(() => (globalThis as unknown as ExplorerWindow).__explorer.cy.nodes('[kind = "summary"]').map((n) => n.id())[0]!);
  await clickNode(page, summaryId);
  await page.waitForFunction(() => (globalThis as unknown as ExplorerWindow).__explorer.paints.length > 1);
  const revealed = await page.evaluate(() => (globalThis as unknown as ExplorerWindow).__explorer.paints[1]!);
  // The time is a measurement, reported (test-results/explorer-paint.json, docs/benchmarks.md), not a timed assertion: a loaded machine is not a slow page.
  // The summary stood for exactly its group's 238 others: the summary node gives way to them.
  expect(revealed.nodes).toBe(first.nodes - 1 + 238);
  expect(await page.evaluate(() => (globalThis as unknown as ExplorerWindow).__explorer.cy.nodes('[kind = "summary"]').length)).toBe(3);
  await expectClean(page, watch);
  await page.close();
  // Again in a new tab: the first open may be the first time this gateway (and Neo4j) met these queries; this one is not.
  const second = await open(`graph?kind=agent&id=${ids.big}`, viewer, at);
  await second.page.waitForFunction(() => ((globalThis as unknown as ExplorerWindow).__explorer?.paints.length ?? 0) > 0);
  const again = await second.page.evaluate(() => (globalThis as unknown as ExplorerWindow).__explorer.paints[0]!);
  expect(again.nodes).toBe(first.nodes);
  load.push(os.loadavg()[0]!);
  await writeFile(path.resolve("test-results", "explorer-paint.json"), JSON.stringify({ at: new Date().toISOString(), load, first, revealed, again }, null, 2));
  const reads = (p: typeof first) => (p.queries ?? []).map((q) => `${q.operation} ${q.ms}`).join(", ");
  console.log(
    `explorer paint (load ${load.map((l) => l.toFixed(1)).join(" → ")}): 1,000-memory neighbourhood summarised to ${first.nodes} nodes in ${first.ms} ms (read ${first.loadMs}: ${reads(first)}; ` +
      `drawn ${first.drawMs}, layout ${first.layoutMs}); a summary opened to ${revealed.nodes} nodes in ${revealed.ms} ms; ` +
      `opened again in ${again.ms} ms (read ${again.loadMs}: ${reads(again)}; drawn ${again.drawMs}, layout ${again.layoutMs})`,
  );
  await expectClean(second.page, second.watch);
  await second.page.close();
}

describe("explorer and GraphiQL on the embedded default", () => {
  let browser: Browser;
  let gw: TestGateway;
  let home: string;
  let page: Page | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    home = await mkdtemp(path.join(os.tmpdir(), "mnemograph-explorer-"));
    // No JWT_SECRET on loopback: setupAuth makes the local secret and token, as `npm start` does.
    const base = testConfig();
    gw = await startTestGateway(testConfig({ home, auth: { ...base.auth, mode: "token", jwtSecret: undefined, jwksUrl: undefined } }), { own: true });
  }, 120_000);

  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await gw?.stop();
    await rm(home, { recursive: true, force: true });
  });

  it("serves the local token to this machine's pages only", async () => {
    const url = `http://127.0.0.1:${gw.app.gateway.port}/local-token`;
    const token = async (headers: Record<string, string> = {}) => ((await (await fetch(url, { headers })).json()) as { token: string | null }).token;
    expect(await token()).toMatch(/^ey/);
    // DNS rebinding: a page of another site reaches the socket under its own name (fetch would not send a Host of ours).
    expect(await tokenWithHost(url, "attacker.example")).toBeNull();
    expect(await tokenWithHost(url, "localhost")).toMatch(/^ey/);
    // Another origin (another site, another local port) cannot read it either.
    expect(await token({ origin: "http://attacker.example" })).toBeNull();
    expect(await token({ origin: "http://127.0.0.1:1" })).toBeNull();
    expect(await token({ origin: `http://127.0.0.1:${gw.app.gateway.port}` })).toMatch(/^ey/);
  });

  it("/graphiql runs its first query with the local token, nothing pasted", async () => {
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const watch = watchPage(page);
    const origin = `http://127.0.0.1:${gw.app.gateway.port}`;
    await page.goto(`${origin}/graphiql/`);
    await page.locator(".graphiql-query-editor .CodeMirror").waitFor();
    await page.getByRole("button", { name: /Execute query/ }).click();
    await page.locator(".graphiql-response", { hasText: '"agents"' }).waitFor({ timeout: 30_000 });
    expect(await page.locator(".graphiql-response").innerText()).not.toContain("UNAUTHENTICATED");
    expect(watch.errors).toEqual([]);
    expect(watch.offMachine()).toEqual([]);
    await page.close();
    page = undefined;
  });

  it("/explorer signs in as the local admin and lists the agents, nothing pasted", async () => {
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const watch = watchPage(page);
    await page.goto(`http://127.0.0.1:${gw.app.gateway.port}/explorer/`);
    await page.locator("#who", { hasText: "local-admin · tenant local" }).waitFor();
    await page.locator(".sidebar h3", { hasText: "Show" }).waitFor();
    expect(await page.locator("form.signin").count()).toBe(0);
    expect(watch.requested).toContain(`http://127.0.0.1:${gw.app.gateway.port}/local-token`);
    expect(watch.errors).toEqual([]);
    expect(watch.offMachine()).toEqual([]);
  });
});
