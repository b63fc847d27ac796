import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { signOperatorToken, signToken } from "../../src/auth/tokens.js";
import { mintOperatorToken } from "../../src/auth/mintOperatorToken.js";
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

const CYPHER = `{ cypherQuery(query: "MATCH (m:Memory) WHERE m.tenantId = $t RETURN count(m) AS n", params: ${JSON.stringify(JSON.stringify({ t: "x" }))}) { rows } }`;

describe("the operator: only the gateway's secret makes one", () => {
  it("an external issuer's token claiming operator is refused outright (401), not downgraded", async () => {
    const claimed = await new SignJWT({ tenant, roles: ["agent", "admin"], operator: true }).setProtectedHeader({ alg: "RS256", kid: "test-key" }).setSubject("idp-op").setExpirationTime("2m").sign(privateKey);
    const res = await graphql(claimed, CYPHER);
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/claim operator is accepted only on tokens signed with the gateway's own secret/), extensions: { code: "UNAUTHENTICATED" } });
  });

  it("an operator claim other than true makes the token invalid, even signed with the gateway's secret", async () => {
    const odd = await new SignJWT({ tenant, operator: "yes" }).setProtectedHeader({ alg: "HS256" }).setSubject("x").setExpirationTime("2m").sign(new TextEncoder().encode(SECRET));
    const res = await graphql(odd, CYPHER);
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0]?.message).toMatch(/claim operator must be true/);
  });

  it("an admin's API key, even with every role, is exchanged for a token without the operator claim, and its cypherQuery is scoped", async () => {
    const admin = await signToken(SECRET, { tenantId: tenant, agentId: "key-admin", roles: ["agent", "admin"] }, 120);
    const created = await graphql(admin, `mutation { createApiKey(agentId: "ops-bot", roles: [AGENT, APPROVER, ADMIN]) { key } }`);
    const { key } = created.body.data.createApiKey;
    const issued = (await (await fetch(`${gw.url.replace(/\/graphql$/, "")}/auth/token`, { method: "POST", headers: { authorization: `ApiKey ${key}` } })).json()) as { access_token: string };
    const claims = decodeJwt(issued.access_token);
    expect(claims).toMatchObject({ sub: "ops-bot", tenant, roles: ["agent", "approver", "admin"] });
    expect(claims).not.toHaveProperty("operator");
    // Without the claim its Cypher is a tenant caller's, scoped: a procedure, which only the operator may call, is refused.
    const res = await graphql(issued.access_token, `{ cypherQuery(query: "CALL db.labels() YIELD label RETURN label") { rows } }`);
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", refusal: "PROCEDURE" });
    // signToken drops the claim even if asked: no tenant path can mint it by passing an operator caller along.
    const laundered = decodeJwt(await signToken(SECRET, { tenantId: tenant, agentId: "x", roles: ["agent"], operator: true }, 60));
    expect(laundered).not.toHaveProperty("operator");
  });

  it("a token minted with the gateway's secret (npm run operator-token) runs cypherQuery", async () => {
    const token = await mintOperatorToken(testConfig({ auth: { mode: "token", jwtSecret: SECRET, jwksUrl: undefined, issuer: undefined, audience: undefined, tokenTtlSeconds: 120 } }), { ttlSeconds: 60 });
    expect(decodeJwt(token)).toMatchObject({ sub: "operator", tenant: "operator", operator: true });
    const res = await graphql(token, CYPHER);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.cypherQuery.rows).toEqual([JSON.stringify({ n: 0 })]);
    // The same, signed with another secret, is a forgery.
    const forged = await signOperatorToken(`${SECRET}-not-it`, { tenantId: "operator", agentId: "operator", roles: ["agent"] }, 60);
    expect((await graphql(forged, CYPHER)).status).toBe(401);
  });

  it("mintOperatorToken refuses what it cannot honestly sign: a JWKS-only gateway, bad ids, a long lifetime", async () => {
    const jwksOnly = testConfig({ auth: { mode: "token", jwtSecret: undefined, jwksUrl: "http://127.0.0.1:1/jwks.json", issuer: undefined, audience: undefined, tokenTtlSeconds: 120 } });
    await expect(mintOperatorToken(jwksOnly)).rejects.toThrowError(/external issuer's tokens .* cannot carry the operator claim/);
    const withSecret = testConfig({ auth: { mode: "token", jwtSecret: SECRET, jwksUrl: undefined, issuer: undefined, audience: undefined, tokenTtlSeconds: 120 } });
    await expect(mintOperatorToken(withSecret, { agentId: "bad id" })).rejects.toThrowError(/--agent must match/);
    await expect(mintOperatorToken(withSecret, { ttlSeconds: 2 * 24 * 3600 })).rejects.toThrowError(/--ttl must be a whole number of seconds from 1 to 86400/);
  });
});
