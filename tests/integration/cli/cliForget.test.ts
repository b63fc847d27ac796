import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../../support/runCli.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/** `mnemograph whoami | memory update | memory forget | person erase` in their own processes, against a real gateway in token mode. */
let tg: TokenGateway;
// Seven CLI processes, each starting Node and tsx: on a shared two-core machine they alone took over a minute.
vi.setConfig({ testTimeout: 300_000 });
beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "cli-forget" });
});
afterAll(async () => {
  await tg.stop();
});

describe("mnemograph whoami, memory and person", () => {
  it("an agent learns who it is, corrects and forgets its own memory; only an admin erases a person", async () => {
    const agent = tg.caller("cli-agent");
    const as = ["--url", tg.gw.url, "--token", await tg.token(agent), "--json"];
    const who = await runCli(["whoami", ...as]);
    expect(who.code, who.stderr).toBe(0);
    expect(who.json()).toMatchObject({ agentId: agent.agentId, tenantId: tg.tenant, roles: ["AGENT"] });

    const stored = await tg.as(agent, `mutation { recordInteraction(input: { summary: "The okra deploy is on Friday" }) { id } }`);
    const id = (stored.data as { recordInteraction: { id: string } }).recordInteraction.id;
    const updated = await runCli(["memory", "update", id, "--content", "The okra deploy is on Monday", "--reason", "moved", ...as]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.json()).toMatchObject({ id, nodeType: "Memory", content: "The okra deploy is on Monday" });
    const forgotten = await runCli(["memory", "forget", id, ...as]);
    expect(forgotten.code, forgotten.stderr).toBe(0);
    expect(forgotten.json()).toMatchObject({ id, nodeType: "Memory", versionsRemoved: 1 });
    const again = await runCli(["memory", "forget", id, ...as]);
    expect(again.code).toBe(1);
    expect(again.json()).toMatchObject({ code: "NOT_FOUND" });

    await tg.as(agent, `mutation { recordMessages(messages: [{ id: "cli-erase-m1", channelId: "cli-c", platform: "discord", authorId: "cli-person", authorName: "Cli Person", content: "hello", timestamp: "2026-01-01T00:00:00Z" }]) { created } }`);
    const refused = await runCli(["person", "erase", "cli-person", ...as]);
    expect(refused.json()).toMatchObject({ code: "FORBIDDEN" });
    const admin = ["--url", tg.gw.url, "--token", await tg.token(tg.caller("cli-admin", ["agent", "admin"])), "--json"];
    const erased = await runCli(["person", "erase", "cli-person", ...admin]);
    expect(erased.code, erased.stderr).toBe(0);
    expect(erased.json()).toMatchObject({ personId: "cli-person", personRemoved: true, messagesRemoved: 1 });
  });
});
