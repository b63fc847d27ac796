import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { okAs } from "../../support/gql.js";
import { runCli } from "../../support/runCli.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/** `mnemograph import` in its own process, against a real gateway in token mode and the suite's Neo4j. */
let tg: TokenGateway;
let dir: string;
let token: string;

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "cli-import" });
  dir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-cli-import-"));
  token = await tg.token(tg.caller("importer"));
});
afterAll(async () => {
  await tg.stop();
  await rm(dir, { recursive: true, force: true });
});

const line = (i: number, channel: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id: `${channel}-${i}`, channelId: channel, authorId: `a${i % 2}`, authorName: `Author ${i % 2}`, content: `Line ${i} of ${channel}`, timestamp: new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString(), ...extra });

async function write(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

async function messageCount(prefix: string): Promise<number> {
  const { records } = await tg.gw.driver.executeQuery("MATCH (m:Message {tenantId: $tenant}) WHERE m.id STARTS WITH $prefix RETURN count(m) AS n", { tenant: tg.tenant, prefix });
  return Number(records[0]!.get("n"));
}

const connection = () => ["--url", tg.gw.url, "--token", token];

describe("mnemograph import", () => {
  it("imports JSONL, skips an unreadable line and a refused record by their line number, exits 3 and says so in --json", async () => {
    const lines = [line(1, "j1"), line(2, "j1"), "{not json", line(4, "j1"), line(5, "j1"), line(6, "j1", { content: "x".repeat(20_001) }), line(7, "j1"), ""];
    const file = await write("messages.jsonl", lines.join("\n"));
    const run = await runCli(["import", file, "--format", "jsonl", "--batch", "3", "--json", ...connection()]);
    expect(run.code, run.stderr).toBe(3);
    const summary = run.json();
    expect(summary).toMatchObject({ records: 7, done: 7, resumedAt: 0, created: 5, existing: 0, memoriesCreated: 0 });
    expect(summary.skipped.map((s: { ref: string }) => s.ref)).toEqual(["line 3", "line 6"]);
    expect(summary.skipped[1]).toMatchObject({ field: expect.stringMatching(/MessageImportInput\.content/) });
    expect(await messageCount("j1-")).toBe(5);
    expect(await messageCount("j1-6")).toBe(0);

    // Run again: the checkpoint says it is done. With --restart the gateway finds every message stored.
    const again = await runCli(["import", file, "--format", "jsonl", "--json", ...connection()]);
    expect(again.json()).toMatchObject({ resumedAt: 7, done: 7, created: 5 });
    const restarted = await runCli(["import", file, "--format", "jsonl", "--restart", "--json", ...connection()]);
    expect(restarted.json()).toMatchObject({ resumedAt: 0, created: 0, existing: 5 });
    expect(await messageCount("j1-")).toBe(5);
  });

  it("resumes a killed import from its checkpoint and ends with exactly the messages of the file", async () => {
    const total = 300;
    const file = await write("killed.jsonl", Array.from({ length: total }, (_, i) => line(i, "k1")).join("\n"));
    const checkpoint = `${file}.mnemograph-import.json`;
    let killedAt = 0;
    const killed = await runCli(["import", file, "--format", "jsonl", "--batch", "5", "--json", ...connection()], {}, (child) => {
      // Wait for the checkpoint to pass 30 records, then kill the process without warning.
      const poll = setInterval(() => {
        void readFile(checkpoint, "utf8")
          .then((text) => {
            const done = (JSON.parse(text) as { progress: { done: number } }).progress.done;
            if (done >= 30 && killedAt === 0) {
              killedAt = done;
              child.kill("SIGKILL");
              clearInterval(poll);
            }
          })
          .catch(() => {});
      }, 20);
      child.once("exit", () => clearInterval(poll));
    });
    expect(killed.code).not.toBe(0);
    expect(killedAt).toBeGreaterThanOrEqual(30);
    expect(await messageCount("k1-")).toBeLessThan(total);

    const resumed = await runCli(["import", file, "--format", "jsonl", "--batch", "5", "--json", ...connection()]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const summary = resumed.json();
    expect(summary.resumedAt).toBeGreaterThanOrEqual(killedAt);
    expect(summary.done).toBe(total);
    // A batch stored but not yet checkpointed when the process died is found stored, not written twice.
    expect(summary.created + summary.existing).toBe(total);
    expect(await messageCount("k1-")).toBe(total);
  });

  it("imports a DiscordChatExporter export with replies, and with --agent the messages as that agent's memories", async () => {
    const agent = tg.caller("discord-agent");
    await okAs(tg, agent, `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "bot" }]) { agents { id } } }`, { id: agent.agentId, name: "bot" });
    const exported = {
      guild: { id: "g1", name: "Squad" },
      channel: { id: "d1", name: "general", type: "GuildTextChat" },
      messages: [
        { id: "d1-1", type: "Default", timestamp: "2026-02-01T10:00:00+00:00", content: "Who broke the build?", author: { id: "111", name: "kim", nickname: "Kim" } },
        { id: "d1-2", type: "Reply", timestamp: "2026-02-01T10:01:00+00:00", content: "The cache did", author: { id: "222", name: "lee" }, reference: { messageId: "d1-1", channelId: "d1" } },
        { id: "d1-3", type: "Default", timestamp: "2026-02-01T10:02:00+00:00", content: "no author here" },
      ],
    };
    const file = await write("discord.json", JSON.stringify(exported, null, 2));
    const run = await runCli(["import", file, "--format", "discord", "--agent", agent.agentId, "--json", "--url", tg.gw.url, "--token", await tg.token(agent)]);
    expect(run.code, run.stderr).toBe(3);
    expect(run.json()).toMatchObject({ created: 2, memoriesCreated: 2, skipped: [{ ref: "messages[2]" }] });
    const { records } = await tg.gw.driver.executeQuery(
      `MATCH (m:Message {tenantId: $tenant, id: 'd1-2'})-[:REPLIES_TO]->(r:Message), (p:Person)-[:AUTHORED]->(m), (m)-[:IN_CHANNEL]->(c:Channel)
       OPTIONAL MATCH (:Agent {tenantId: $tenant, id: $agent})-[:REMEMBERS]->(mem:Memory {source: 'd1-2'})
       RETURN r.id AS replyTo, p.name AS author, c.name AS channel, mem.content AS memory, mem.conversationId AS conversation`,
      { tenant: tg.tenant, agent: agent.agentId },
    );
    expect(records[0]!.toObject()).toEqual({ replyTo: "d1-1", author: "lee", channel: "general", memory: "lee: The cache did", conversation: "d1" });
  });

  it("imports LoCoMo conversations: a sample is a channel, a turn a message dated by its session", async () => {
    const sample = {
      sample_id: "loco-t1",
      conversation: {
        speaker_a: "Caroline",
        speaker_b: "Mel Anie",
        session_1_date_time: "1:56 pm on 8 May, 2023",
        session_1: [
          { speaker: "Caroline", dia_id: "D1:1", text: "Hey Mel!" },
          { speaker: "Mel Anie", dia_id: "D1:2", text: "Look at this", blip_caption: "a photo of a dog" },
        ],
        session_2_date_time: "10:00 am on 9 May, 2023",
        session_2: [{ speaker: "Caroline", dia_id: "D2:1", text: "Morning" }],
      },
    };
    const file = await write("locomo.json", JSON.stringify([sample]));
    const run = await runCli(["import", file, "--format", "locomo", "--json", ...connection()]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json()).toMatchObject({ records: 3, created: 3, skipped: [] });
    const { records } = await tg.gw.driver.executeQuery(
      `MATCH (p:Person)-[:AUTHORED]->(m:Message {tenantId: $tenant})-[:IN_CHANNEL]->(c:Channel {id: 'loco-t1'})
       RETURN m.id AS id, m.content AS content, toString(m.timestamp) AS at, p.id AS author, c.name AS channel ORDER BY m.timestamp`,
      { tenant: tg.tenant },
    );
    expect(records.map((r) => r.toObject())).toEqual([
      { id: "loco-t1:D1:1", content: "Hey Mel!", at: "2023-05-08T13:56:00Z", author: "loco-t1:Caroline", channel: "Caroline & Mel Anie" },
      { id: "loco-t1:D1:2", content: "Look at this [shares a photo: a photo of a dog]", at: "2023-05-08T13:56:30Z", author: "loco-t1:Mel-Anie", channel: "Caroline & Mel Anie" },
      { id: "loco-t1:D2:1", content: "Morning", at: "2023-05-09T10:00:00Z", author: "loco-t1:Caroline", channel: "Caroline & Mel Anie" },
    ]);
  });

  it("exits 2 on usage mistakes, 1 when the gateway refuses or cannot be reached, with --json errors on stdout", async () => {
    const file = await write("one.jsonl", line(1, "u1"));
    expect((await runCli(["import", file, "--format", "csv", ...connection()])).code).toBe(2);
    expect((await runCli(["import", file, "--format", "jsonl", "--batch", "0", ...connection()])).code).toBe(2);
    expect((await runCli(["import", path.join(dir, "missing.jsonl"), "--format", "jsonl", ...connection()])).code).toBe(2);
    expect((await runCli(["import", await write("bad.json", "{"), "--format", "discord", ...connection()])).code).toBe(2);
    const refused = await runCli(["import", file, "--format", "jsonl", "--json", "--url", tg.gw.url, "--token", "not-a-token", "--restart"]);
    expect(refused.code).toBe(1);
    expect(refused.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    const unreachable = await runCli(["import", file, "--format", "jsonl", "--json", "--url", "http://127.0.0.1:9/graphql", "--restart", "--retries", "0"]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.json().error).toMatch(/could not be reached/);
    expect(await messageCount("u1-")).toBe(0);
  });

  it("answers --help on the program and on import, exit 0", async () => {
    const top = await runCli(["--help"]);
    expect([top.code, top.stdout]).toEqual([0, expect.stringContaining("import [options] <file>")]);
    const sub = await runCli(["import", "--help"]);
    expect([sub.code, sub.stdout]).toEqual([0, expect.stringMatching(/--format <format>[\s\S]*--agent <id>[\s\S]*--batch <n>[\s\S]*--json/)]);
  });
});
