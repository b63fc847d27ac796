/**
 * `npm run bench:import -- [--messages 100000] [--resume-messages 20000] [--batch 500] [--drain]`
 *
 * Imports through the `mnemograph` CLI, each run in its own process against one
 * real gateway (the embedded Neo4j, or NEO4J_URI), as a user would:
 * 1. a generated 100k-message Discord export, messages only (no context
 *    vectors): the write rate (target ≥ 500/s) and the CLI's peak RSS;
 * 2. a killed-and-resumed import (SIGKILL at ~40%, then the same command
 *    again) against an uninterrupted one of an export of the same shape:
 *    the counts of messages, channels, people and links must be equal;
 * 3. the five development LoCoMo conversations with --agent: messages and one
 *    memory each, whose conversational context vectors the worker computes;
 *    the write rate (with --drain, how long the worker takes to catch up).
 * Embedding runs in the gateway meanwhile, as it would in production.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { discordExport } from "./import/discordExport.js";
import { machineLine } from "./support/machine.js";
import { memory } from "./support/procStats.js";
import { startBenchGateway } from "./support/benchGateway.js";

const { values } = parseArgs({
  options: {
    messages: { type: "string", default: "100000" },
    "resume-messages": { type: "string", default: "20000" },
    batch: { type: "string", default: "500" },
    locomo: { type: "string", default: "/work/shared/datasets/locomo-dev.json" },
    drain: { type: "boolean", default: false },
  },
});
const BIN = fileURLToPath(new URL("../bin/mnemograph.mjs", import.meta.url));
const AGENT = "bench-importer";

/** The `--json` summary of `mnemograph import` (the fields this benchmark reads). */
interface ImportSummary {
  created: number;
  existing: number;
  memoriesCreated: number;
  resumedAt: number;
  seconds: number;
  recordsPerSecond: number | null;
}

interface CliResult {
  code: number | null;
  summary: ImportSummary | null;
  peakRss: number;
  seconds: number;
}

/** Runs `mnemograph import …`, sampling its peak RSS; `killAt` SIGKILLs it once the checkpoint has passed that many records. */
function runImport(url: string, args: string[], killAt?: { checkpoint: string; records: number }): Promise<CliResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, "import", ...args, "--url", url, "--as", AGENT, "--json", "--no-progress", "--batch", values.batch!], { stdio: ["ignore", "pipe", "inherit"] });
  let stdout = "";
  let peakRss = 0;
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memory(child.pid!)?.peak ?? 0);
    if (killAt) {
      void readFile(killAt.checkpoint, "utf8")
        .then((t) => {
          if ((JSON.parse(t) as { progress: { done: number } }).progress.done >= killAt.records) child.kill("SIGKILL");
        })
        .catch(() => {});
    }
  }, 100);
  return new Promise((resolve) =>
    child.once("close", (code) => {
      clearInterval(sampler);
      resolve({ code, summary: stdout.trim() ? (JSON.parse(stdout) as ImportSummary) : null, peakRss, seconds: (performance.now() - started) / 1000 });
    }),
  );
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

const machine = machineLine();
const run = Date.now().toString(36);
const dir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-bench-import-"));
const gw = await startBenchGateway();
const url = `http://127.0.0.1:${gw.app.gateway.port}/graphql`;
const count = async (cypher: string, params: Record<string, unknown> = {}) => Number((await gw.app.driver.executeQuery(cypher, params)).records[0]!.get(0));

