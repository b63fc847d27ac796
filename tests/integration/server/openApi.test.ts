import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryServiceCases, unthrottled } from "../../../fixtures/memoryServiceCases.js";
import { servedRoutes } from "../../support/fuzz/servedRoutes.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { removeOwnedBy, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { okAs } from "../../support/gql.js";
import { buildPeopleFixture } from "../tools/peopleFixture.js";

// GET /api/openapi.json against the routes as served: what the gateway mounts is read from its
// express routers (servedRoutes, as the fuzzer reads them; not a list kept here), and real
// answers of every route, a success and a refusal, are validated against the schemas the
// document gives for their status.

type Operation = { responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }> };
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { responses: Record<string, { content: Record<string, { schema: unknown }> }>; schemas: Record<string, unknown> } };

let gw: TestGateway;
let t: TokenGateway;
let doc: Doc;
let ajv: Ajv2020;
const me = uniqueAgent("openapi");
const id = (name: string) => `${me}-${name}`;
const cases = memoryServiceCases(id);
const base = (g: TestGateway) => g.url.replace(/\/graphql$/, "");
/** Every (method path) pair answered in a test, to prove each documented operation was exercised. */
const exercised = new Set<string>();

beforeAll(async () => {
  // One after the other: two gateways applying migrations at once to a fresh database can deadlock.
  gw = await startTestGateway(testConfig({ llm: null, limits: unthrottled(testConfig().limits) }));
  t = await startTokenGateway({ tenantPrefix: "openapi" });
  await buildPeopleFixture(gw, me);
  await gw.app.embeddings.drain();
  const res = await fetch(`${base(gw)}/api/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
  // The component schemas as one JSON Schema 2020-12 document (OpenAPI 3.1's dialect); strict, so a
  // misspelt keyword in them fails here instead of validating nothing.
  ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addFormat("date-time", /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/);
  ajv.addSchema(JSON.parse(JSON.stringify({ $id: "openapi", $defs: doc.components.schemas }).replaceAll("#/components/schemas/", "#/$defs/")));
});
afterAll(async () => {
  await gw?.app.background.drain();
  await removeOwnedBy(gw.driver, me);
  await gw?.driver.executeQuery("MATCH (r:RetrievalRun) WHERE r.ownerId = $me DETACH DELETE r", { me });
  await Promise.all([gw?.stop(), t?.stop()]);
});

/** The schema the document gives for this operation's status and content type (failing when it gives none). */
function validatorFor(method: string, path: string, status: number, contentType: string): ValidateFunction {
  const operation = doc.paths[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  let response = operation!.responses[String(status)];
  expect(response, `${method} ${path} documents status ${status}`).toBeDefined();
  if (response!.$ref) response = doc.components.responses[response!.$ref.split("/").at(-1)!];
  const media = contentType.split(";")[0]!.trim();
  const content = response!.content?.[media];
  expect(content, `${method} ${path} ${status} documents ${media}`).toBeDefined();
  const schema = JSON.parse(JSON.stringify(content!.schema).replaceAll("#/components/schemas/", "openapi#/$defs/"));
  return ajv.compile(schema as object);
}

/** Sends one request and validates its answer against the document; returns the parsed body (the lines of a stream). */
async function call(g: TestGateway, method: string, path: string, init: { headers?: Record<string, string>; body?: unknown; query?: string } = {}) {
  const res = await fetch(`${base(g)}${path}${init.query ?? ""}`, {
    method,
    headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    ...(init.body === undefined ? {} : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
  });
  const contentType = res.headers.get("content-type") ?? "";
  const text = await res.text();
  const validate = validatorFor(method, path, res.status, contentType);
  const bodies = contentType.startsWith("application/x-ndjson") ? text.trimEnd().split("\n").map((l) => JSON.parse(l) as unknown) : [contentType.startsWith("application/json") ? JSON.parse(text) : text];
  for (const body of bodies) expect(validate(body) ? [] : validate.errors, `${method} ${path} ${res.status}`).toEqual([]);
  exercised.add(`${method} ${path}`);
  return { status: res.status, body: bodies[0] as Record<string, any>, lines: bodies as Record<string, any>[] };
}

const documented = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
const seedRequest = () => ({ messages: cases.applying.map((m) => ({ author_id: m.authorId, author_name: m.authorName, content: m.content, timestamp: m.timestamp })), channel_id: "channel_789", max_facts: 30, max_iterations: 10 });
const asMe = { "x-mnemograph-agent": me };

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document whose component schemas all compile (every $ref resolves)", () => {
    expect(doc.openapi).toBe("3.1.0");
    for (const name of Object.keys(doc.components.schemas)) expect(() => ajv.getSchema(`openapi#/$defs/${name}`), name).not.toThrow();
  });

  it("documents every route the gateway mounts under /api, and every documented path and method is mounted", () => {
    // "METHOD /path" of every route, read from the gateway's express routers as mounted ("USE /x": middleware).
    const mounted = servedRoutes(gw.app.gateway.httpServer);
    const underApi = mounted.filter((r) => / \/api\//.test(r) && !r.startsWith("USE "));
    expect(underApi.length).toBeGreaterThanOrEqual(6);
    expect(underApi.filter((r) => !documented().includes(r))).toEqual([]);
    expect(documented().filter((d) => !mounted.includes(d))).toEqual([]);
  });
});

