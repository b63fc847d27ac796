import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signOperatorToken, signToken } from "../../src/auth/tokens.js";
import { startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../support/testGateway.js";
import { wsClient, wsRequest } from "../support/wsClient.js";

let gw: TestGateway;
let secured: TestGateway;
const me = uniqueAgent("metrics");
const secret = `metrics-secret-${"x".repeat(40)}`;

beforeAll(async () => {
  // One after the other: two gateways applying migrations at once to a fresh database can deadlock.
  gw = await startTestGateway(testConfig({ llm: null, metrics: { port: 0, host: "127.0.0.1" } }));
  secured = await startTestGateway(testConfig({ auth: { mode: "token", jwtSecret: secret, jwksUrl: undefined, issuer: undefined, audience: undefined, tokenTtlSeconds: 900 } }));
});
afterAll(async () => {
  await gw?.app.background.drain();
  await gw?.driver.executeQuery("MATCH (r:RetrievalRun) WHERE r.ownerId = $me DETACH DELETE r", { me });
  await Promise.all([gw?.stop(), secured?.stop()]);
});

const base = (g: TestGateway) => g.url.replace(/\/graphql$/, "");
const messages = [{ authorId: "u1", authorName: "Dana", content: "Who here knows Rust and works at Acme?" }];

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-zA-Z0-9_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const present = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => present[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe("/metrics", () => {
  it("exposes the memory service's metrics after a retrieveContext over GraphQL and over REST, beside the gateway's own", async () => {
    const viaGraphQL = await gw.request(`mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { confidence } }`, { input: { messages } }, me);
    expect(viaGraphQL.errors).toBeUndefined();
    const viaRest = await fetch(`${base(gw)}/api/memory/retrieve`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-mnemograph-agent": me },
      body: JSON.stringify({ messages: [{ author_id: "u1", author_name: "Dana", content: "Who here knows Rust and works at Acme?" }] }),
    });
    expect(viaRest.status).toBe(200);

    const res = await fetch(`${base(gw)}/metrics`, { headers: { "x-mnemograph-agent": me } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();

    expect(sample(text, "memory_agent_requests_total", { status: "success" })).toBe(2);
    expect(sample(text, "memory_agent_request_duration_seconds_count")).toBe(2);
    // The memory service's buckets, by name: 1, 5, 10, 30, 60 and 120 seconds.
    for (const le of ["1", "5", "10", "30", "60", "120"]) expect(sample(text, "memory_agent_request_duration_seconds_bucket", { le })).toBeDefined();
    expect(sample(text, "memory_agent_request_duration_seconds_bucket", { le: "+Inf" })).toBe(2);
    expect(sample(text, "memory_agent_facts_retrieved_count")).toBe(2);
    expect(sample(text, "memory_agent_iterations_count")).toBe(2);
    // The deterministic planner always searches memories by meaning in its last round.
    expect(sample(text, "memory_agent_tool_calls_total", { tool_name: "memory_search", success: "true" })).toBeGreaterThanOrEqual(2);
    expect(sample(text, "memory_agent_tool_duration_seconds_count", { tool_name: "memory_search" })).toBeGreaterThanOrEqual(2);

    // The REST route runs the same GraphQL operation: two retrieveContext operations, both OK, both over HTTP.
    expect(sample(text, "mnemograph_graphql_operations_total", { root_field: "retrieveContext", outcome: "OK" })).toBe(2);
    expect(sample(text, "mnemograph_graphql_operations_total", { root_field: "retrieveContext", outcome: "OK", transport: "http" })).toBe(2);
    expect(sample(text, "mnemograph_graphql_operation_duration_seconds_count", { root_field: "retrieveContext" })).toBe(2);
    expect(sample(text, "mnemograph_neo4j_up")).toBe(1);
    expect(sample(text, "mnemograph_neo4j_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(0);
    expect(sample(text, "mnemograph_embedding_queue_depth", { label: "Memory" })).toBeGreaterThanOrEqual(0);
    expect(sample(text, "mnemograph_embedding_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "mnemograph_game_sessions_open")).toBeGreaterThanOrEqual(0);
    // Every operation answered has given its turn back (server/limits/admission.ts).
    expect(sample(text, "mnemograph_operations_running")).toBe(0);
    expect(sample(text, "mnemograph_operations_waiting")).toBe(0);
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
  });

  it("counts a refused operation under its error code", async () => {
    const bad = await gw.request(`{ memories(limit: -1) { id } }`, {}, me);
    expect(bad.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const text = await (await fetch(`${base(gw)}/metrics`, { headers: { "x-mnemograph-agent": me } })).text();
    expect(sample(text, "mnemograph_graphql_operations_total", { root_field: "memories", outcome: "BAD_USER_INPUT" })).toBeGreaterThanOrEqual(1);
  });

  it("counts WebSocket operations under transport ws: a query when it is answered, a subscription when it subscribes", async () => {
    const metricsText = async () => (await fetch(`${base(gw)}/metrics`, { headers: { "x-mnemograph-agent": me } })).text();
    const client = wsClient(gw.url, { "x-mnemograph-agent": me });
    try {
      expect(await wsRequest(client, "{ agents(limit: 1) { id } }")).toMatchObject({ data: { agents: expect.any(Array) } });
      const refused = (await wsRequest(client, "{ memories(limit: -1) { id } }")) as { errors?: { extensions?: Record<string, unknown> }[] };
      expect(refused.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");

      const problems: unknown[] = [];
      const unsubscribe = client.subscribe(
        { query: "subscription ($agentId: ID!) { knowledgeFeed(agentId: $agentId) { cursor } }", variables: { agentId: me } },
        { next: (v) => void (v.errors && problems.push(v.errors)), error: (e) => void problems.push(e), complete: () => {} },
      );
      try {
        // No event is sent until knowledge arrives: the subscribe is counted once it has subscribed.
        let text = await metricsText();
        for (let i = 0; i < 50 && sample(text, "mnemograph_graphql_operations_total", { root_field: "knowledgeFeed", transport: "ws" }) === undefined; i++) {
          await new Promise((r) => setTimeout(r, 100));
          text = await metricsText();
        }
        expect(problems).toEqual([]);
        expect(sample(text, "mnemograph_graphql_operations_total", { root_field: "knowledgeFeed", outcome: "OK", transport: "ws" })).toBeGreaterThanOrEqual(1);
        expect(sample(text, "mnemograph_graphql_operations_total", { root_field: "agents", outcome: "OK", transport: "ws" })).toBeGreaterThanOrEqual(1);
        expect(sample(text, "mnemograph_graphql_operation_duration_seconds_count", { root_field: "agents", transport: "ws" })).toBeGreaterThanOrEqual(1);
        expect(sample(text, "mnemograph_graphql_operations_total", { root_field: "memories", outcome: "BAD_USER_INPUT", transport: "ws" })).toBeGreaterThanOrEqual(1);
        // An open subscription holds no turn.
        expect(sample(text, "mnemograph_operations_running")).toBe(0);
      } finally {
        unsubscribe();
      }
    } finally {
      await client.dispose();
    }
  });

  it("is served without a token on METRICS_PORT, a listener of its own", async () => {
    const port = gw.app.gateway.metricsPort!;
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("memory_agent_requests_total");
    expect((await fetch(`http://127.0.0.1:${port}/graphql`)).status).toBe(404);
  });

  it("on the gateway's port, needs the operator's token: 401 without one, 403 for an agent and for a tenant's admin", async () => {
    const url = `${base(secured)}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    const agent = await signToken(secret, { tenantId: "metrics", agentId: "a1", roles: ["agent"] }, 60, { issuer: undefined, audience: undefined });
    expect((await fetch(url, { headers: { authorization: `Bearer ${agent}` } })).status).toBe(403);
    const admin = await signToken(secret, { tenantId: "metrics", agentId: "a2", roles: ["agent", "admin"] }, 60, { issuer: undefined, audience: undefined });
    const refused = await fetch(url, { headers: { authorization: `Bearer ${admin}` } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/operator/);
    const operator = await signOperatorToken(secret, { tenantId: "metrics", agentId: "ops", roles: ["agent"], operator: true }, 60, { issuer: undefined, audience: undefined });
    const ok = await fetch(url, { headers: { authorization: `Bearer ${operator}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("mnemograph_neo4j_up 1");
  });
});
