import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signToken } from "../../src/auth/tokens.js";
import { startTestGateway, testConfig, type TestGateway } from "../support/testGateway.js";

const SECRET = "tokens-and-keys-secret-of-at-least-32-chars";
const tenant = `keys-${Math.random().toString(36).slice(2, 8)}`;
let gw: TestGateway;
let jwksServer: http.Server;
let privateKey: CryptoKey;

beforeAll(async () => {
  // An external issuer on loopback: its public key is served as a JWKS, as an identity provider would.
  const pair = await generateKeyPair("RS256");
  privateKey = pair.privateKey as CryptoKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  jwksServer = http.createServer((_req, res) => res.setHeader("content-type", "application/json").end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  const jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
  gw = await startTestGateway(testConfig({ auth: { mode: "token", jwtSecret: SECRET, jwksUrl, issuer: undefined, audience: undefined, tokenTtlSeconds: 120 } }));
});
afterAll(async () => {
  await gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant DETACH DELETE n", { tenant });
  await gw.stop();
  await new Promise((resolve) => jwksServer.close(resolve));
});

async function graphql(token: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(gw.url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string; extensions: { code: string } }[] } };
}

describe("tokens from an external issuer (JWKS)", () => {
  it("accepts an RS256 token whose key is in the JWKS, and refuses one signed by another key", async () => {
    const sign = (key: CryptoKey) =>
      new SignJWT({ tenant, roles: ["agent"] }).setProtectedHeader({ alg: "RS256", kid: "test-key" }).setSubject("idp-agent").setExpirationTime("2m").sign(key);
    const accepted = await graphql(await sign(privateKey), `mutation { createMemories(input: [{ type: OBSERVATION, content: "via the IdP" }]) { memories { ownerId tenantId } } }`);
    expect(accepted.body.data?.createMemories.memories).toEqual([{ ownerId: "idp-agent", tenantId: tenant }]);

    const stranger = (await generateKeyPair("RS256")).privateKey as CryptoKey;
    const refused = await graphql(await sign(stranger), "{ memories { id } }");
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
  });

  it("refuses a token without an expiry and one with an unknown role", async () => {
    const noExp = await new SignJWT({ tenant }).setProtectedHeader({ alg: "RS256", kid: "test-key" }).setSubject("x").sign(privateKey);
    expect((await graphql(noExp, "{ memories { id } }")).body.errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
    const badRole = await new SignJWT({ tenant, roles: ["superuser"] }).setProtectedHeader({ alg: "RS256", kid: "test-key" }).setSubject("x").setExpirationTime("2m").sign(privateKey);
    const res = await graphql(badRole, "{ memories { id } }");
    expect(res.body.errors?.[0]?.message).toMatch(/roles must list only agent, approver, admin/);
  });
});

describe("API keys for service clients", () => {
  it("are created by an admin, exchanged for a short-lived token that acts as the key's agent, and stop working when revoked", async () => {
    const admin = await signToken(SECRET, { tenantId: tenant, agentId: "ops-admin", roles: ["agent", "admin"] }, 120);
    const created = await graphql(admin, `mutation { createApiKey(agentId: "discord-bot", roles: [AGENT], name: "chatbot") { key info { id agentId roles prefix } } }`);
    const { key, info } = created.body.data.createApiKey;
    expect(info).toMatchObject({ agentId: "discord-bot", roles: ["AGENT"], prefix: key.slice(0, 10) });

    const exchange = () => fetch(`${gw.url.replace(/\/graphql$/, "")}/auth/token`, { method: "POST", headers: { authorization: `ApiKey ${key}` } });
    const issued = (await (await exchange()).json()) as { access_token: string; token_type: string; expires_in: number };
    expect(issued).toMatchObject({ token_type: "Bearer", expires_in: 120 });
    const asBot = await graphql(issued.access_token, `mutation { createMemories(input: [{ type: INTERACTION, content: "hello from the bot" }]) { memories { ownerId tenantId } } }`);
    expect(asBot.body.data?.createMemories.memories).toEqual([{ ownerId: "discord-bot", tenantId: tenant }]);

    const listed = await graphql(admin, "{ apiKeys { id name revokedAt } }");
    expect(listed.body.data.apiKeys).toEqual([{ id: info.id, name: "chatbot", revokedAt: null }]);
    const botCannotList = await graphql(issued.access_token, "{ apiKeys { id } }");
    expect(botCannotList.body.errors?.[0]?.extensions.code).toBe("FORBIDDEN");

    await graphql(admin, `mutation ($id: ID!) { revokeApiKey(id: $id) { revokedAt } }`, { id: info.id });
    const afterRevoke = await exchange();
    expect(afterRevoke.status).toBe(401);
    expect(JSON.stringify(await afterRevoke.json())).toContain("Unknown or revoked API key");
  });

  it("refuses a missing or malformed key without saying more", async () => {
    const base = gw.url.replace(/\/graphql$/, "");
    for (const headers of [{}, { authorization: "ApiKey nope" }, { "x-api-key": `mk_${"a".repeat(43)}` }] as Record<string, string>[]) {
      const res = await fetch(`${base}/auth/token`, { method: "POST", headers });
      expect(res.status).toBe(401);
    }
  });
});