describe("real answers validate against the documented schemas", () => {
  it("POST /api/memory/retrieve and its /debug: facts, and a refused body", async () => {
    for (const path of ["/api/memory/retrieve", "/api/memory/retrieve/debug"]) {
      const found = await call(gw, "POST", path, { headers: asMe, body: seedRequest() });
      expect(found.status).toBe(200);
      expect(found.body.structured_facts.length).toBeGreaterThan(0);
      const refused = await call(gw, "POST", path, { headers: asMe, body: { ...seedRequest(), max_facts: 0 } });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("BAD_USER_INPUT");
      expect((await call(gw, "POST", path, { headers: asMe, body: "[1]" })).status).toBe(400);
    }
  });

  it("POST /api/knowledge/retrieve: facts, and a refused body", async () => {
    const found = await call(gw, "POST", "/api/knowledge/retrieve", { headers: asMe, body: seedRequest() });
    expect(found.status).toBe(200);
    expect(found.body.relevant_facts.length).toBeGreaterThan(0);
    expect((await call(gw, "POST", "/api/knowledge/retrieve", { headers: asMe, body: { messages: [] } })).status).toBe(400);
  });

  it("GET /api/admin/export and POST /api/admin/import: a tenant's stream and its batch written again, and an agent refused", async () => {
    const admin = t.caller("admin", ["agent", "admin"]);
    await t.as(admin, `mutation { createMemories(input: [{ type: OBSERVATION, content: "exported for the OpenAPI test" }]) { memories { id } } }`);
    const bearer = async (caller = admin) => ({ authorization: `Bearer ${await t.token(caller)}` });
    const exported = await call(t.gw, "GET", "/api/admin/export", { headers: await bearer() });
    expect(exported.status).toBe(200);
    expect(exported.lines.map((l) => l.kind)).toEqual(expect.arrayContaining(["header", "node"]));
    const lines = exported.lines.map((l, i) => ({ line: i + 1, text: JSON.stringify(l) }));
    const imported = await call(t.gw, "POST", "/api/admin/import", { headers: await bearer(), body: { lines } });
    expect(imported.status).toBe(200);
    expect(imported.body.nodes_existing).toBeGreaterThan(0);

    const agent = t.caller("plain");
    expect((await call(t.gw, "GET", "/api/admin/export", { headers: await bearer(agent) })).status).toBe(403);
    expect((await call(t.gw, "POST", "/api/admin/import", { headers: await bearer(agent), body: { lines } })).status).toBe(403);
    expect((await call(t.gw, "POST", "/api/admin/import", { headers: await bearer(), body: "[]" })).status).toBe(400);
    expect((await call(t.gw, "GET", "/api/admin/export", { query: "?tenant=x" })).status).toBe(401);
  });

  it("POST /api/game/turns: the game agent's turn stored, and a refused one", async () => {
    const player = t.caller("openapi-player");
    const token = { authorization: `Bearer ${await t.token(player)}` };
    const sessionId = `${player.agentId}-s1`;
    await okAs(t, player, `mutation ($s: ID!) { startSession(sessionId: $s, goal: "document the route", maxTurns: 2) { id } }`, { s: sessionId });
    const turn = { turn_id: `${sessionId}_turn_1`, session_id: sessionId, gemini_text: "Tall grass.", button_presses: ["up"], success: true, memory_context: '{"recent_turns": [], "turn_count": 0, "patterns": "none"}' };
    const stored = await call(t.gw, "POST", "/api/game/turns", { headers: token, body: turn });
    expect(stored.body).toMatchObject({ success: true, created: true, turns_completed: 1 });
    const refused = await call(t.gw, "POST", "/api/game/turns", { headers: token, body: { ...turn, button_presses: ["jump"] } });
    expect(refused).toMatchObject({ status: 400, body: { field: "button_presses[0]" } });
  });

  it("POST /auth/token: a token for an API key, and a refused key", async () => {
    const admin = t.caller("keys", ["agent", "admin"]);
    const created = await okAs(t, admin, `mutation { createApiKey(agentId: "openapi-bot", roles: [AGENT], name: "openapi") { key } }`);
    const issued = await call(t.gw, "POST", "/auth/token", { headers: { authorization: `ApiKey ${created.createApiKey.key}` } });
    expect(issued.status).toBe(200);
    expect(issued.body.token_type).toBe("Bearer");
    expect((await call(t.gw, "POST", "/auth/token", { headers: { authorization: "ApiKey mk_unknown" } })).status).toBe(401);
  });

  it("GET /health, /health/ready, /health/live, /metrics and /api/openapi.json; /metrics refuses a tenant's agent", async () => {
    for (const path of ["/health", "/health/ready", "/health/live", "/api/openapi.json"]) expect((await call(gw, "GET", path)).status).toBe(200);
    expect((await call(gw, "GET", "/metrics", { headers: asMe })).status).toBe(200);
    expect((await call(t.gw, "GET", "/metrics", { headers: { authorization: `Bearer ${await t.token(t.caller("nosy"))}` } })).status).toBe(403);
    expect((await call(t.gw, "GET", "/metrics")).status).toBe(401);
  });

  it("every documented operation was called above", () => {
    expect(documented().filter((d) => !exercised.has(d))).toEqual([]);
  });
});