try {
  // On a kept or shared Neo4j (NEO4J_URI) an earlier run's data stays: ids of this run are its own, and
  // what LoCoMo ids this file imports is removed first, so every import here starts from nothing stored.
  await gw.app.driver.executeQuery("MERGE (a:Agent {tenantId: 'local', id: $id}) ON CREATE SET a.ownerId = $id, a.name = 'Importer', a.role = 'bench', a.visibility = 'SHARED', a.sharedWith = [], a.capabilities = [], a.createdAt = datetime()", { id: AGENT });
  await gw.app.driver.executeQuery("MATCH (m:Message {tenantId: 'local'}) WHERE m.id STARTS WITH 'conv-' DETACH DELETE m");
  await gw.app.driver.executeQuery("MATCH (:Agent {tenantId: 'local', id: $id})-[:REMEMBERS]->(m:Memory) DETACH DELETE m", { id: AGENT });

  // 1. 100k Discord messages, no memories.
  const total = Number(values.messages);
  const big = path.join(dir, "discord-100k.json");
  await writeFile(big, discordExport(total, `${run}b`));
  const discord = await runImport(url, [big, "--format", "discord", "--checkpoint", path.join(dir, "big.ckpt")]);
  const s2 = discord.summary!;
  const pending = await count("MATCH (m:Message {embeddingStatus: 'PENDING'}) RETURN count(m)");
  log(`Discord ${total} messages: ${s2.created} stored in ${s2.seconds} s = ${s2.recordsPerSecond} messages/s, exit ${discord.code}, CLI peak RSS ${mb(discord.peakRss)}; ${pending} messages still PENDING embedding at the end`);

  // 2. Killed and resumed vs uninterrupted, on exports of the same shape.
  const n = Number(values["resume-messages"]);
  const counts = async (prefix: string) => ({
    messages: await count("MATCH (m:Message) WHERE m.id STARTS WITH $p RETURN count(m)", { p: `${prefix}m` }),
    channels: await count("MATCH (c:Channel) WHERE c.id STARTS WITH $p RETURN count(c)", { p: `${prefix}c` }),
    people: await count("MATCH (u:Person) WHERE u.id STARTS WITH $p RETURN count(u)", { p: `${prefix}u` }),
    authored: await count("MATCH (:Person)-[r:AUTHORED]->(m:Message) WHERE m.id STARTS WITH $p RETURN count(r)", { p: `${prefix}m` }),
    inChannel: await count("MATCH (m:Message)-[r:IN_CHANNEL]->() WHERE m.id STARTS WITH $p RETURN count(r)", { p: `${prefix}m` }),
    replies: await count("MATCH (m:Message)-[r:REPLIES_TO]->() WHERE m.id STARTS WITH $p RETURN count(r)", { p: `${prefix}m` }),
  });
  const whole = path.join(dir, "whole.json");
  const killed = path.join(dir, "killed.json");
  await writeFile(whole, discordExport(n, `${run}w`, 29));
  await writeFile(killed, discordExport(n, `${run}k`, 29));
  const uninterrupted = await runImport(url, [whole, "--format", "discord", "--checkpoint", path.join(dir, "whole.ckpt")]);
  const killedRun = await runImport(url, [killed, "--format", "discord", "--checkpoint", path.join(dir, "killed.ckpt")], { checkpoint: path.join(dir, "killed.ckpt"), records: Math.floor(n * 0.4) });
  const afterKill = (await counts(`${run}k`)).messages;
  const resumed = await runImport(url, [killed, "--format", "discord", "--checkpoint", path.join(dir, "killed.ckpt")]);
  const [a, b] = [await counts(`${run}w`), await counts(`${run}k`)];
  const same = JSON.stringify(a) === JSON.stringify(b);
  log(`Killed and resumed (${n} messages): killed with exit ${killedRun.code} after ${afterKill} stored; resumed at ${resumed.summary!.resumedAt}, ${resumed.summary!.created} created + ${resumed.summary!.existing} found stored`);
  log(`  uninterrupted ${JSON.stringify(a)} (exit ${uninterrupted.code})`);
  log(`  resumed       ${JSON.stringify(b)} → ${same ? "identical" : "DIFFERENT"}`);
  // 3. LoCoMo with memories (conversational context vectors).
  const locomo = await runImport(url, [values.locomo!, "--format", "locomo", "--agent", AGENT, "--checkpoint", path.join(dir, "locomo.ckpt")]);
  const s3 = locomo.summary!;
  log(`LoCoMo (5 conversations, --agent): ${s3.created} messages + ${s3.memoriesCreated} memories in ${s3.seconds} s = ${s3.recordsPerSecond} messages/s, exit ${locomo.code}, CLI peak RSS ${mb(locomo.peakRss)}`);
  if (values.drain) {
    const drainStarted = performance.now();
    await gw.app.embeddings.drain();
    log(`  the embedding worker caught up with everything ${((performance.now() - drainStarted) / 1000).toFixed(1)} s later`);
  } else {
    log(`  ${await count("MATCH (n) WHERE n.embeddingStatus = 'PENDING' RETURN count(n)")} nodes still PENDING embedding (--drain waits for them)`);
  }
  const gwPeak = memory(process.pid)?.peak ?? 0;
  log(`Gateway process peak RSS ${mb(gwPeak)}`);
  log(`Machine: ${machine}; load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")}`);
  if (!same) process.exitCode = 1;
} finally {
  await gw.stop();
  await rm(dir, { recursive: true, force: true });
}
