import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../../src/app/startApp.js";
import { testConfig, uniqueAgent } from "../support/testGateway.js";

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
let app: App;
const me = uniqueAgent("request-logs");

beforeAll(async () => {
  app = await startApp(testConfig({ llm: null }), pino({ level: "debug", base: { service: "mnemograph" } }, sink));
});
afterAll(async () => {
  await app.background.drain();
  await app.driver.executeQuery("MATCH (r:RetrievalRun) WHERE r.ownerId = $me DETACH DELETE r", { me });
  await app.stop();
});

describe("logs that follow a request", () => {
  it("every line retrieveContext logs carries the request's id: each stage at debug, the planner's decisions and the answer at info", async () => {
    const res = await fetch(`http://127.0.0.1:${app.gateway.port}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-mnemograph-agent": me, "x-request-id": "req-logs-1" },
      body: JSON.stringify({
        query: `mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { confidence } }`,
        variables: { input: { messages: [{ authorName: "Dana", content: "Who knows Rust here?" }] } },
      }),
    });
    expect(res.status).toBe(200);
    const loop = lines.filter((l) => String(l.msg).startsWith("retrieveContext"));
    expect(loop.length).toBeGreaterThan(0);
    for (const line of loop) expect(line).toMatchObject({ requestId: "req-logs-1", agent: me });

    const stages = loop.filter((l) => l.msg === "retrieveContext stage");
    expect(stages.map((l) => l.stage)).toEqual(expect.arrayContaining(["ANALYZE", "PLAN", "EXECUTE", "EVALUATE", "SYNTHESIZE"]));
    for (const s of stages) expect(s.level).toBe(20); // debug
    const execute = stages.find((l) => l.stage === "EXECUTE")!;
    expect(execute.calls).toEqual(expect.arrayContaining([expect.objectContaining({ tool: expect.any(String), argumentsBytes: expect.any(Number), ok: true })]));

    const decisions = loop.filter((l) => l.msg === "retrieveContext: the planner decided");
    expect(decisions.length).toBeGreaterThan(0);
    for (const d of decisions) expect(d).toMatchObject({ level: 30, planner: "DETERMINISTIC" });
    expect(loop.filter((l) => l.msg === "retrieveContext: answered")).toEqual([expect.objectContaining({ level: 30, stopReason: expect.any(String) })]);
  });
});
