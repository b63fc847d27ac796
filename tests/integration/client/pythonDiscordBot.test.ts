import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenGateway } from "../../support/tokenGateway.js";
import { apiKeyFor, registeredClient, startClientGateway } from "./clientGateway.js";

const run = promisify(execFile);
const BOT = fileURLToPath(new URL("../../../packages/client/examples/python/discord_bot.py", import.meta.url));

/** The Discord squad bot's Python example (standard library only), run as its own process with python3. */
let tg: TokenGateway;
beforeAll(async () => {
  tg = await startClientGateway();
});
afterAll(() => tg.stop());

const reply = async (args: string[]) => {
  const { stdout } = await run("python3", [BOT, "--url", tg.gw.url, ...args], { timeout: 120_000 });
  return JSON.parse(stdout) as { context: { text: string }; reply: string; recorded: { id: string; type: string; participants: string[]; conversationId: string } };
};

describe("examples/python/discord_bot.py", () => {
  it("answers from the agent's memories: the second reply draws on the exchange the first one recorded", async () => {
    const agent = tg.caller("chagatai").agentId;
    await registeredClient(tg, agent, "strategist");
    const apiKey = await apiKeyFor(tg, agent);
    const channel = `discord-${agent}`;
    const as = ["--api-key", apiKey, "--agent", agent, "--user", "alice", "--channel", channel];

    const first = await reply([...as, "The message queue falls over above 2k messages a second"]);
    expect(first.recorded).toMatchObject({ type: "INTERACTION", conversationId: channel, participants: expect.arrayContaining(["alice"]) });
    expect(first.reply).toMatch(/I don't have anything on that yet/);

    const second = await reply([...as, "What did I tell you about the message queue?"]);
    expect(second.context.text).toContain("alice asked: The message queue falls over above 2k messages a second");
    expect(second.reply).toContain("The message queue falls over above 2k messages a second");
    const { records } = await tg.gw.driver.executeQuery("MATCH (m:Memory {ownerId: $agent, conversationId: $channel}) RETURN count(m) AS n", { agent, channel });
    expect(records[0]!.get("n").toNumber()).toBe(2);
  });

  it("exits 1 naming the gateway's code when the API key is refused", async () => {
    const failed = await run("python3", [BOT, "--url", tg.gw.url, "--api-key", `mk_${"z".repeat(40)}`, "--agent", "x", "--user", "u", "hello"]).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    expect(JSON.parse((failed as { stderr: string }).stderr)).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
