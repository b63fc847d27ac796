import { ApolloServer } from "@apollo/server";
import { makeExecutableSchema } from "@graphql-tools/schema";
import { GRAPHQL_TRANSPORT_WS_PROTOCOL, makeServer } from "graphql-ws";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { defaultLimits, type LimitsConfig } from "../../../src/config/config.js";
import type { RequestContext } from "../../../src/core/requestContext.js";
import { createLogger } from "../../../src/logging/logger.js";
import { apolloGuardOptions, operationGuardPlugin } from "../../../src/server/guard/apolloGuard.js";
import { createOperationGuard, type OperationGuard } from "../../../src/server/guard/operationGuard.js";
import { webSocketGuard } from "../../../src/server/guard/webSocketGuard.js";
import { createAdmission, type AdmissionLimits } from "../../../src/server/limits/admission.js";
import { AgentRateLimiter } from "../../../src/server/limits/rateLimiter.js";
import { createOperationMetrics } from "../../../src/server/metrics/operationMetrics.js";

/**
 * The operation guard at both doors, in-process: Apollo wired as gateway.ts
 * wires it (what an HTTP client gets back) and graphql-ws's server with the
 * guard's hooks (the messages a socket gets). Each refusal is asked at both
 * doors and must read the same.
 */
const schema = makeExecutableSchema({
  typeDefs: `
    type Query { agents(limit: Int): [Agent!]! retrieveContext(query: String!): [String!]! boom: String }
    type Mutation { forget(id: ID!): Boolean! }
    type Subscription { ticks: Int! }
    type Agent { id: ID! name: String! friends: [Agent!]! }`,
  resolvers: {
    Query: {
      agents: () => [{ id: "kublai", name: "Kublai", friends: [] }],
      retrieveContext: () => ["a memory"],
      boom: () => {
        throw new Error("a driver's raw message");
      },
    },
    Mutation: { forget: () => true },
    Subscription: {
      ticks: {
        subscribe: async function* () {
          yield { ticks: 1 };
          yield { ticks: 2 };
        },
      },
    },
  },
});

const logger = createLogger({ logLevel: "silent" });

interface Setup {
  limits?: Partial<LimitsConfig>;
  introspection?: boolean;
  admission?: AdmissionLimits;
}

function setUp({ limits: overrides = {}, introspection = true, admission: admissionLimits = { maxConcurrent: 0, maxQueued: 0, queueTimeoutMs: 1000 } }: Setup = {}) {
  const limits = { ...defaultLimits("production"), maxDepth: 3, maxTokens: 50, ...overrides };
  const registry = new Registry();
  const availability = { up: true, answered: 0, noteAnswered() { this.answered++; } };
  const admission = createAdmission(admissionLimits);
  const guard = createOperationGuard({
    schema,
    limits,
    introspection,
    limiter: new AgentRateLimiter(limits.rateLimits),
    admission,
    availability,
    metrics: createOperationMetrics(registry),
    logger,
  });
  return { guard, registry, availability, admission, http: overHttp(guard), ws: overWs(guard) };
}

let requests = 0;
function contextOf(agentId: string): RequestContext {
  const requestId = `r-${++requests}`;
  const caller = { tenantId: "squad", agentId, roles: ["agent" as const] };
  return { requestId, caller, logger, jwt: { sub: agentId, tenant: "squad", roles: ["agent"] }, sessionConfig: { database: "neo4j" } };
}

function overHttp(guard: OperationGuard) {
  const server = new ApolloServer<RequestContext>({ schema, ...apolloGuardOptions(guard), plugins: [operationGuardPlugin(guard)] });
  const started = server.start();
  return async (query: string, agentId = "kublai") => {
    await started;
    const response = await server.executeOperation({ query }, { contextValue: contextOf(agentId) });
    if (response.body.kind !== "single") throw new Error("expected a single result");
    return { status: response.http.status, headers: response.http.headers, result: response.body.singleResult };
  };
}

type Message = { id?: string; type: string; payload?: unknown };

