/**
 * Neo4j's own CPU profile: Java Flight Recorder started on the running server
 * with jcmd over the measured period, read back with `jfr print --json`. Its
 * execution samples are summed by the top frame's class and by what the
 * stack passes through (Cypher planning, the runtime, a commit's work, Lucene's
 * reads, refreshes and merges, the statement's routing and caches, Bolt).
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

/**
 * Areas of Neo4j's work, by the packages on the stack (class names dotted):
 * the area of the frame nearest the top that has one. Before 2026-11-28 the
 * names were matched as `jfr` prints them, with slashes, so only lambda
 * classes (printed dotted) matched: most samples fell to the Bolt worker at
 * the bottom of their stack.
 */
const AREAS: [string, RegExp][] = [
  ["Cypher planning (cache misses: a new statement text)", /^org\.neo4j\.cypher\.internal\.(compiler|planner|frontend|ir|logical)/],
  ["Cypher runtime (executing plans)", /^org\.neo4j\.cypher\.internal\.runtime|^org\.neo4j\.codegen|^org\.neo4j\.cypher\.operations/],
  ["Lucene: index reads and updates", /^org\.apache\.lucene/],
  ["APOC", /^apoc\./],
  ["locks", /^org\.neo4j\.(lock|kernel\.impl\.locking)/],
  ["query routing, statement caches and pre-parsing", /^org\.neo4j\.router|^org\.neo4j\.cypher\.internal\.(PreParser|CypherQueryCaches|QueryCache|ExecutionEngine)/],
  ["Bolt (network protocol)", /^org\.neo4j\.bolt|^io\.netty/],
];

/**
 * Work named by a method anywhere on the stack, before the areas above: a
 * commit's index work and Lucene's merges run through the same packages as
 * reads do. First match wins.
 */
const STACK_AREAS: [string, RegExp][] = [
  ["Lucene: segment merges (background threads)", /^org\.apache\.lucene\.index\.ConcurrentMergeScheduler\$MergeThread\.run$/],
  ["Lucene: each commit's changes made searchable (refresh)", /\.maybeRefresh(Blocking)?$/],
  ["transaction commit (store, index updates, log)", /^org\.neo4j\.kernel\.impl\.api\.KernelTransactionImplementation\.commit$/],
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
    const classes = frames.map((f) => (f.method?.type?.name ?? "").replaceAll("/", "."));
    const methods = classes.map((c, i) => `${c}.${frames[i]!.method?.name ?? "?"}`);
    const named =
      STACK_AREAS.find(([, re]) => methods.some((m) => re.test(m)))?.[0] ??
      classes.map((c) => AREAS.find(([, re]) => re.test(c))?.[0]).find((name) => name !== undefined) ??
      "other (store reads, JVM, collections)";
    area.set(named, (area.get(named) ?? 0) + 1);
    top.set(methods[0]!, (top.get(methods[0]!) ?? 0) + 1);
  }
  const rank = (m: Map<string, number>, limit: number) =>
    [...m.entries()]
      .map(([name, n]) => ({ name, share: n / (samples || 1) }))
      .sort((a, b) => b.share - a.share)
      .slice(0, limit);
  return { samples, areas: rank(area, STACK_AREAS.length + AREAS.length + 1), topMethods: rank(top, 15) };
}
