import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { FIND_WITHIN_MS, findThroughSearch, uniqueWord, writeEverything, type Written } from "./agentSession.js";

/**
 * Issue #43's acceptance, store → find half: a new agent, through the
 * official MCP SDK client over stdio (npx mnemograph mcp) and over /mcp,
 * stores every kind memory_store knows, records an interaction, a game turn
 * and messages, and finds each of them through memory_search within 2 s of
 * the write. Each transport's agent is its own, in this run's tenant.
 */
const BIN = fileURLToPath(new URL("../../../bin/mnemograph.mjs", import.meta.url));
let tg: TokenGateway;
const clients: Client[] = [];

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "session" });
}, 600_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await tg.stop();
});

async function overHttp(caller: Caller): Promise<Client> {
  const client = new Client({ name: "session-http", version: "1.0.0" });
  const url = new URL(tg.gw.url.replace(/graphql$/, "mcp"));
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${await tg.token(caller)}` } } }));
  clients.push(client);
  return client;
}

async function overStdio(caller: Caller): Promise<Client> {
  const client = new Client({ name: "session-stdio", version: "1.0.0" });
  const args = [BIN, "mcp", "--url", tg.gw.url, "--token", await tg.token(caller)];
  await client.connect(new StdioClientTransport({ command: process.execPath, args, env: { ...process.env } as Record<string, string>, stderr: "ignore" }));
  clients.push(client);
  return client;
}

/**
 * No MCP tool writes messages yet (issue #43, part B): the agent's messages
 * go through recordMessages with the same token, and memory_search must find them.
 */
async function recordMessage(caller: Caller): Promise<Written> {
  const word = uniqueWord("mesg");
  const id = `m-${word}`;
  const r = await tg.as(caller, `mutation ($messages: [MessageImportInput!]!) { recordMessages(messages: $messages) { ids } }`, {
    messages: [{ id, channelId: `c-${word}`, authorId: `u-${word}`, authorName: "Dana", content: `Dana: the ${word} rollout is paused until the cache warms up.`, timestamp: new Date().toISOString() }],
  });
  expect(r.errors).toBeUndefined();
  return { door: "recordMessages (same token)", word, kind: "MESSAGE", id, writtenAt: Date.now() };
}

describe.each([
  ["/mcp (Streamable HTTP)", overHttp],
  ["stdio (npx mnemograph mcp)", overStdio],
])("an agent session over %s", (_name, connect) => {
  it(`finds everything it stored through memory_search within ${FIND_WITHIN_MS} ms of the write`, async () => {
    const agent = tg.caller(uniqueWord("agent"));
    // record_interaction needs the agent's node today (issue #43 part B creates it on first write).
    const created = await tg.as(tg.caller("root", ["agent", "admin"]), `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`, { id: agent.agentId, name: agent.agentId });
    expect(created.errors).toBeUndefined();
    const client = await connect(agent);

    // Each write is searched right after its answer: its 2 s start there.
    const took: Record<string, number> = {};
    const find = async (w: Written) => {
      took[w.door] = await findThroughSearch(client, w);
    };
    const written = await writeEverything(client, agent.agentId, find);
    const message = await recordMessage(agent);
    await find(message);
    expect([...written, message].map((w) => w.kind).sort()).toEqual(
      ["ANALYSIS", "BELIEF", "CONCEPT", "CONTENT", "DOCUMENTATION", "EXPERIENCE", "INSIGHT", "MEMORY", "MESSAGE", "RESEARCH", "TURN"].sort(),
    );
    for (const [door, ms] of Object.entries(took)) expect([door, ms <= FIND_WITHIN_MS]).toEqual([door, true]);
    // Eleven writes, each searched until found: the test's time is theirs, the 2 s are per write.
  }, 300_000);
});