/** A graphql-ws server with the guard's hooks, and one socket to it per agent. */
function overWs(guard: OperationGuard) {
  let agentId = "kublai";
  const server = makeServer<Record<string, unknown>, object>({ schema, ...webSocketGuard<Record<string, unknown>, object>(guard, async () => contextOf(agentId)) });
  const sockets = new Map<string, Promise<{ sent: Message[]; receive: (data: string) => Promise<void>; closed: () => unknown }>>();
  const open = async () => {
    const sent: Message[] = [];
    let receive: (data: string) => Promise<void> = async () => {};
    let closed: unknown;
    server.opened(
      {
        protocol: GRAPHQL_TRANSPORT_WS_PROTOCOL,
        send: (data) => void sent.push(JSON.parse(data) as Message),
        close: (code, reason) => void (closed = { code, reason }),
        onMessage: (cb) => void (receive = cb),
      },
      {},
    );
    await receive(JSON.stringify({ type: "connection_init" }));
    return { sent, receive, closed: () => closed };
  };
  let ids = 0;
  /** Sends one subscribe message and resolves with what the socket got for it, once answered. */
  const send = async (query: string, agent = "kublai") => {
    agentId = agent;
    if (!sockets.has(agent)) sockets.set(agent, open());
    const socket = (await sockets.get(agent))!;
    const id = String(++ids);
    await socket.receive(JSON.stringify({ id, type: "subscribe", payload: { query } }));
    expect(socket.closed()).toBeUndefined();
    return socket.sent.filter((m) => m.id === id);
  };
  return Object.assign(send, {
    /** The first error the socket got for `query`, as `{ message, extensions }`. */
    async error(query: string, agent?: string) {
      const messages = await send(query, agent);
      const error = messages.find((m) => m.type === "error")?.payload ?? (messages.find((m) => m.type === "next")?.payload as { errors?: unknown[] } | undefined)?.errors;
      return (error as { message: string; extensions: Record<string, unknown> }[] | undefined)?.[0];
    },
  });
}

/** The counter's value for these labels (0 when never counted). */
async function counted(registry: Registry, labels: Record<string, string>): Promise<number> {
  const metric = await registry.getSingleMetric("mnemograph_graphql_operations_total")!.get();
  return metric.values.filter((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value)).reduce((sum, v) => sum + v.value, 0);
}

