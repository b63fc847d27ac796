import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLimits } from "../../src/config/config.js";
import { startTestGateway, testConfig, type TestGateway } from "../support/testGateway.js";
import { wsClient, wsRequest } from "../support/wsClient.js";

let gw: TestGateway;

beforeAll(async () => {
  const base = testConfig();
  gw = await startTestGateway({ ...base, mode: "production", introspection: false, limits: defaultLimits("production") });
});
afterAll(async () => {
  await gw.stop();
});

describe("production mode", () => {
  it("refuses introspection over HTTP and WebSocket", async () => {
    const http = await gw.request("{ __schema { types { name } } }", {}, "prod-agent");
    expect(http.data ?? null).toBeNull();
    expect(http.errors?.[0]?.message).toMatch(/introspection/i);
    const client = wsClient(gw.url, { "x-mnemograph-agent": "prod-agent" });
    const ws = (await wsRequest(client, "{ __type(name: \"Memory\") { fields { name } } }")) as { errors?: { message: string }[] };
    await client.dispose();
    expect(ws.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it("says what is wrong without suggesting field names", async () => {
    const res = await gw.request("{ memories { contnt } }", {}, "prod-agent");
    expect(res.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0]?.message).not.toMatch(/Did you mean/);
    const client = wsClient(gw.url, { "x-mnemograph-agent": "prod-agent" });
    const ws = (await wsRequest(client, "{ memories { contnt } }")) as { errors?: { message: string }[] };
    await client.dispose();
    expect(ws.errors?.[0]?.message).toMatch(/contnt/);
    expect(ws.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });
});
