/**
 * Reads as reads, writes as writes, and bookmarks that cross gateways, as the Neo4j driver itself
 * reports them: its debug log names every Bolt message it sends, each BEGIN or auto-commit RUN with
 * its access mode (`"mode":"r"` for READ; none for WRITE, Bolt's default) and the bookmarks the
 * server must have applied first. The gateways connect over `neo4j://` (routing, as to a cluster) with
 * bookmarks on. One Community server has no followers: that a READ transaction lands on one, and
 * that a follower waits for a bookmark, only a cluster shows (docs/deploy.md).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeOwnedBy, startTestGateway, testConfig, type TestGateway } from "../../support/testGateway.js";
import type { Config } from "../../../src/config/config.js";

const me = `modes-${randomUUID().slice(0, 8)}`;
const routed = (): Config => {
  const base = testConfig();
  return { ...base, neo4j: { ...base.neo4j, uri: base.neo4j.uri!.replace(/^bolt:/, "neo4j:"), bookmarks: "on" } };
};

/** One Bolt message the driver sent: its connection, its kind and the whole line. */
interface Sent {
  connection: string;
  kind: string;
  line: string;
}

function boltRecorder() {
  const sent: Sent[] = [];
  return {
    sent,
    log(line: string) {
      const m = /^Connection \[(\d+)\]\[[^\]]*\] C: ([A-Z]+)/.exec(line);
      if (m) sent.push({ connection: m[1]!, kind: m[2]!, line });
    },
  };
}

type Mode = "READ" | "WRITE";

/** Each statement whose RUN contains `marker`, with the access mode it ran in: its own RUN's for an auto-commit one, else its transaction's BEGIN's. */
function statementsOf(sent: readonly Sent[], marker: string): { line: string; mode: Mode }[] {
  const open = new Map<string, Mode>();
  const found: { line: string; mode: Mode }[] = [];
  const modeIn = (line: string): Mode => (/"mode":"r"/.test(line) ? "READ" : "WRITE");
  for (const s of sent) {
    if (s.kind === "BEGIN") open.set(s.connection, modeIn(s.line));
    else if (s.kind === "COMMIT" || s.kind === "ROLLBACK" || s.kind === "RESET") open.delete(s.connection);
    else if (s.kind === "RUN" && s.line.includes(marker)) found.push({ line: s.line, mode: open.get(s.connection) ?? modeIn(s.line) });
  }
  return found;
}

const modesOf = (sent: readonly Sent[], marker: string): Mode[] => statementsOf(sent, marker).map((s) => s.mode);

/** The bookmarks of the BEGIN or auto-commit RUN that ran a statement with `marker` in it. */
function bookmarksOf(sent: readonly Sent[], marker: string): string[][] {
  const begun = new Map<string, string>();
  const found: string[][] = [];
  const listIn = (line: string) => JSON.parse(/"bookmarks":(\[[^\]]*\])/.exec(line)?.[1] ?? "[]") as string[];
  for (const s of sent) {
    if (s.kind === "BEGIN") begun.set(s.connection, s.line);
    else if (s.kind === "COMMIT" || s.kind === "ROLLBACK" || s.kind === "RESET") begun.delete(s.connection);
    else if (s.kind === "RUN" && s.line.includes(marker)) found.push(listIn(begun.get(s.connection) ?? s.line));
  }
  return found;
}

let a: TestGateway;
let b: TestGateway;
const bolt = { a: boltRecorder(), b: boltRecorder() };

