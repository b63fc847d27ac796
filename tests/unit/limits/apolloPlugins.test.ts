import { ApolloServer } from "@apollo/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { formatError } from "../../../src/server/errorHandling.js";
import { defaultLimits } from "../../../src/config/config.js";
import { operationLimitsPlugin } from "../../../src/server/limits/operationLimitsPlugin.js";
import { AgentRateLimiter } from "../../../src/server/limits/rateLimiter.js";
import { rateLimitPlugin } from "../../../src/server/limits/rateLimitPlugin.js";

// Apollo wired as gateway.ts is meant to wire it, run in-process: what an HTTP client gets back.
type Context = { caller: Caller };
const limits = { ...defaultLimits("production"), maxDepth: 3, maxTokens: 50, rateLimits: { defaultPerMinute: 100, perField: { retrieveContext: 2 } } };
let server: ApolloServer<Context>;

beforeAll(async () => {
  server = new ApolloServer<Context>({
    typeDefs: `
      type Query { agents: [Agent!]! retrieveContext(query: String!): [String!]! }
      type Agent { id: ID! name: String! friends: [Agent!]! }`,
    resolvers: { Query: { agents: () => [{ id: "kublai", name: "Kublai", friends: [] }], retrieveContext: () => ["a memory"] } },
    formatError,
    parseOptions: { maxTokens: limits.maxTokens },
    hideSchemaDetailsFromClientErrors: limits.blockFieldSuggestions,
    plugins: [operationLimitsPlugin(limits), rateLimitPlugin(new AgentRateLimiter(limits.rateLimits))],
  });
  await server.start();
});
afterAll(async () => {
  await server.stop();
});

async function run(query: string, agentId = "kublai") {
  const caller: Caller = { tenantId: "squad", agentId, roles: ["agent"] };
  const response = await server.executeOperation({ query }, { contextValue: { caller } });
  if (response.body.kind !== "single") throw new Error("expected a single result");
  return { status: response.http.status, headers: response.http.headers, result: response.body.singleResult };
}

describe("operationLimitsPlugin", () => {
  it("runs an operation within the limits", async () => {
    const { status, result } = await run("{ agents { id } }");
    expect(status).toBeUndefined(); // Apollo's default, 200
    expect(result.data).toEqual({ agents: [{ id: "kublai" }] });
  });

  it("answers 400 with the limit that was passed, and runs nothing", async () => {
    const { status, result } = await run("{ agents { friends { friends { id } } } }");
    expect(status).toBe(400);
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual([{ message: "Query depth limit of 3 exceeded, found 4.", extensions: { code: "BAD_USER_INPUT" } }]);
  });

  it("stops parsing past the token limit (Apollo's parseOptions)", async () => {
    const { status, result } = await run(`{ ${"agents { id } ".repeat(20)}}`);
    expect(status).toBe(400);
    expect(result.errors).toEqual([
      expect.objectContaining({
        message: "Syntax Error: Document contains more that 50 tokens. Parsing aborted.",
        extensions: { code: "BAD_USER_INPUT" },
      }),
    ]);
  });

  it("hides field suggestions when they are blocked", async () => {
    const { result } = await run("{ agents { nam } }");
    expect(result.errors?.[0]?.message).toBe('Cannot query field "nam" on type "Agent".');
  });
});

describe("rateLimitPlugin", () => {
  it("answers 429 with Retry-After and retryAfterSeconds once an agent's budget is spent", async () => {
    const query = '{ retrieveContext(query: "what did we decide?") }';
    expect((await run(query, "marco")).result.data).toEqual({ retrieveContext: ["a memory"] });
    expect((await run(query, "marco")).result.data).toBeDefined();
    const { status, headers, result } = await run(query, "marco");
    expect(status).toBe(429);
    expect(headers.get("retry-after")).toMatch(/^\d+$/);
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual([
      {
        message: expect.stringMatching(/^Rate limit for retrieveContext is 2 per minute; retry in \d+ s$/),
        extensions: { code: "RATE_LIMITED", retryAfterSeconds: Number(headers.get("retry-after")) },
      },
    ]);
    expect((await run(query, "polo")).result.data).toBeDefined();
  });

  it("counts aliased calls of one operation", async () => {
    const { status, result } = await run('{ a: retrieveContext(query: "x") b: retrieveContext(query: "y") c: retrieveContext(query: "z") }', "ogedei");
    expect(status).toBe(400);
    expect(result.errors?.[0]?.message).toBe("One operation may call retrieveContext at most 2 times; it calls it 3 times");
  });
});
