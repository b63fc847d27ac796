import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { okAs } from "../../support/gql.js";
import { runCli } from "../../support/runCli.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * `mnemograph export` and `mnemograph import --format mnemograph` in their own
 * processes, against a real gateway in token mode and the suite's Neo4j: a
 * tenant filled through GraphQL is exported, imported into a second, empty
 * tenant, and exported again.
 */
let tg: TokenGateway;
let dir: string;
let copyTenant: string;
let writer: Caller;
let adminA: Caller;
let adminB: Caller;

const PERSON = "exp-frank";
const SESSION = "exp-session-1";

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "cli-export" });
  dir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-cli-export-"));
  copyTenant = `${tg.tenant}-copy`;
  writer = tg.caller("writer");
  adminA = tg.caller("admin", ["agent", "admin"]);
  adminB = { ...tg.caller("admin", ["agent", "admin"]), tenantId: copyTenant };
  await fill();
});
afterAll(async () => {
  await tg.gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant DETACH DELETE n", { tenant: copyTenant });
  await tg.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The tenant through the normal API: memories, messages, people and facts with history, a belief chain, knowledge, a game session with turns. */
async function fill() {
  const as = <T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}) => okAs<T>(tg, writer, query, variables);
  await as(`mutation ($id: ID!) { createAgents(input: [{ id: $id, name: "Writer", role: "bot" }]) { agents { id } } }`, { id: writer.agentId });
  await as(`mutation { createMemories(input: [{ type: LEARNING, content: "Retry the flaky deploy with exponential backoff", importance: 0.8 }]) { memories { id } } }`);
  await as(`mutation ($messages: [MessageImportInput!]!) { recordMessages(messages: $messages) { created } }`, {
    messages: [
      { id: "exp-m1", channelId: "exp-c1", channelName: "general", authorId: PERSON, authorName: "Frank", content: "I just joined Globex", timestamp: "2026-02-01T10:00:00Z" },
      { id: "exp-m2", channelId: "exp-c1", authorId: "exp-gina", authorName: "Gina", content: "Congrats!", timestamp: "2026-02-01T10:01:00Z", replyTo: "exp-m1" },
    ],
  });
  await as(`mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`, { input: [{ id: PERSON, name: "Frank", aliases: ["frankie"] }] }).catch(() => undefined);
  const assert = `mutation ($facts: [FactAssertionInput!]!) { assertFacts(facts: $facts) { created { id } } }`;
  await as(assert, { facts: [{ subject: PERSON, relation: "WORKS_AT", object: "Acme", confidence: 0.9, evidence: ["exp-m1"], validFrom: "2020-01-01T00:00:00Z", attributes: { role: "Engineer" } }] });
  await as(assert, { facts: [{ subject: PERSON, relation: "WORKS_AT", object: "Globex", confidence: 0.8, evidence: ["exp-m1"], validFrom: "2026-02-01T00:00:00Z" }] });
  await as(assert, { facts: [{ subject: PERSON, relation: "HAS_SKILL", object: "Rust", confidence: 1, evidence: ["exp-m1"] }] });
  const store = `mutation ($content: String!) { memoryStore(content: $content, type: BELIEF, confidence: 0.5) { id } }`;
  const supersede = `mutation ($id: ID!, $content: String!) { supersedeBelief(id: $id, content: $content, reason: "Late tests hid regressions") { id } }`;
  const old = (await as(store, { content: "Tests can wait until the end" })).memoryStore.id;
  await as(supersede, { id: old, content: "Tests come with each feature" });
  await as(`mutation { createConcepts(input: [{ name: "Backpressure", description: "Slowing producers to the consumer's pace", visibility: SHARED }]) { concepts { id } } }`);
  await as(`mutation ($sessionId: ID!) { startSession(sessionId: $sessionId, goal: "Reach Viridian City", maxTurns: 10, game: "pokemon-red") { id } }`, { sessionId: SESSION });
  for (const number of [1, 2]) {
    await as(`mutation ($sessionId: ID!, $turn: TurnInput!) { recordTurn(sessionId: $sessionId, turn: $turn) { created } }`, {
      sessionId: SESSION,
      turn: { number, analysis: `Turn ${number} on Route 1`, buttonPresses: ["UP"], success: true, timestamp: `2026-11-22T09:0${number}:00Z` },
    });
  }
}

const connection = async (caller: Caller) => ["--url", tg.gw.url, "--token", await tg.token(caller)];

