import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "../../support/runCli.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/** `mnemograph token | api-key | defaults | doctor | backfill` in their own processes, against a real gateway in token mode and the suite's Neo4j. */
let tg: TokenGateway;

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "cli-cmds" });
});
afterAll(async () => {
  await tg.stop();
});

const claims = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
const neo4jEnv = () => {
  const { uri, user, password } = inject("neo4j");
  return { NEO4J_URI: uri, NEO4J_USER: user, NEO4J_PASSWORD: password };
};

describe("mnemograph api-key and token", () => {
  it("an admin creates, lists and revokes a key; the key's token acts as its agent until it is revoked", async () => {
    const adminToken = await tg.token(tg.caller("root", ["agent", "admin"]));
    const agentId = tg.caller("keyed").agentId;
    const admin = ["--url", tg.gw.url, "--token", adminToken, "--json"];

    const created = await runCli(["api-key", "create", "--agent", agentId, "--roles", "agent,approver", "--name", "nightly import", ...admin]);
    expect(created.code, created.stderr).toBe(0);
    const { key, info } = created.json();
    expect(info).toMatchObject({ agentId, roles: ["AGENT", "APPROVER"], name: "nightly import", revokedAt: null });
    expect(key.startsWith(info.prefix)).toBe(true);

    const listed = await runCli(["api-key", "list", ...admin]);
    expect(listed.json<{ id: string }[]>().map((k) => k.id)).toContain(info.id);

    const token = await runCli(["token", "--api-key", key, "--url", tg.gw.url, "--json"]);
    expect(token.code, token.stderr).toBe(0);
    expect(claims(token.json().token)).toMatchObject({ sub: agentId, tenant: tg.tenant });

    const revoked = await runCli(["api-key", "revoke", info.id, ...admin]);
    expect(revoked.json().revokedAt).not.toBeNull();
    const refused = await runCli(["token", "--api-key", key, "--url", tg.gw.url, "--json"]);
    expect(refused.code).toBe(1);
    expect(refused.json()).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("refuses api-key list to a plain agent with FORBIDDEN (exit 1), and a create without --agent as a usage error (exit 2)", async () => {
    const plain = ["--url", tg.gw.url, "--token", await tg.token(tg.caller("plain")), "--json"];
    const list = await runCli(["api-key", "list", ...plain]);
    expect(list.code).toBe(1);
    expect(list.json()).toMatchObject({ code: "FORBIDDEN" });
    expect((await runCli(["api-key", "create", ...plain])).code).toBe(2);
  });

  it("token --operator signs with the gateway's secret: the token runs cypherQuery; token without a source is a usage error", async () => {
    const minted = await runCli(["token", "--operator", "--tenant", tg.tenant, "--agent", "ops", "--json"], { MNEMOGRAPH_AUTH: "token", JWT_SECRET: tg.secret });
    expect(minted.code, minted.stderr).toBe(0);
    const token = minted.json().token as string;
    expect(claims(token)).toMatchObject({ operator: true, sub: "ops", tenant: tg.tenant });
    const res = await fetch(tg.gw.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: `{ cypherQuery(query: "RETURN 2 AS two") { rowCount } }` }),
    });
    expect(((await res.json()) as { data: unknown }).data).toEqual({ cypherQuery: { rowCount: 1 } });
    expect((await runCli(["token"])).code).toBe(2);
  });

  it("token --admin gives a tenant its first credential where only JWT_SECRET exists (a container): an admin, not the operator, that creates API keys", async () => {
    const env = { MNEMOGRAPH_AUTH: "token", JWT_SECRET: tg.secret };
    const minted = await runCli(["token", "--admin", "--tenant", tg.tenant, "--agent", "first-admin", "--json"], env);
    expect(minted.code, minted.stderr).toBe(0);
    const token = minted.json().token as string;
    expect(claims(token)).toMatchObject({ sub: "first-admin", tenant: tg.tenant, roles: ["agent", "approver", "admin"] });
    expect(claims(token).operator).toBeUndefined();
    const created = await runCli(["api-key", "create", "--agent", "first-admin", "--roles", "agent,admin", "--name", "bootstrap", "--url", tg.gw.url, "--token", token, "--json"]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.json().key).toMatch(/^mk_/);

    const noTenant = await runCli(["token", "--admin"], env);
    expect(noTenant.code).toBe(2);
    expect(noTenant.stderr).toContain("--admin needs --tenant");
    const both = await runCli(["token", "--admin", "--operator", "--tenant", tg.tenant], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("give one of --api-key (with --url), --operator or --admin --tenant T");
  });
});