async function post(gw: TestGateway, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(gw.url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-mnemograph-agent": me, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  return { status: res.status, bookmarks: res.headers.get("mnemograph-bookmarks"), body };
}

beforeAll(async () => {
  a = await startTestGateway(routed(), { own: true, boltLog: bolt.a.log });
  b = await startTestGateway(routed(), { own: true, boltLog: bolt.b.log });
}, 180_000);

afterAll(async () => {
  await removeOwnedBy(a.driver, me);
  await Promise.all([a?.stop(), b?.stop()]);
});

const CREATE = `mutation ($content: String!) { createMemories(input: [{ type: OBSERVATION, content: $content }]) { memories { id } } }`;
// `probe` is in this read's statements alone: the embedding worker's statements about the memory carry its content.
const READ_GENERATED = `query ($content: String!, $probe: String!) { memories(where: { content: { in: [$content, $probe] } }) { id content } }`;
const readVars = (content: string) => ({ content, probe: `probe-${randomUUID()}` });

describe("access modes, as the driver sent them", () => {
  it("runs a generated mutation in WRITE mode and a generated query in READ mode", async () => {
    const marker = `mode-generated-${randomUUID()}`;
    expect((await post(a, CREATE, { content: marker })).body.errors).toBeUndefined();
    const writes = modesOf(bolt.a.sent, marker);
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((m) => m === "WRITE")).toBe(true);

    const vars = readVars(marker);
    const read = await post(a, READ_GENERATED, vars);
    expect(read.body.data.memories.map((m: { content: string }) => m.content)).toEqual([marker]);
    const reads = modesOf(bolt.a.sent, vars.probe);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads).toEqual(reads.map(() => "READ"));
  });

  it("runs a hand-written query (searchMemories) in READ mode", async () => {
    const marker = `modesearch${randomUUID().replace(/-/g, "")}`;
    const res = await post(a, `query ($q: String!) { searchMemories(input: { query: $q, kinds: [MEMORY], limit: 5 }) { hits { score } } }`, { q: marker });
    expect(res.body.errors).toBeUndefined();
    const reads = modesOf(bolt.a.sent, marker);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads).toEqual(reads.map(() => "READ"));
  });

  it("runs the retrieval loop's reads behind the REST route in READ mode", async () => {
    const marker = `moderest${randomUUID().replace(/-/g, "")}`;
    const res = await fetch(a.url.replace(/\/graphql$/, "/api/memory/retrieve"), {
      method: "POST",
      headers: { "content-type": "application/json", "x-mnemograph-agent": me },
      body: JSON.stringify({ messages: [{ author_id: me, author_name: "Tester", content: `What about ${marker}?`, timestamp: new Date().toISOString() }], max_iterations: 1 }),
    });
    expect(res.status).toBe(200);
    await a.app.background.drain();
    // The loop's searches read; its run record (the conversation, so the marker too) is its one write.
    const statements = statementsOf(bolt.a.sent, marker);
    const reads = statements.filter((s) => !/CREATE \(r:RetrievalRun/.test(s.line));
    expect(reads.length).toBeGreaterThan(2);
    expect(reads.map((s) => s.mode)).toEqual(reads.map(() => "READ"));
    expect(statements.filter((s) => /CREATE \(r:RetrievalRun/.test(s.line)).map((s) => s.mode)).toEqual(["WRITE"]);
  });
});

describe("bookmarks carried by the client", () => {
  it("answers a write with its bookmark, and a read through the other gateway waits for it", async () => {
    const marker = `mode-bookmark-${randomUUID()}`;
    const wrote = await post(a, CREATE, { content: marker });
    expect(wrote.body.errors).toBeUndefined();
    expect(wrote.bookmarks).toMatch(/^\S+$/);

    const vars = readVars(marker);
    const read = await post(b, READ_GENERATED, vars, { "Mnemograph-Bookmarks": wrote.bookmarks! });
    expect(read.body.data.memories.map((m: { content: string }) => m.content)).toEqual([marker]);
    const sent = bookmarksOf(bolt.b.sent, vars.probe);
    expect(sent.length).toBeGreaterThan(0);
    for (const bookmarks of sent) expect(bookmarks).toContain(wrote.bookmarks);
  });

  // Creates sent at once commit together (graph/groupCommit.ts): each request still learns the commit that holds its write.
  it("answers creates sent at once each with a bookmark that the other gateway's read of that write waits for", async () => {
    const markers = Array.from({ length: 8 }, () => `mode-together-${randomUUID()}`);
    const wrote = await Promise.all(markers.map((content) => post(a, CREATE, { content })));
    for (const w of wrote) {
      expect(w.body.errors).toBeUndefined();
      expect(w.bookmarks).toMatch(/^\S+$/);
    }
    for (const [i, marker] of markers.entries()) {
      const vars = readVars(marker);
      const read = await post(b, READ_GENERATED, vars, { "Mnemograph-Bookmarks": wrote[i]!.bookmarks! });
      expect(read.body.data.memories.map((m: { content: string }) => m.content)).toEqual([marker]);
      for (const bookmarks of bookmarksOf(bolt.b.sent, vars.probe)) expect(bookmarks).toContain(wrote[i]!.bookmarks);
    }
  });

  it("refuses a header that is not a list of bookmarks with BAD_USER_INPUT, before any statement", async () => {
    const marker = `mode-refused-${randomUUID()}`;
    const vars = readVars(marker);
    const res = await post(b, READ_GENERATED, vars, { "Mnemograph-Bookmarks": "not a bookmark, {}" });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(res.body.errors?.[0]?.message).toMatch(/Mnemograph-Bookmarks/);
    expect(modesOf(bolt.b.sent, vars.probe)).toEqual([]);
  });

  // On one server a committed write is visible to every later transaction, and a gateway's own reads learn the
  // newest bookmark anyway: the test above passes without the header too. This one does not: the server sees
  // the client's bookmark, and it stays the request's.
  it("answers a bookmark Neo4j refuses with BAD_USER_INPUT, and the gateway's later requests neither carry it nor fail", async () => {
    const marker = `mode-bogus-${randomUUID()}`;
    const res = await post(b, READ_GENERATED, readVars(marker), { "Mnemograph-Bookmarks": "FB:notabookmarkatall" });
    expect(res.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const vars = readVars(marker);
    const after = await post(b, READ_GENERATED, vars);
    expect(after.body.errors).toBeUndefined();
    expect(after.body.data.memories).toEqual([]);
    const sent = bookmarksOf(bolt.b.sent, vars.probe);
    expect(sent.length).toBeGreaterThan(0);
    for (const bookmarks of sent) expect(bookmarks).not.toContain("FB:notabookmarkatall");
  });
});
