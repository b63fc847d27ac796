import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spanAttribute as attr, startOtlpReceiver, type OtlpReceiver, type OtlpSpan } from "../../fixtures/otlpReceiver.js";
import { startTestGateway, testConfig, type TestGateway } from "../support/testGateway.js";

/**
 * OpenTelemetry traces, sent over OTLP/HTTP to a receiver inside the test:
 * a span per operation, per retrieval tool call and per Neo4j statement,
 * nested as they ran, against the real Neo4j.
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