describe("mnemograph defaults install", () => {
  it("installs the six-agent squad in the admin's tenant, a second run creating nothing; a plain agent is refused (exit 1)", async () => {
    const admin = ["--url", tg.gw.url, "--token", await tg.token(tg.caller("root", ["agent", "admin"])), "--json"];
    const first = await runCli(["defaults", "install", ...admin]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json()).toEqual({ agents: 6, agentsCreated: 6, rules: 10, rulesCreated: 10, agentIds: ["kublai", "mongke", "chagatai", "temujin", "jochi", "ogedei"] });
    const again = await runCli(["defaults", "install", ...admin]);
    expect(again.json()).toMatchObject({ agents: 6, agentsCreated: 0, rules: 10, rulesCreated: 0 });

    const plain = await runCli(["defaults", "install", "--url", tg.gw.url, "--token", await tg.token(tg.caller("plain")), "--json"]);
    expect(plain.code).toBe(1);
    expect(plain.json()).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("mnemograph doctor", () => {
  it("checks a running gateway's Neo4j and migrations through --url, and the server NEO4J_URI names directly", async () => {
    const viaGateway = await runCli(["doctor", "--url", tg.gw.url, "--json"]);
    expect(viaGateway.code, viaGateway.stdout).toBe(0);
    const byName = (run: typeof viaGateway) => Object.fromEntries(run.json<{ checks: { check: string; status: string }[] }>().checks.map((c) => [c.check, c.status]));
    expect(byName(viaGateway)).toMatchObject({ java: "ok", neo4j: "ok", migrations: "ok", disk: expect.stringMatching(/ok|warn/) });
    const direct = await runCli(["doctor", "--json"], neo4jEnv());
    expect(byName(direct)).toMatchObject({ neo4j: "ok", migrations: "ok", "maven cache: neo4j": "skip" });
  });

  it("fails (exit 1) when no gateway answers at --url, naming the check", async () => {
    const run = await runCli(["doctor", "--url", "http://127.0.0.1:9/graphql", "--json"]);
    expect(run.code).toBe(1);
    expect(run.json()).toMatchObject({ ok: false, checks: expect.arrayContaining([expect.objectContaining({ check: "neo4j", status: "fail" })]) });
  });
});

describe("mnemograph backfill", () => {
  it("embeds a message that has no vector, and says how many it embedded", async () => {
    const id = `backfill-${tg.tenant}`;
    await tg.gw.driver.executeQuery(
      `CREATE (:Message {id: $id, tenantId: $tenant, ownerId: 'cli', visibility: 'SHARED', sharedWith: [], authorId: 'a', content: 'A message from before embeddings',
         timestamp: datetime(), createdAt: datetime(), embeddingStatus: 'READY'})`,
      { id, tenant: tg.tenant },
    );
    const run = await runCli(["backfill", "--json"], { ...neo4jEnv(), MNEMOGRAPH_AUTH: "token", JWT_SECRET: tg.secret });
    expect(run.code, run.stderr).toBe(0);
    expect(run.json().queued.Message).toBeGreaterThanOrEqual(1);
    const { records } = await tg.gw.driver.executeQuery("MATCH (m:Message {tenantId: $tenant, id: $id}) RETURN m.embeddingStatus AS status, size(m.embedding) AS dims", { id, tenant: tg.tenant });
    expect([records[0]!.get("status"), Number(records[0]!.get("dims"))]).toEqual(["READY", 384]);
  });
});

describe("mnemograph extraction", () => {
  it("status and queue for a tenant admin; pause refused to an admin and allowed to the operator, resume after", async () => {
    const admin = ["--url", tg.gw.url, "--token", await tg.token(tg.caller("root", ["agent", "admin"])), "--json"];
    const status = await runCli(["extraction", "status", ...admin]);
    expect(status.code, status.stderr).toBe(0);
    // This gateway runs no worker (the tests' default): the state says so, with the tenant's counts.
    expect(status.json()).toMatchObject({ enabled: false, extractor: null, paused: false, pending: 0, failed: 0 });
    const queued = await runCli(["extraction", "queue", "--status", "failed", ...admin]);
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.json()).toEqual({ queued: 0 });
    const refused = await runCli(["extraction", "pause", ...admin]);
    expect(refused.code).toBe(1);
    expect(refused.json()).toMatchObject({ code: "FORBIDDEN" });
    const operator = ["--url", tg.gw.url, "--token", await tg.token(tg.operator("ops", ["agent", "admin"])), "--json"];
    try {
      const paused = await runCli(["extraction", "pause", ...operator]);
      expect(paused.code, paused.stderr).toBe(0);
      expect(paused.json()).toMatchObject({ paused: true });
    } finally {
      const resumed = await runCli(["extraction", "resume", ...operator]);
      expect(resumed.json()).toMatchObject({ paused: false });
    }
  });
});