describe("the operation guard over HTTP (Apollo)", () => {
  it("runs an operation within the limits", async () => {
    const { http } = setUp();
    const { status, result } = await http("{ agents { id } }");
    expect(status).toBeUndefined(); // Apollo's default, 200
    expect(result.data).toEqual({ agents: [{ id: "kublai" }] });
  });

  it("answers 400 with the limit that was passed, and runs nothing", async () => {
    const { http } = setUp();
    const { status, result } = await http("{ agents { friends { friends { id } } } }");
    expect(status).toBe(400);
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual([{ message: "Query depth limit of 3 exceeded, found 4.", extensions: { code: "BAD_USER_INPUT" } }]);
  });

  it("stops parsing past the token limit (Apollo's parseOptions)", async () => {
    const { http } = setUp();
    const { status, result } = await http(`{ ${"agents { id } ".repeat(20)}}`);
    expect(status).toBe(400);
    expect(result.errors).toEqual([
      expect.objectContaining({ message: "Syntax Error: Document contains more that 50 tokens. Parsing aborted.", extensions: { code: "BAD_USER_INPUT" } }),
    ]);
  });

  it("answers 429 with Retry-After and retryAfterSeconds once an agent's budget is spent", async () => {
    const { http } = setUp({ limits: { rateLimits: { defaultPerMinute: 100, perField: { retrieveContext: 2 } } } });
    const query = '{ retrieveContext(query: "what did we decide?") }';
    expect((await http(query, "marco")).result.data).toEqual({ retrieveContext: ["a memory"] });
    expect((await http(query, "marco")).result.data).toBeDefined();
    const { status, headers, result } = await http(query, "marco");
    expect(status).toBe(429);
    expect(headers.get("retry-after")).toMatch(/^\d+$/);
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual([
      {
        message: expect.stringMatching(/^Rate limit for retrieveContext is 2 per minute; retry in \d+ s$/),
        extensions: { code: "RATE_LIMITED", retryAfterSeconds: Number(headers.get("retry-after")) },
      },
    ]);
    expect((await http(query, "polo")).result.data).toBeDefined();
  });

  it("answers 400 to an operation that alone calls a field more often than its budget allows", async () => {
    const { http } = setUp({ limits: { rateLimits: { defaultPerMinute: 100, perField: { retrieveContext: 2 } } } });
    const { status, result } = await http('{ a: retrieveContext(query: "x") b: retrieveContext(query: "y") c: retrieveContext(query: "z") }', "ogedei");
    expect(status).toBe(400);
    expect(result.errors?.[0]?.message).toBe("One operation may call retrieveContext at most 2 times; it calls it 3 times");
  });

  it("refuses a subscription with where to send it", async () => {
    const { http } = setUp();
    const { status, result } = await http("subscription { ticks }");
    expect(status).toBe(400);
    expect(result.errors?.[0]).toEqual({
      message: "Subscriptions are served over WebSocket (the graphql-transport-ws protocol at /graphql), not over HTTP",
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  it("answers 503 with Retry-After when no turn is free", async () => {
    const { http, admission } = setUp({ admission: { maxConcurrent: 1, maxQueued: 0, queueTimeoutMs: 3000 } });
    const held = await admission.enter();
    try {
      const { status, headers, result } = await http("{ agents { id } }");
      expect(status).toBe(503);
      expect(headers.get("retry-after")).toBe("3");
      expect(result.errors?.[0]?.extensions).toEqual({ code: "SERVICE_BUSY", retryAfterSeconds: 3 });
      // Introspection takes no turn.
      expect((await http("{ __typename }")).result.data).toEqual({ __typename: "Query" });
    } finally {
      held();
    }
    expect((await http("{ agents { id } }")).status).toBeUndefined();
    expect([admission.running, admission.waiting]).toEqual([0, 0]);
  });
});

describe("the operation guard over the WebSocket (graphql-ws)", () => {
  it("runs an operation within the limits, and a subscription's events", async () => {
    const { ws } = setUp();
    expect(await ws("{ agents { id } }")).toEqual([
      { id: expect.any(String), type: "next", payload: { data: { agents: [{ id: "kublai" }] } } },
      { id: expect.any(String), type: "complete" },
    ]);
    expect((await ws("subscription { ticks }")).map((m) => m.payload)).toEqual([{ data: { ticks: 1 } }, { data: { ticks: 2 } }, undefined]);
  });

  it("sends a refusal as the operation's error message and still runs the next operation on the socket", async () => {
    const { ws } = setUp();
    const refused = await ws("{ agents { friends { friends { id } } } }");
    expect(refused).toEqual([{ id: expect.any(String), type: "error", payload: [{ message: "Query depth limit of 3 exceeded, found 4.", extensions: { code: "BAD_USER_INPUT" } }] }]);
    expect((await ws("{ agents { id } }"))[0]?.type).toBe("next");
  });

  it("validates without introspection when it is off, as Apollo does on HTTP", async () => {
    const query = "{ __schema { queryType { name } } }";
    expect((await setUp({ introspection: true }).ws(query))[0]?.payload).toEqual({ data: { __schema: { queryType: { name: "Query" } } } });
    expect(await setUp({ introspection: false }).ws.error(query)).toMatchObject({
      message: 'GraphQL introspection has been disabled, but the requested query contained the field "__schema".',
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  it("refuses an operation name that matches none, as graphql-js does on HTTP", async () => {
    const { ws, http } = setUp();
    const query = "query A { agents { id } } query B { agents { name } }";
    const refused = await ws.error(query);
    expect(refused).toEqual({ message: "Must provide operation name if query contains multiple operations.", extensions: { code: "BAD_USER_INPUT" } });
    expect((await http(query)).result.errors?.[0]).toEqual(refused);
  });

  it("refuses SERVICE_BUSY on the socket when no turn is free, and the socket stays open", async () => {
    const { ws, admission } = setUp({ admission: { maxConcurrent: 1, maxQueued: 0, queueTimeoutMs: 3000 } });
    const held = await admission.enter();
    try {
      expect(await ws.error("{ agents { id } }")).toMatchObject({ extensions: { code: "SERVICE_BUSY", retryAfterSeconds: 3 } });
      // Subscriptions and introspection do not wait.
      expect((await ws("subscription { ticks }"))[0]?.type).toBe("next");
    } finally {
      held();
    }
    expect((await ws("{ agents { id } }"))[0]?.type).toBe("next");
    expect([admission.running, admission.waiting]).toEqual([0, 0]);
  });
});

describe("one answer at both doors", () => {
  const cases: [string, Setup, string][] = [
    ["past the token limit", {}, `{ ${"agents { id } ".repeat(20)}}`],
    ["past the depth limit", {}, "{ agents { friends { friends { id } } } }"],
    ["past the cost limit", { limits: { maxCost: 2 } }, "{ agents { id name } }"],
    ["a field that does not exist, suggestions blocked", { limits: { blockFieldSuggestions: true } }, "{ agents { nam } }"],
    ["a field that does not exist, suggestions shown", { limits: { blockFieldSuggestions: false } }, "{ agents { nam } }"],
    ["an unexpected error, masked with its request id", {}, "{ boom }"],
  ];

  it.each(cases)("%s", async (_name, setup, query) => {
    const { http, ws } = setUp(setup);
    const overHttp = (await http(query)).result.errors?.[0];
    const overWs = await ws.error(query);
    expect(overHttp).toBeDefined();
    // The request id differs per request: compare what is left.
    const anonymous = (e: unknown) => JSON.parse(JSON.stringify(e).replace(/r-\d+/g, "r-…")) as unknown;
    expect(anonymous(overWs)).toEqual(anonymous(overHttp));
  });

  it("shares one rate budget per agent", async () => {
    const { http, ws } = setUp({ limits: { rateLimits: { defaultPerMinute: 100, perField: { retrieveContext: 2 } } } });
    const query = '{ retrieveContext(query: "x") }';
    expect((await http(query, "shared")).result.errors).toBeUndefined();
    expect((await ws(query, "shared"))[0]?.type).toBe("next");
    expect(await ws.error(query, "shared")).toMatchObject({ message: expect.stringMatching(/^Rate limit for retrieveContext is 2 per minute; retry in \d+ s$/), extensions: { code: "RATE_LIMITED" } });
    expect((await http(query, "shared")).status).toBe(429);
  });

  it("refuses with SERVICE_UNAVAILABLE while Neo4j is down, except introspection", async () => {
    const { http, ws, availability } = setUp();
    availability.up = false;
    const overHttp = await http("{ agents { id } }");
    expect(overHttp.status).toBe(500); // Apollo's default for a refusal without a status of its own, as before
    expect(overHttp.result.errors).toEqual([{ message: "The database is unavailable; try again shortly", extensions: { code: "SERVICE_UNAVAILABLE" } }]);
    expect(await ws.error("{ agents { id } }")).toEqual(overHttp.result.errors?.[0]);
    expect(await ws.error("subscription { ticks }")).toEqual(overHttp.result.errors?.[0]);
    expect((await http("{ __typename }")).result.data).toEqual({ __typename: "Query" });
    expect((await ws("{ __typename }"))[0]?.payload).toEqual({ data: { __typename: "Query" } });
  });

  it("counts every operation once, by root field, outcome and transport; a subscription when it subscribes", async () => {
    const { http, ws, registry, availability } = setUp();
    await http("{ agents { id } }");
    await ws("{ agents { id } }");
    await ws("{ a: agents { id } b: agents { name } }");
    await ws("subscription { ticks }");
    await ws("{ agents { friends { friends { id } } } }");
    await ws("{ agents { nam } }");
    await http("{ boom }");
    await ws("{ boom }");
    expect(await counted(registry, { root_field: "agents", outcome: "OK", transport: "http" })).toBe(1);
    expect(await counted(registry, { root_field: "agents", outcome: "OK", transport: "ws" })).toBe(2);
    expect(await counted(registry, { root_field: "ticks", outcome: "OK", transport: "ws" })).toBe(1);
    expect(await counted(registry, { root_field: "agents", outcome: "BAD_USER_INPUT", transport: "ws" })).toBe(1);
    // A document that never validated names no field.
    expect(await counted(registry, { root_field: "(none)", outcome: "BAD_USER_INPUT", transport: "ws" })).toBe(1);
    expect(await counted(registry, { root_field: "boom", outcome: "INTERNAL_SERVER_ERROR" })).toBe(2);
    const duration = await registry.getSingleMetricAsString("mnemograph_graphql_operation_duration_seconds");
    expect(duration).toContain('mnemograph_graphql_operation_duration_seconds_count{root_field="ticks",transport="ws"} 1');
    // Queries answered without errors tell the availability watcher Neo4j answers; a subscribe does not.
    expect(availability.answered).toBe(3);
  });
});
