import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signToken } from "../../src/auth/tokens.js";
import { startTestGateway, testConfig, type TestGateway } from "../support/testGateway.js";
import { wsClient, wsRequest } from "../support/wsClient.js";

/**
 * Both doors of a real gateway reach the one operation guard (server/guard/): the limits with
 * the generated schema's cost estimators, and one rate budget per agent across them.
 * tests/unit/server/operationGuard.test.ts holds each refusal equal at both doors step by step;
 * this file proves the gateway wires HTTP and the WebSocket to the same guard.
 */
const SECRET = "limits-parity-secret-of-at-least-32-chars";
const tenant = `lim-${Math.random().toString(36).slice(2, 8)}`;
let gw: TestGateway;

beforeAll(async () => {
  const base = testConfig({ auth: { mode: "token", jwtSecret: SECRET, jwksUrl: undefined, issuer: undefined, audience: undefined, tokenTtlSeconds: 900 } });
  // `agents` gets a budget of 4 per minute so that the shared HTTP + WebSocket budget can be exhausted quickly.
  gw = await startTestGateway({ ...base, limits: { ...base.limits, rateLimits: { defaultPerMinute: 600, perField: { agents: 4 } } } });
});
afterAll(async () => {
  await gw.stop();
});

const token = (agent: string) => signToken(SECRET, { tenantId: tenant, agentId: agent, roles: ["agent"] }, 300);

async function overHttp(query: string, agent: string) {
  const res = await fetch(gw.url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await token(agent)}` },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { errors?: { message: string; extensions: Record<string, unknown> }[] };
  return { status: res.status, error: body.errors?.[0] };
}

async function overWs(query: string, agent: string) {
  const client = wsClient(gw.url, { authorization: `Bearer ${await token(agent)}` });
  try {
    const result = (await wsRequest(client, query)) as { errors?: { message: string; extensions?: Record<string, unknown> }[] };
    return result.errors?.[0];
  } finally {
    await client.dispose();
  }
}

/** `{ memories { relatedAgents { memories { … id } } } }`, `levels` below the root field. */
const nest = (levels: number) => {
  const path = Array.from({ length: levels }, (_, i) => (i % 2 === 0 ? "relatedAgents" : "memories"));
  return `{ memories { ${path.map((f) => `${f} {`).join(" ")} id ${"} ".repeat(levels)}} }`;
};

describe("one guard for HTTP and the WebSocket: limits hold on both exactly alike", () => {
  const cases: [string, string][] = [
    ["a query nested beyond the depth limit", nest(14)],
    ["an alias bomb", `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: owneds(limit: 1) { tenantId }`).join(" ")} }`],
    ["a document over the token limit", `{ memories(where: { content: { in: [${Array.from({ length: 2500 }, (_, i) => `"${i}"`).join(",")}] } }) { id } }`],
    ["a query over the cost limit", `{ memories(limit: 100) { relatedAgents(limit: 100) { memories(limit: 100) { id } } } }`],
  ];

  it.each(cases)("%s is refused with the same code and message on both", async (_name, query) => {
    const http = await overHttp(query, "parity-a");
    const ws = await overWs(query, "parity-a");
    expect(http.error?.extensions.code).toBe("BAD_USER_INPUT");
    expect(http.status).toBe(400);
    expect(ws?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(ws?.message).toBe(http.error?.message);
  });

  it("shares one rate budget per agent across HTTP and WebSocket, and says when to retry", async () => {
    const query = "{ agents(limit: 1) { id } }";
    for (let i = 0; i < 2; i++) expect((await overHttp(query, "parity-rate")).error).toBeUndefined();
    for (let i = 0; i < 2; i++) expect(await overWs(query, "parity-rate")).toBeUndefined();
    const ws = await overWs(query, "parity-rate");
    expect(ws?.extensions?.code).toBe("RATE_LIMITED");
    expect(ws?.message).toMatch(/^Rate limit for agents is 4 per minute; retry in \d+ s$/);
    const http = await overHttp(query, "parity-rate");
    expect(http.status).toBe(429);
    expect(http.error?.extensions.code).toBe("RATE_LIMITED");
    expect(http.error?.extensions.retryAfterSeconds).toBeGreaterThan(0);
    // Another agent's budget is its own.
    expect((await overHttp(query, "parity-other")).error).toBeUndefined();
  });
});
