import fc from "fast-check";
import { buildClientSchema, getIntrospectionQuery, type GraphQLSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminTransfer,
  exportQueries,
  gameTurnBodies,
  importBodies,
  checkOutcome,
  getProbe,
  mcpRequests,
  openMcpSession,
  postMcp,
  postOperation,
  postRetrieve,
  postToken,
  probePaths,
  retrieveBodies,
  settledFingerprint,
  subscribeOperation,
  tokenRequests,
  type FuzzEnv,
} from "../../support/fuzz/fuzzDoors.js";
import { nestedFields, operationFor, rootFields, type NestedField, type RootField } from "../../support/fuzz/operations.js";
import { servedRoutes } from "../../support/fuzz/servedRoutes.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { testConfig } from "../../support/testGateway.js";

/**
 * Schema-driven fuzzing of every door. The quick tier (this file in `npm test`)
 * sends FUZZ_RUNS requests per root field and per route; the long tier is the
 * same file with more runs (`npm run fuzz`). Root fields come from the served
 * schema by introspection, so a field added later is fuzzed without a new case.
 * A failure prints fast-check's seed and the shrunk request: rerun with
 * FUZZ_SEED to reproduce.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const ROUTE_RUNS = Math.max(RUNS * 15, 20);
const VALUES = { hostility: 0.15, maxDepth: 2 };

/** The routes each fuzzer below covers ("USE /x": middleware mounted at x). */
const FUZZED_ROUTES = [
  "USE /graphql",
  "POST /api/memory/retrieve",
  "POST /api/memory/retrieve/debug",
  "POST /api/knowledge/retrieve",
  "POST /api/game/turns",
  "USE /api",
  "POST /auth/token",
  "GET /api/admin/export",
  "POST /api/admin/import",
  "_ALL /mcp/",
  "USE /mcp",
  "GET /",
  "GET /health",
  "GET /health/live",
  "GET /health/ready",
  "GET /metrics",
  "GET /api/openapi.json",
  "GET /graphiql/",
  "GET /graphiql/explorer.js",
  "GET /graphiql/assets/:name",
  "GET /explorer/",
  "GET /explorer/:name",
  "GET /explorer/assets/:name",
  "GET /local-token",
];

let tg: TokenGateway;
let env: FuzzEnv;
let schema: GraphQLSchema;
const fuzzedFields = new Map<string, number>();
const fuzzedNested = new Map<string, number>();

beforeAll(async () => {
  const base = testConfig();
  tg = await startTokenGateway({
    tenantPrefix: "fuzz",
    // The fuzzer sends thousands of operations a minute: rate limits would answer most of them.
    config: { limits: { ...base.limits, rateLimits: { defaultPerMinute: 1_000_000, perField: {} } } },
  });
  const token = await tg.token(tg.caller("fuzzer", ["agent", "admin"]));
  const origin = tg.gw.url.replace(/\/graphql$/, "");
  const res = await fetch(tg.gw.url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  schema = buildClientSchema(((await res.json()) as { data: never }).data);
  env = { origin, token, driver: tg.gw.driver, fingerprint: await settledFingerprint(tg.gw.driver), sent: {}, codes: {} };
}, 240_000);

afterAll(async () => {
  console.log(`schema fuzz (seed ${SEED}, ${RUNS} per field): requests by door ${JSON.stringify(env?.sent)}; answers ${JSON.stringify(env?.codes)}`);
  await tg?.stop();
});

async function fuzzField(root: RootField, index: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(operationFor(root, VALUES), fc.integer({ min: 0, max: 4 }), async (op, pick) => {
      // Queries go over GET one time in five (Apollo's other HTTP path); a long URL is the client's 414.
      const get = root.kind === "query" && pick === 0 && op.query.length + JSON.stringify(op.variables).length < 6_000;
      const outcome = root.kind === "subscription" ? await subscribeOperation(env, op) : await postOperation(env, op, get ? "GET" : "POST");
      fuzzedFields.set(root.field.name, (fuzzedFields.get(root.field.name) ?? 0) + 1);
      await checkOutcome(env, root.kind === "subscription" ? "graphql-ws" : get ? "graphql GET" : "graphql", outcome, `${op.query} ${JSON.stringify(op.variables)}`);
    }),
    { seed: SEED + index, numRuns: RUNS },
  );
}

/** A field with arguments below a list query (relationship filters, connections, @cypher fields), asked of the first node. */
async function fuzzNested(nested: NestedField, index: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(operationFor({ kind: "query", field: nested.field }, VALUES, nested.under), async (op) => {
      const outcome = await postOperation(env, op, "POST");
      fuzzedNested.set(nested.coordinate, (fuzzedNested.get(nested.coordinate) ?? 0) + 1);
      await checkOutcome(env, "graphql", outcome, `${op.query} ${JSON.stringify(op.variables)}`);
    }),
    { seed: SEED + 4000 + index, numRuns: RUNS },
  );
}

const LONG = RUNS * 60_000 + 120_000;

