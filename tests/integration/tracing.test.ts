import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spanAttribute as attr, startOtlpReceiver, type OtlpReceiver, type OtlpSpan } from "../../fixtures/otlpReceiver.js";
import { startTestGateway, testConfig, type TestGateway } from "../support/testGateway.js";
import { wsClient, wsRequest } from "../support/wsClient.js";

/**
 * OpenTelemetry traces, sent over OTLP/HTTP to a receiver inside the test:
 * a span per operation (over HTTP and over the WebSocket), per retrieval tool
 * call and per Neo4j statement, nested as they ran, against the real Neo4j.
 */
let receiver: OtlpReceiver;
let gw: TestGateway | undefined;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // Its own: the test stops it to flush the spans it buffered.
  gw = await startTestGateway(testConfig({ tracing: { endpoint: receiver.endpoint, serviceName: "mnemograph-trace-test" } }), { own: true });
});
afterAll(async () => {
  await gw?.stop();
  await receiver.close();
});

describe("OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)", () => {
  // Before the HTTP case, which stops the gateway to flush what it buffered: these wait for their spans instead.
  it("sends a span per WebSocket operation: a query with its statements under it, a refusal with its code, a subscription once subscribed", async () => {
    const agent = `tracer-ws-${Math.random().toString(36).slice(2, 8)}`;
    const client = wsClient(gw!.url, { "x-mnemograph-agent": agent, "x-request-id": `${agent}-request` });
    try {
      expect(await wsRequest(client, "query Recent { memories(limit: 1) { id } }")).toMatchObject({ data: { memories: expect.any(Array) } });
      const refused = (await wsRequest(client, "query Refused { memories(limit: -1) { id } }")) as { errors?: { extensions?: Record<string, unknown> }[] };
      expect(refused.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
      const unsubscribe = client.subscribe(
        { query: "subscription ($agentId: ID!) { knowledgeFeed(agentId: $agentId) { cursor } }", variables: { agentId: agent } },
        { next: () => {}, error: () => {}, complete: () => {} },
      );
      const ofAgent = (name: string, operationName?: string) => (s: OtlpSpan) =>
        s.name === name && attr(s, "mnemograph.agent") === agent && attr(s, "graphql.operation.name") === operationName;

      const query = await receiver.waitFor(ofAgent("query memories", "Recent"));
      expect(attr(query, "mnemograph.transport")).toBe("ws");
      expect(attr(query, "graphql.operation.type")).toBe("query");
      expect(attr(query, "graphql.operation.root_fields")).toBe("memories");
      expect(attr(query, "mnemograph.request_id")).toBe(`${agent}-request`);
      expect(attr(query, "mnemograph.tenant")).toBeTruthy();
      expect(attr(query, "mnemograph.error.codes")).toBeUndefined();
      // Its own trace (a socket has no request span), with the operation's Neo4j statements under it.
      expect(query.parentSpanId || undefined).toBeUndefined();
      const statement = await receiver.waitFor((s) => s.parentSpanId === query.spanId && s.name.startsWith("neo4j "));
      expect(attr(statement, "db.system.name")).toBe("neo4j");

      const refusal = await receiver.waitFor(ofAgent("query memories", "Refused"));
      expect(attr(refusal, "mnemograph.error.codes")).toBe("BAD_USER_INPUT");

      const subscribed = await receiver.waitFor(ofAgent("subscription knowledgeFeed"));
      expect(attr(subscribed, "mnemograph.transport")).toBe("ws");
      expect(attr(subscribed, "graphql.operation.type")).toBe("subscription");
      expect(attr(subscribed, "mnemograph.error.codes")).toBeUndefined();
      unsubscribe();
    } finally {
      await client.dispose();
    }
  });

  it("sends a span per operation with its Neo4j statements and retrieval tool calls nested under it", async () => {
    const agent = `tracer-${Math.random().toString(36).slice(2, 8)}`;
    const created = await gw!.request(`mutation { createMemories(input: [{ type: OBSERVATION, content: "Traced write" }]) { memories { id } } }`, {}, agent);
    expect(created.errors).toBeUndefined();
    const retrieved = await gw!.request(
      `mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { confidence metadata { planner queriesExecuted } } }`,
      { input: { messages: [{ authorName: "Dana", content: "Who here knows Rust and works at Acme?" }] } },
      agent,
    );
    expect(retrieved.errors).toBeUndefined();
    expect(retrieved.data).toMatchObject({ retrieveContext: { metadata: { planner: "DETERMINISTIC" } } });
    // Stopping flushes what is buffered.
    await gw!.driver.executeQuery(`MATCH (m:Memory {ownerId: $agent}) DETACH DELETE m`, { agent });
    await gw!.stop();
    gw = undefined;

    expect(receiver.received.every((r) => r.service === "mnemograph-trace-test")).toBe(true);
    const spans = receiver.spans();
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const childrenOf = (parent: OtlpSpan) => spans.filter((s) => s.parentSpanId === parent.spanId);

    const write = spans.find((s) => s.name === "mutation createMemories")!;
    expect(write).toBeDefined();
    expect(attr(write, "mnemograph.agent")).toBe(agent);
    expect(attr(write, "graphql.operation.type")).toBe("mutation");
    const writeStatements = childrenOf(write).filter((s) => s.name.startsWith("neo4j "));
    expect(writeStatements.some((s) => /CREATE/.test(attr(s, "db.query.text") ?? ""))).toBe(true);
    expect(writeStatements.every((s) => attr(s, "db.system.name") === "neo4j")).toBe(true);

    const run = spans.find((s) => s.name === "mutation retrieveContext")!;
    expect(run).toBeDefined();
    const tools = childrenOf(run).filter((s) => s.name.startsWith("tool "));
    expect(tools.length).toBe(Number((retrieved.data as { retrieveContext: { metadata: { queriesExecuted: number } } }).retrieveContext.metadata.queriesExecuted));
    for (const tool of tools) {
      expect(attr(tool, "mnemograph.tool.name")).toBe(tool.name.slice("tool ".length));
      expect(childrenOf(tool).some((s) => s.name.startsWith("neo4j "))).toBe(true);
    }
    // Every statement of the run belongs to its trace, under the operation.
    const inRun = spans.filter((s) => s.traceId === run.traceId && s.name.startsWith("neo4j "));
    for (const s of inRun) {
      let up = byId.get(s.parentSpanId ?? "");
      while (up && up !== run) up = byId.get(up.parentSpanId ?? "");
      expect(up).toBe(run);
    }
  });
});
