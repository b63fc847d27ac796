import { describe, expect, it } from "vitest";
import { tokenSource } from "@mnemograph/client";

/** A token endpoint that counts exchanges and hands out numbered tokens valid for `ttl` seconds. */
function tokenEndpoint(ttl = 900) {
  const calls: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    calls.push(`${String(input)} ${new Headers(init?.headers).get("authorization")}`);
    return new Response(JSON.stringify({ access_token: `token-${calls.length}`, token_type: "Bearer", expires_in: ttl }), { status: 200 });
  };
  return { calls, fetch: fetchImpl };
}

describe("tokenSource", () => {
  it("exchanges the API key at the gateway's origin /auth/token, once for concurrent requests", async () => {
    const endpoint = tokenEndpoint();
    const tokens = tokenSource({ url: "http://gw.test:4000/graphql", apiKey: "mk_key", fetch: endpoint.fetch });
    const headers = await Promise.all([tokens.headers(), tokens.headers(), tokens.headers()]);
    expect(headers).toEqual(Array(3).fill({ authorization: "Bearer token-1" }));
    expect(endpoint.calls).toEqual(["http://gw.test:4000/auth/token ApiKey mk_key"]);
  });

  it("renews renewMarginMs before expires_in runs out, not earlier", async () => {
    const endpoint = tokenEndpoint(900);
    let now = 0;
    const tokens = tokenSource({ url: "http://gw.test/graphql", apiKey: "mk_key", fetch: endpoint.fetch, now: () => now, renewMarginMs: 30_000 });
    await tokens.headers();
    now = 869_999;
    expect(await tokens.headers()).toEqual({ authorization: "Bearer token-1" });
    now = 870_000;
    expect(await tokens.headers()).toEqual({ authorization: "Bearer token-2" });
  });

  it("a given token is used as is; without an API key renew() says there is nothing to renew with", async () => {
    const endpoint = tokenEndpoint();
    const tokens = tokenSource({ url: "http://gw.test/graphql", token: "t0", fetch: endpoint.fetch });
    expect(await tokens.headers()).toEqual({ authorization: "Bearer t0" });
    expect(await tokens.renew()).toBe(false);
    expect(endpoint.calls).toEqual([]);
  });

  it("with authentication off, names the agent in x-mnemograph-agent", async () => {
    expect(await tokenSource({ url: "http://gw.test/graphql", agent: "kublai" }).headers()).toEqual({ "x-mnemograph-agent": "kublai" });
  });

  it("a refused key throws the gateway's code and status", async () => {
    const refuse: typeof fetch = async () => new Response(JSON.stringify({ errors: [{ message: "Unknown or revoked API key", extensions: { code: "UNAUTHENTICATED" } }] }), { status: 401 });
    const tokens = tokenSource({ url: "http://gw.test/graphql", apiKey: "mk_gone", fetch: refuse });
    await expect(tokens.headers()).rejects.toMatchObject({ code: "UNAUTHENTICATED", details: { status: 401 }, message: expect.stringContaining("Unknown or revoked API key") });
  });

  it("reads the token's claims without verifying them", async () => {
    const payload = Buffer.from(JSON.stringify({ sub: "rin", operator: true })).toString("base64url");
    const tokens = tokenSource({ url: "http://gw.test/graphql", token: `e30.${payload}.sig` });
    expect(await tokens.claims()).toEqual({ sub: "rin", operator: true });
    expect(await tokenSource({ url: "http://gw.test/graphql" }).claims()).toBeUndefined();
  });
});
