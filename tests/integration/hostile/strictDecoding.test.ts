import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { graphFingerprint } from "../../support/hostile/graphFingerprint.js";
import { startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

let gw: TestGateway;
const agent = uniqueAgent("utf8");
const origin = () => gw.url.replace(/\/graphql$/, "");

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw.stop();
});

/** JSON whose memory content carries `bytes` raw, between "a" and "b". */
function bodyWith(bytes: number[], door: "graphql" | "rest" | "mcp"): Buffer {
  const text = (inner: string) => {
    if (door === "graphql") return `{"query":"mutation($c: String!) { createMemories(input: [{ type: OBSERVATION, content: $c }]) { memories { id } } }","variables":{"c":"${inner}"}}`;
    if (door === "rest") return `{"messages":[{"author_id":"u1","content":"${inner}"}]}`;
    return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"memory_store","arguments":{"agentId":"${agent}","content":"${inner}"}}}`;
  };
  const [before, after] = text("\u0000").split("\u0000") as [string, string];
  return Buffer.concat([Buffer.from(`${before}a`), Buffer.from(bytes), Buffer.from(`b${after}`)]);
}

const SEQUENCES: [string, number[]][] = [
  ["the bytes FF FE", [0xff, 0xfe]],
  ["an overlong encoding of '/' (C0 AF)", [0xc0, 0xaf]],
  ["a CESU-8 surrogate (ED A0 80)", [0xed, 0xa0, 0x80]],
];

const DOORS = {
  graphql: { path: "/graphql", code: (b: any) => b.errors?.[0]?.extensions?.code, message: (b: any) => b.errors?.[0]?.message },
  rest: { path: "/api/memory/retrieve", code: (b: any) => b.code, message: (b: any) => b.message },
  mcp: { path: "/mcp", code: (b: any) => b.error?.data?.code, message: (b: any) => b.error?.message },
} as const;

describe("a body that is not valid UTF-8 is refused at every door, never stored repaired", () => {
  for (const [name, bytes] of SEQUENCES) {
    for (const door of ["graphql", "rest", "mcp"] as const) {
      it(`${name} over ${door}: 400 BAD_USER_INPUT, the graph unchanged`, async () => {
        const before = await graphFingerprint(gw.driver);
        const res = await fetch(`${origin()}${DOORS[door].path}`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-mnemograph-agent": agent },
          body: bodyWith(bytes, door),
        });
        const body = await res.json();
        expect(res.status).toBe(400);
        expect(DOORS[door].code(body)).toBe("BAD_USER_INPUT");
        expect(DOORS[door].message(body)).toMatch(/not valid UTF-8/);
        expect(await graphFingerprint(gw.driver)).toEqual(before);
      });
    }
  }

  it("the same body with the bytes as valid UTF-8 text is stored exactly as sent (the control)", async () => {
    const content = "a\u00ff\u00feb \u{1F600}";
    const res = await fetch(gw.url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-mnemograph-agent": agent },
      body: JSON.stringify({ query: "mutation($c: String!) { createMemories(input: [{ type: OBSERVATION, content: $c }]) { memories { id content } } }", variables: { c: content } }),
    });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    expect(body.data.createMemories.memories[0].content).toBe(content);
    await gw.driver.executeQuery("MATCH (n) WHERE n.ownerId = $agent DETACH DELETE n", { agent });
  });
});

/** Opens a graphql-transport-ws connection, acknowledged, as `agent`. */
async function openSocket(): Promise<WebSocket> {
  const socket = new WebSocket(gw.url.replace(/^http/, "ws"), "graphql-transport-ws", { headers: { "x-mnemograph-agent": agent } });
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  socket.send(JSON.stringify({ type: "connection_init", payload: {} }));
  const ack = await new Promise<string>((resolve) => socket.once("message", (data) => resolve(String(data))));
  expect(JSON.parse(ack).type).toBe("connection_ack");
  return socket;
}

const closeOf = (socket: WebSocket) => new Promise<{ code: number; reason: string }>((resolve) => socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })));

function subscribeFrame(bytes: number[]): Buffer {
  const [before, after] = `{"id":"1","type":"subscribe","payload":{"query":"mutation { createMemories(input: [{ type: OBSERVATION, content: \\"a\u0000b\\" }]) { memories { id } } }"}}`.split("\u0000") as [string, string];
  return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
}

describe("a WebSocket message that is not valid UTF-8 closes the socket with 1007, and writes nothing", () => {
  for (const binary of [false, true]) {
    it(`in a ${binary ? "binary" : "text"} frame`, async () => {
      const before = await graphFingerprint(gw.driver);
      const socket = await openSocket();
      const closed = closeOf(socket);
      socket.send(subscribeFrame([0xff, 0xfe]), { binary });
      expect((await closed).code).toBe(1007);
      expect(await graphFingerprint(gw.driver)).toEqual(before);
    });
  }

  it("a variable of the wrong shape over WebSocket is BAD_USER_INPUT, as over HTTP (found by the fuzzer)", async () => {
    const socket = await openSocket();
    let nested: unknown = "deep";
    for (let i = 0; i < 20; i++) nested = i % 2 ? [nested] : { AND: [nested] };
    socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "subscription ($agentId: ID!) { knowledgeFeed(agentId: $agentId) { cursor } }", variables: { agentId: nested } } }));
    const answer = JSON.parse(await new Promise<string>((resolve) => socket.once("message", (data) => resolve(String(data)))));
    expect(answer.payload.errors ?? answer.payload).toEqual(expect.arrayContaining([expect.objectContaining({ extensions: expect.objectContaining({ code: "BAD_USER_INPUT" }) })]));
    socket.close();
  });

  it("a valid binary frame still runs (the guard refuses only what is not UTF-8)", async () => {
    const socket = await openSocket();
    socket.send(Buffer.from(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "{ __typename }" } })), { binary: true });
    const next = await new Promise<string>((resolve) => socket.once("message", (data) => resolve(String(data))));
    expect(JSON.parse(next)).toMatchObject({ id: "1", type: "next", payload: { data: { __typename: "Query" } } });
    socket.close();
  });
});
