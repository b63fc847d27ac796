/**
 * Neo4j's own CPU profile: Java Flight Recorder started on the running server
 * with jcmd over the measured period, read back with `jfr print --json`. Its
 * execution samples are summed by the top frame's class and by what the
 * stack passes through (Cypher planning, the runtime, Lucene's full-text and
 * vector indexes, the transaction log, Bolt).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

interface Frame {
  method?: { type?: { name?: string }; name?: string };
}
interface JfrEvent {
  type: string;
  values?: { stackTrace?: { frames?: Frame[] } };
}

export interface JfrSummary {
  samples: number;
  /** Share of samples by area: the area of the frame nearest the top of the stack that has one (each sample counts once). */
  areas: { name: string; share: number }[];
  /** Share of samples by the top frame's method. */
  topMethods: { name: string; share: number }[];
}

/** Areas of Neo4j's work, by the packages on the stack. First match names the area of a frame. */
const AREAS: [string, RegExp][] = [
  ["Cypher planning (cache misses: a new statement text)", /^org\.neo4j\.cypher\.internal\.(compiler|planner|frontend|ir|logical)/],
  ["Cypher runtime (executing plans)", /^org\.neo4j\.cypher\.internal\.runtime|^org\.neo4j\.codegen/],
  ["Lucene (full-text and vector indexes)", /^org\.apache\.lucene/],
  ["transaction commit and log", /^org\.neo4j\.kernel\.impl\.transaction\.(log|commands)|^org\.neo4j\.kernel\.impl\.api\.(TransactionCommitProcess|InternalTransactionCommitProcess)|^org\.neo4j\.storageengine/],
  ["Bolt (network protocol)", /^org\.neo4j\.bolt|^io\.netty/],
  ["APOC", /^apoc\./],
  ["locks", /^org\.neo4j\.(lock|kernel\.impl\.locking)/],
];

export async function startJfr(pid: number, name = "mnemograph"): Promise<void> {
  await run("jcmd", [String(pid), "JFR.start", `name=${name}`, "settings=profile"]);
}

export async function stopJfr(pid: number, file: string, name = "mnemograph"): Promise<void> {
  await run("jcmd", [String(pid), "JFR.stop", `name=${name}`, `filename=${file}`]);
}

export async function readJfr(file: string): Promise<JfrSummary> {
  const { stdout } = await run("jfr", ["print", "--json", "--events", "jdk.ExecutionSample", "--stack-depth", "96", file], { maxBuffer: 2 * 1024 * 1024 * 1024 });
  const events = (JSON.parse(stdout) as { recording: { events: JfrEvent[] } }).recording.events;
  return summarize(events);
}

/** Pure: the shares of areas and top methods over the execution samples. */
export function summarize(events: JfrEvent[]): JfrSummary {
  const area = new Map<string, number>();
  const top = new Map<string, number>();
  let samples = 0;
  for (const event of events) {
    const frames = event.values?.stackTrace?.frames ?? [];
    if (frames.length === 0) continue;
    samples++;
    const classes = frames.map((f) => f.method?.type?.name ?? "");
    const named = classes.map((c) => AREAS.find(([, re]) => re.test(c))?.[0]).find((name) => name !== undefined) ?? "other (JVM, kernel, collections)";
    area.set(named, (area.get(named) ?? 0) + 1);
    const first = `${classes[0]}.${frames[0]!.method?.name ?? "?"}`;
    top.set(first, (top.get(first) ?? 0) + 1);
  }
  const rank = (m: Map<string, number>, limit: number) =>
    [...m.entries()]
      .map(([name, n]) => ({ name, share: n / (samples || 1) }))
      .sort((a, b) => b.share - a.share)
      .slice(0, limit);
  return { samples, areas: rank(area, AREAS.length + 1), topMethods: rank(top, 15) };
}
