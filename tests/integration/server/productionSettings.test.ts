import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLimits } from "../../../src/config/config.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * A production gateway with the settings a team turns on: INTROSPECTION=on (Apollo Sandbox
 * for whoever holds a token) and CORS_ORIGINS (a browser app on another origin).
 */
const APP_ORIGIN = "https://app.example.test";
let tg: TokenGateway;

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "prodset", config: { mode: "production", introspection: true, corsOrigins: [APP_ORIGIN], limits: defaultLimits("production") } });
});
afterAll(async () => {
  await tg?.stop();
});

describe("production with INTROSPECTION=on and CORS_ORIGINS", () => {
  it("answers introspection to a caller with a token, and refuses it without one (401)", async () => {
    const introspected = await tg.as(tg.caller("sandbox"), "{ __type(name: \"Memory\") { fields { name } } }");
    expect(introspected.errors).toBeUndefined();
    expect(introspected.data!.__type.fields.map((f: { name: string }) => f.name)).toContain("content");
    const anonymous = await fetch(tg.gw.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ __schema { queryType { name } } }" }) });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain("queryType");
  });

  it("opens Apollo Sandbox at /graphql in a browser (the page itself holds no schema)", async () => {
    const page = await fetch(tg.gw.url, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/embeddable-sandbox/);
    expect(html).not.toMatch(/__schema|createMemories/);
  });

  it("answers a preflight from an allowed origin, and gives another origin no CORS headers", async () => {
    const preflight = await fetch(tg.gw.url, {
      method: "OPTIONS",
      headers: { origin: APP_ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/authorization/i);
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();

    const token = await tg.token(tg.caller("browser"));
    const allowed = await fetch(tg.gw.url, {
      method: "POST",
      headers: { origin: APP_ORIGIN, "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: "{ whoami { agentId } }" }),
    });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect(allowed.headers.get("access-control-expose-headers")).toMatch(/Mcp-Session-Id/);

    const other = await fetch(tg.gw.url, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example.test", "access-control-request-method": "POST" },
    });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});
