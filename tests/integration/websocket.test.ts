import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signToken } from "../../src/auth/tokens.js";
import { startTestGateway, testConfig, type TestGateway } from "../support/testGateway.js";
import { wsClient, wsRequest } from "../support/wsClient.js";

const SECRET = "websocket-test-secret-of-at-least-32-chars";
const tenant = `ws-${Math.random().toString(36).slice(2, 8)}`;
let gw: TestGateway;
const token = (agentId: string, t = tenant) => signToken(SECRET, { tenantId: t, agentId, roles: ["agent"] }, 300, {});

beforeAll(async () => {
  gw = await startTestGateway(
    testConfig({ auth: { mode: "token", jwtSecret: SECRET, jwksUrl: undefined, issuer: undefined, audience: undefined, tokenTtlSeconds: 900 } }),
  );
});
afterAll(async () => {
  await gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant DETACH DELETE n", { tenant });
  await gw.stop();
});

describe("the WebSocket endpoint", () => {
  it("closes a connection without a token (4403) before any operation runs", async () => {
    const client = wsClient(gw.url);
    const result = await wsRequest(client, "{ agents { id } }");
    expect(result).toEqual({ closed: { code: 4403, reason: "Forbidden" } });
    await client.dispose();
  });

  it("closes a connection whose token is signed with another secret", async () => {
    const forged = await signToken("another-secret-that-is-32-characters-long", { tenantId: tenant, agentId: "a", roles: ["admin"] }, 300, {});
    const client = wsClient(gw.url, { authorization: `Bearer ${forged}` });
    expect(await wsRequest(client, "{ agents { id } }")).toMatchObject({ closed: { code: 4403 } });
    await client.dispose();
  });

  it("runs operations as the token's agent, under the same rules as HTTP", async () => {
    const owner = wsClient(gw.url, { authorization: `Bearer ${await token("ws-owner")}` });
    const created = await wsRequest(owner, `mutation { createMemories(input: [{ type: OBSERVATION, content: "seen over a socket" }]) { memories { id ownerId tenantId } } }`);
    expect(created).toMatchObject({ data: { createMemories: { memories: [{ ownerId: "ws-owner", tenantId: tenant }] } } });
    const id = (created as any).data.createMemories.memories[0].id;

    const other = wsClient(gw.url, { authorization: `Bearer ${await token("ws-other")}` });
    const seenByOther = await wsRequest(other, `query ($id: ID!) { memories(where: { id: { eq: $id } }) { id } }`, { id });
    expect(seenByOther).toEqual({ data: { memories: [] } });
    const seenByOwner = await wsRequest(owner, `query ($id: ID!) { memories(where: { id: { eq: $id } }) { content } }`, { id });
    expect(seenByOwner).toEqual({ data: { memories: [{ content: "seen over a socket" }] } });
    await owner.dispose();
    await other.dispose();
  });
});
