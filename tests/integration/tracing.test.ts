import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, testConfig, type TestGateway } from "../support/testGateway.js";

/**
 * OpenTelemetry traces, sent over OTLP/HTTP to a receiver inside the test:
 * a span per operation, per retrieval tool call and per Neo4j statement,
 * nested as they ran, against the real Neo4j.
 */
interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string } }[];
}
const received: { service: string; spans: OtlpSpan[] }[] = [];
let receiver: http.Server;
let gw: TestGateway | undefined;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const parsed = JSON.parse(body) as { resourceSpans: { resource: { attributes: OtlpSpan["attributes"] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };
      for (const rs of parsed.resourceSpans) {
        const service = rs.resource.attributes?.find((a) => a.key === "service.name")?.value.stringValue ?? "";
        received.push({ service, spans: rs.scopeSpans.flatMap((s) => s.spans) });
      }
      res.setHeader("content-type", "application/json").end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`;
  gw = await startTestGateway(testConfig({ tracing: { endpoint, serviceName: "mnemograph-trace-test" } }));
});
afterAll(async () => {
  await gw?.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

const attr = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value.stringValue;

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

    expect(received.every((r) => r.service === "mnemograph-trace-test")).toBe(true);
    const spans = received.flatMap((r) => r.spans);
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
