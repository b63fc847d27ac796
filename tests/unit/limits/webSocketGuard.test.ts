import { GraphQLError, type ExecutionArgs } from "graphql";
import { GRAPHQL_TRANSPORT_WS_PROTOCOL, makeServer } from "graphql-ws";
import { makeExecutableSchema } from "@graphql-tools/schema";
import { describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { defaultLimits, type LimitsConfig } from "../../../src/config/config.js";
import { AgentRateLimiter } from "../../../src/server/limits/rateLimiter.js";
import { guardWebSocketOperation, type WebSocketGuard } from "../../../src/server/limits/webSocketGuard.js";
import { schemaForLimits as schema } from "./schemaForLimits.js";

const caller: Caller = { tenantId: "squad", agentId: "kublai", roles: ["agent"] };

function guard(overrides: Partial<LimitsConfig> = {}, introspection = true): WebSocketGuard {
  const limits = { ...defaultLimits("production"), ...overrides };
  return { schema, limits, limiter: new AgentRateLimiter(limits.rateLimits), introspection };
}

async function refusals(options: WebSocketGuard, query: string, variables?: Record<string, unknown>) {
  const outcome = await guardWebSocketOperation(options, { query, variables }, { caller });
  if (!Array.isArray(outcome)) return [];
  for (const error of outcome) expect(error).toBeInstanceOf(GraphQLError);
  return outcome.map((e) => ({ message: e.message, code: e.extensions.code }));
}

describe("guardWebSocketOperation", () => {
  it("hands back execution arguments with the context for an operation within every limit", async () => {
    const options = guard();
    const context = { caller, requestId: "r1" };
    const payload = { query: "query Q($n: Int) { agents(limit: $n) { id } }", operationName: "Q", variables: { n: 2 } };
    const outcome = (await guardWebSocketOperation(options, payload, context)) as ExecutionArgs;
    expect(outcome.schema).toBe(schema);
    expect(outcome.contextValue).toBe(context);
    expect(outcome.operationName).toBe("Q");
    expect(outcome.variableValues).toEqual({ n: 2 });
    expect(outcome.document.kind).toBe("Document");
  });

  it("refuses past the token limit with the message HTTP clients get", async () => {
    expect(await refusals(guard({ maxTokens: 5 }), "{ agents { id } }")).toEqual([
      { message: "Syntax Error: Document contains more that 5 tokens. Parsing aborted.", code: "BAD_USER_INPUT" },
    ]);
  });

  it("refuses depth, aliases, directives and cost as the Apollo plugin does", async () => {
    expect(await refusals(guard({ maxDepth: 2 }), "{ agents { friends { id } } }")).toEqual([
      { message: "Query depth limit of 2 exceeded, found 3.", code: "BAD_USER_INPUT" },
    ]);
    expect(await refusals(guard({ maxCost: 2 }), "{ agents { id name } }")).toEqual([
      { message: "Query cost limit of 2 exceeded, found 3.", code: "BAD_USER_INPUT" },
    ]);
  });

  it("validates the document, without suggestions when they are blocked", async () => {
    const bad = "{ agents { nam } }";
    expect(await refusals(guard({ blockFieldSuggestions: true }), bad)).toEqual([
      { message: 'Cannot query field "nam" on type "Agent".', code: "BAD_USER_INPUT" },
    ]);
    expect(await refusals(guard({ blockFieldSuggestions: false }), bad)).toEqual([
      { message: 'Cannot query field "nam" on type "Agent". Did you mean "name"?', code: "BAD_USER_INPUT" },
    ]);
  });

  it("refuses introspection when it is off, as Apollo does on HTTP", async () => {
    const query = "{ __schema { queryType { name } } }";
    expect(await refusals(guard({}, true), query)).toEqual([]);
    expect(await refusals(guard({}, false), query)).toContainEqual({
      message: 'GraphQL introspection has been disabled, but the requested query contained the field "__schema".',
      code: "BAD_USER_INPUT",
    });
  });

  it("returns the rate refusal instead of throwing it, so the socket stays open", async () => {
    const options = guard({ rateLimits: { defaultPerMinute: 100, perField: { retrieveContext: 1 } } });
    const query = '{ retrieveContext(query: "x") { id } }';
    expect(await refusals(options, query)).toEqual([]);
    expect(await refusals(options, query)).toEqual([
      { message: expect.stringMatching(/^Rate limit for retrieveContext is 1 per minute; retry in \d+ s$/), code: "RATE_LIMITED" },
    ]);
  });
});

describe("guardWebSocketOperation as graphql-ws onSubscribe", () => {
  it("sends a refusal as the subscription's error message and still executes the next operation", async () => {
    const executable = makeExecutableSchema({
      typeDefs: "type Query { agents: [Agent!]! } type Agent { id: ID! friends: [Agent!]! }",
      resolvers: { Query: { agents: () => [{ id: "kublai", friends: [] }] } },
    });
    const options = { ...guard({ maxDepth: 2 }), schema: executable };
    const server = makeServer({ onSubscribe: (_ctx, _id, payload) => guardWebSocketOperation(options, payload, { caller }) });
    const sent: Array<Record<string, unknown>> = [];
    let receive: (data: string) => Promise<void> = async () => {};
    let closed: unknown;
    server.opened(
      {
        protocol: GRAPHQL_TRANSPORT_WS_PROTOCOL,
        send: (data) => void sent.push(JSON.parse(data)),
        close: (code, reason) => void (closed = { code, reason }),
        onMessage: (cb) => void (receive = cb),
      },
      {},
    );
    await receive(JSON.stringify({ type: "connection_init" }));
    await receive(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "{ agents { friends { id } } }" } }));
    await receive(JSON.stringify({ id: "2", type: "subscribe", payload: { query: "{ agents { id } }" } }));

    expect(closed).toBeUndefined();
    expect(sent).toEqual([
      { type: "connection_ack" },
      { id: "1", type: "error", payload: [{ message: "Query depth limit of 2 exceeded, found 3.", extensions: { code: "BAD_USER_INPUT" } }] },
      { id: "2", type: "next", payload: { data: { agents: [{ id: "kublai" }] } } },
      { id: "2", type: "complete" },
    ]);
  });
});
