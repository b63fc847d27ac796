/**
 * `npm run bench:bolt -- [--rounds 3] [--statements 3000] [--concurrency 8]`
 *
 * What the gateway's driver costs to send a statement, against the driver as
 * Neo4j ships it: src/graph/boltWrites.ts sends what one tick wrote as one
 * socket write, where the driver's chunker writes every 1,400 bytes. Each
 * round runs both in turn (after a round not reported, which warms Neo4j), each in a child process of its own on the same
 * embedded Neo4j (the change is process-wide): `--statements` statements shaped
 * like a search's (a 4 KB Cypher text, a 384-float vector, a short answer),
 * `--concurrency` at a time, after 300 unmeasured. Reports per statement: the
 * child's CPU and Neo4j's (their own counters), socket writes, and the rate.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { cpuSeconds } from "./support/procStats.js";
import { machineLine } from "./support/machine.js";
import { startBenchGateway } from "./support/benchGateway.js";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    statements: { type: "string", default: "3000" },
    concurrency: { type: "string", default: "8" },
    child: { type: "string" },
  },
});

interface ChildResult {
  seconds: number;
  cpu: number;
  writes: number;
}

type Variant = "gateway" | "shipped";

if (values.child) await child(values.child as Variant);
else await parent();

async function parent(): Promise<void> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(`machine: ${machineLine()}`);
  const gw = await startBenchGateway({ ...process.env, WARMUP_SECONDS: "0", EXTRACTION: "off" });
  try {
    const neo4j = gw.app.localNeo4j;
    if (!neo4j?.pid) throw new Error("bench:bolt runs on the embedded Neo4j");
    const env = { ...process.env, BOLT_URI: neo4j.uri, BOLT_USER: neo4j.user, BOLT_PASSWORD: neo4j.password };
    const rows: string[] = [];
    // Round 0 warms Neo4j (its plans and compiled code) for both and is not reported.
    for (let round = 0; round <= Number(values.rounds); round++) {
      for (const variant of round % 2 ? (["shipped", "gateway"] as const) : (["gateway", "shipped"] as const)) {
        const before = cpuSeconds(neo4j.pid)!;
        const result = await new Promise<ChildResult>((resolve, reject) => {
          const proc = fork(fileURLToPath(import.meta.url), ["--child", variant, "--statements", values.statements!, "--concurrency", values.concurrency!], { env, execArgv: process.execArgv });
          proc.once("message", (m) => resolve(m as ChildResult));
          proc.once("exit", (code) => (code ? reject(new Error(`child ${variant} exited ${code}`)) : undefined));
        });
        const neo4jCpu = cpuSeconds(neo4j.pid)! - before;
        const n = Number(values.statements);
        const per = (s: number) => ((s * 1000) / n).toFixed(3);
        if (round > 0) rows.push(`| ${round} | ${variant} | ${(n / result.seconds).toFixed(0)} | ${per(result.cpu)} | ${per(neo4jCpu)} | ${(result.writes / n).toFixed(1)} |`);
      }
    }
    say(`\n\`npm run bench:bolt -- --rounds ${values.rounds} --statements ${values.statements} --concurrency ${values.concurrency}\`\n`);
    say("| round | driver | statements/s | client CPU per statement (ms) | Neo4j CPU per statement (ms) | socket writes per statement |");
    say("| --- | --- | --- | --- | --- | --- |");
    for (const row of rows) say(row);
  } finally {
    await gw.stop();
  }
}

async function child(variant: Variant): Promise<void> {
  const { default: neo4j } = await import("neo4j-driver");
  const { createDriver } = await import("../src/graph/driver.js");
  const net = await import("node:net");
  const uri = process.env.BOLT_URI!;
  const auth = { user: process.env.BOLT_USER!, password: process.env.BOLT_PASSWORD! };
  const driver = variant === "gateway" ? createDriver({ uri, ...auth }) : neo4j.driver(uri, neo4j.auth.basic(auth.user, auth.password));
  let writes = 0;
  const proto = net.Socket.prototype as unknown as Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
  for (const name of ["_write", "_writev"] as const) {
    const original = proto[name];
    proto[name] = function (this: unknown, ...args: unknown[]) {
      writes++;
      return original.apply(this, args);
    };
  }
  // A search-shaped statement: a long text (the ranking's Cypher is 3-6 KB), a vector, a few rows back.
  const filler = Array.from({ length: 60 }, (_, i) => `  // clause ${i} of a long statement, as the ranking's are\n`).join("");
  const cypher = `${filler}UNWIND range(1, 5) AS i RETURN i, size($vector) AS dims, $text AS text`;
  const run = (i: number) => driver.executeQuery(cypher, { vector: Array.from({ length: 384 }, (_, d) => Math.sin(i + d)), text: `query ${i}` });
  const pool = async (count: number) => {
    let next = 0;
    await Promise.all(Array.from({ length: Number(values.concurrency) }, async () => {
      while (next < count) await run(next++);
    }));
  };
  await pool(300);
  const count = Number(values.statements);
  writes = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await pool(count);
  const seconds = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu0);
  const result: ChildResult = { seconds, cpu: (used.user + used.system) / 1e6, writes };
  await driver.close();
  process.send!(result, () => process.exit(0));
}