describe(`schema-driven fuzzing (seed ${SEED}): no internal error, a named code, a refused request changes nothing`, () => {
  for (const kind of ["query", "mutation", "subscription"] as const) {
    it(`every ${kind} root field`, async () => {
      const fields = rootFields(schema).filter((r) => r.kind === kind);
      expect(fields.length).toBeGreaterThan(0);
      // Every field is fuzzed even after one fails, so one run lists all that failed.
      const failures: string[] = [];
      for (const [i, root] of fields.entries()) {
        await fuzzField(root, i + (kind === "mutation" ? 1000 : kind === "subscription" ? 2000 : 0)).catch((err: Error) =>
          failures.push(`${root.field.name}: ${err.message.slice(0, 1500)}`),
        );
      }
      expect(failures, failures.join("\n\n")).toEqual([]);
    }, LONG * 4);
  }

  it("every field with arguments of a node type (relationship filters, connections, @cypher fields), nested under its list query", async () => {
    const fields = nestedFields(schema);
    expect(fields.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const [i, nested] of fields.entries()) {
      await fuzzNested(nested, i).catch((err: Error) => failures.push(`${nested.coordinate}: ${err.message.slice(0, 1500)}`));
    }
    expect(failures, failures.join("\n\n")).toEqual([]);
    const missing = fields.filter((f) => (fuzzedNested.get(f.coordinate) ?? 0) < RUNS).map((f) => f.coordinate);
    expect(missing, "nested fields not fuzzed").toEqual([]);
  }, LONG * 4);

  it("POST /api/memory/retrieve, /debug and /api/knowledge/retrieve (the chatbot memory service's and knowledge agent's routes)", async () => {
    // The three take the same body: one arbitrary, every route in turn.
    const paths = ["/api/memory/retrieve", "/api/memory/retrieve/debug", "/api/knowledge/retrieve"] as const;
    await fc.assert(
      fc.asyncProperty(retrieveBodies, fc.constantFrom(...paths), async (body, path) => checkOutcome(env, "rest", await postRetrieve(env, body, path), `${path} ${JSON.stringify(body)}`)),
      { seed: SEED + 3000, numRuns: ROUTE_RUNS * 2 },
    );
  }, LONG);

  it("POST /api/game/turns (the game agent's own turn shape) with hostile fields and bodies", async () => {
    await fc.assert(
      fc.asyncProperty(gameTurnBodies, async (body) => checkOutcome(env, "rest", await postRetrieve(env, body, "/api/game/turns"), `/api/game/turns ${JSON.stringify(body)}`)),
      { seed: SEED + 3005, numRuns: ROUTE_RUNS },
    );
  }, LONG);

  it("GET /api/admin/export and POST /api/admin/import (a tenant's export and import) with hostile query strings and batches", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(exportQueries.map((query) => ({ query: query as Record<string, string> })), importBodies.map((body) => ({ body }))), async (r) =>
        checkOutcome(env, "transfer", await adminTransfer(env, r), JSON.stringify(r)),
      ),
      { seed: SEED + 3004, numRuns: ROUTE_RUNS },
    );
  }, LONG);

  it("POST /auth/token with forged keys", async () => {
    await fc.assert(
      fc.asyncProperty(tokenRequests, async (r) => checkOutcome(env, "auth", await postToken(env, r), JSON.stringify(r))),
      { seed: SEED + 3001, numRuns: ROUTE_RUNS },
    );
  }, LONG);

  it("POST /mcp (JSON-RPC: every tool with hostile arguments, malformed calls)", async () => {
    const session = await openMcpSession(env);
    const list = await postMcp(env, session, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    const tools = (JSON.parse(list.shown) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
    expect(tools.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(mcpRequests(tools), async (r) => checkOutcome(env, "mcp", await postMcp(env, session, r), JSON.stringify(r))),
      { seed: SEED + 3002, numRuns: ROUTE_RUNS * 3 },
    );
  }, LONG);

  it("GET routes without input, with hostile paths and query strings", async () => {
    await fc.assert(
      fc.asyncProperty(probePaths, async (p) => checkOutcome(env, "get", await getProbe(env, p), p.join("?"), { namedCodes: false })),
      { seed: SEED + 3003, numRuns: ROUTE_RUNS },
    );
  }, LONG);

  it("covered every root field the schema serves and every route the gateway answers", () => {
    const missing = rootFields(schema).filter((r) => (fuzzedFields.get(r.field.name) ?? 0) < RUNS).map((r) => r.field.name);
    expect(missing, "root fields not fuzzed").toEqual([]);
    const unfuzzed = servedRoutes(tg.gw.app.gateway.httpServer).filter((r) => !FUZZED_ROUTES.includes(r));
    expect(unfuzzed, "routes the gateway serves that no fuzzer above sends to: add one").toEqual([]);
  });

  it("the gateway is healthy afterwards", async () => {
    const res = await fetch(`${env.origin}/health/ready`);
    expect(res.status).toBe(200);
  });
});