/** An export without what must differ between two tenants (tenantId, exportedAt), its data lines sorted. */
async function normalized(file: string) {
  const [header, ...data] = (await readFile(file, "utf8")).trim().split("\n").map((l) => JSON.parse(l) as Record<string, any>);
  const { tenantId: _tenant, exportedAt: _at, ...rest } = header!;
  return { header: rest, data: data.map((d) => JSON.stringify(d)).sort() };
}

async function exportOf(caller: Caller, name: string, extra: string[] = []) {
  const out = path.join(dir, name);
  const run = await runCli(["export", "--out", out, "--json", ...extra, ...(await connection(caller))]);
  expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
  return { out, summary: run.json() };
}

describe("mnemograph export / import --format mnemograph", () => {
  it("round-trips a tenant into an empty one: the second export equals the first but for tenantId and exportedAt", async () => {
    const first = await exportOf(adminA, "a.jsonl");
    expect(first.summary).toMatchObject({ tenantId: tg.tenant, vectors: false, nodes: expect.objectContaining({ Memory: 1, Person: expect.any(Number), Belief: 2, Concept: 1, GameSession: 1, Turn: 2, Message: 2 }) });
    expect(first.summary.relationships).toMatchObject({ WORKS_AT: 1, PREVIOUSLY: 1, EVOLVED_INTO: 1, HAS_TURN: 2 });
    const lines = (await readFile(first.out, "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ kind: "header", format: "mnemograph", version: 1, tenantId: tg.tenant });
    // Nothing of another tenant, no vectors, and whatever was embedded is marked for re-embedding.
    expect(JSON.stringify(lines)).not.toContain(`"tenantId":"${copyTenant}`);
    expect(lines.filter((l) => l.kind !== "header" && ("embedding" in l.properties || "tenantId" in l.properties))).toEqual([]);
    expect(lines.filter((l) => l.properties?.embeddingStatus === "READY")).toEqual([]);
    const closed = lines.find((l) => l.type === "PREVIOUSLY");
    expect(closed).toMatchObject({ from: { label: "Person", id: PERSON }, to: { label: "Org" }, properties: { validUntil: { $datetime: expect.stringMatching(/^2026-02-01T00:00/) }, factId: expect.any(String) } });

    const imported = await runCli(["import", first.out, "--format", "mnemograph", "--json", ...(await connection(adminB))]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.json()).toMatchObject({ exportedTenant: tg.tenant, records: lines.length - 1, done: lines.length - 1, created: lines.length - 1, existing: 0, skipped: [] });

    const second = await exportOf(adminB, "b.jsonl");
    expect(await normalized(second.out)).toEqual(await normalized(first.out));

    // Importing again changes nothing: every line is found stored, and the export is the same.
    const again = await runCli(["import", first.out, "--format", "mnemograph", "--restart", "--json", ...(await connection(adminB))]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ created: 0, existing: lines.length - 1 });
    const third = await exportOf(adminB, "b2.jsonl");
    expect(await normalized(third.out)).toEqual(await normalized(first.out));

    // The copy is readable through the normal tools.
    const profile = await okAs(tg, adminB, `query ($id: ID!) { personProfile(personId: $id, factTypes: ["WORKS_AT", "PREVIOUSLY"]) { found facts { type object } } }`, { id: PERSON });
    expect(profile.personProfile.found).toBe(true);
    expect(profile.personProfile.facts.map((f: { type: string; object: string }) => [f.type, f.object]).sort()).toEqual([["PREVIOUSLY", "Acme"], ["WORKS_AT", "Globex"]]);
    const search = await okAs(tg, adminB, `{ searchMemories(input: { query: "flaky deploy backoff", limit: 5 }) { hits { content } } }`);
    expect(JSON.stringify(search)).toContain("Retry the flaky deploy");
    const chain = await okAs(tg, adminB, `{ beliefs(where: { content: { eq: "Tests can wait until the end" } }) { state evolvedInto { content state } } }`);
    expect(chain.beliefs).toEqual([{ state: "SUPERSEDED", evolvedInto: [{ content: "Tests come with each feature", state: "ACTIVE" }] }]);
    // Five CLI processes, each starting tsx: minutes on a loaded two-core machine.
  }, 300_000);

  it("with --vectors keeps the embeddings once the worker has made them", async () => {
    const { out } = await exportOf(adminA, "vectors.jsonl", ["--vectors"]);
    const lines = (await readFile(out, "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ vectors: true });
    const embedded = lines.filter((l) => Array.isArray(l.properties?.embedding));
    expect(embedded.length).toBeGreaterThan(0);
    // A node with search keys is marked PENDING with its vectors kept: its index terms name the
    // exporting tenant and are left out, and the importer's worker writes its own without a model run.
    for (const l of embedded) {
      expect(l.properties.keyTerms).toBeUndefined();
      expect(l.properties.embeddingStatus).toBe(Array.isArray(l.properties.keys) ? "PENDING" : "READY");
    }
  });

  it("refuses an agent that is not the tenant's admin, and an admin of another tenant, with the REST error shape", async () => {
    const plain = tg.caller("plain");
    const res = await fetch(new URL("/api/admin/export", tg.gw.url), { headers: { authorization: `Bearer ${await tg.token(plain)}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "Forbidden", code: "FORBIDDEN", message: expect.stringContaining("admin"), request_id: expect.any(String) });
    const other = await fetch(new URL(`/api/admin/export?tenant=${tg.tenant}`, tg.gw.url), { headers: { authorization: `Bearer ${await tg.token(adminB)}` } });
    expect(other.status).toBe(403);
    const write = await fetch(new URL("/api/admin/import", tg.gw.url), {
      method: "POST",
      headers: { authorization: `Bearer ${await tg.token(plain)}`, "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ line: 2, text: "{}" }] }),
    });
    expect(write.status).toBe(403);
    const cli = await runCli(["export", "--json", ...(await connection(plain))]);
    expect(cli.code).toBe(1);
    expect(cli.json()).toMatchObject({ code: "FORBIDDEN", exitCode: 1 });
  });

  it("reports a corrupt line, an undeclared label and a relationship type not in the schema by line number, writes the rest and exits 3", async () => {
    const header = JSON.stringify({ kind: "header", format: "mnemograph", version: 1, tenantId: "elsewhere", exportedAt: "2026-01-01T00:00:00Z", vectors: false, counts: { nodes: {}, relationships: {} } });
    const node = (id: string) => JSON.stringify({ kind: "node", label: "Topic", labels: ["Topic"], id, properties: { name: id, ownerId: adminA.agentId, visibility: "SHARED", sharedWith: [] } });
    const file = path.join(dir, "corrupt.jsonl");
    await writeFile(
      file,
      [
        header,
        node("exp-topic-1"),
        '{"kind":"node","label":"Topic",',
        JSON.stringify({ kind: "node", label: "ApiKey", id: "k1", properties: {} }),
        JSON.stringify({ kind: "relationship", type: "OWNS`]->(x) DETACH DELETE x //", from: { label: "Topic", id: "exp-topic-1" }, to: { label: "Topic", id: "exp-topic-2" }, properties: {} }),
        node("exp-topic-2"),
        JSON.stringify({ kind: "relationship", type: "RELATED_TO", from: { label: "Topic", id: "exp-topic-1" }, to: { label: "Topic", id: "missing" }, properties: {} }),
      ].join("\n"),
    );
    const run = await runCli(["import", file, "--format", "mnemograph", "--json", ...(await connection(adminA))]);
    expect(run.code, run.stderr).toBe(3);
    const summary = run.json();
    expect(summary.skipped.map((s: { ref: string }) => s.ref)).toEqual(["line 3", "line 4", "line 5", "line 7"]);
    expect(summary.skipped[0].error).toMatch(/not JSON/);
    expect(summary.skipped[1].error).toMatch(/"ApiKey" is not a node type/);
    expect(summary.skipped[2].error).toMatch(/not declared by the schema/);
    expect(summary.created).toBe(2);
    const { records } = await tg.gw.driver.executeQuery("MATCH (t:Topic {tenantId: $tenant}) WHERE t.id STARTS WITH 'exp-topic' RETURN count(t) AS n", { tenant: tg.tenant });
    expect(Number(records[0]!.get("n"))).toBe(2);
  });

  it("says what is wrong with a file that is not an export, and --help names every option", async () => {
    const file = path.join(dir, "not-export.jsonl");
    await writeFile(file, JSON.stringify({ id: "m1" }));
    const run = await runCli(["import", file, "--format", "mnemograph", ...(await connection(adminA))]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/not a mnemograph export/);
    const help = await runCli(["export", "--help"]);
    expect(help.code).toBe(0);
    for (const option of ["--tenant", "--out", "--vectors", "--json", "--no-progress", "--url", "--token"]) expect(help.stdout).toContain(option);
  });
});
