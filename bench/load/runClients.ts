/**
 * N closed-loop clients, each one agent (agents spread over `tenants`
 * tenants), each with its knowledgeFeed subscriber. A client sends its next
 * operation when the last one was answered. `warmupOps` operations (all
 * clients together) go first, unmeasured; then `seconds` are measured, and
 * `at` actions run that many seconds into the measured period.
 *
 * A client waits only for its own rate budgets (never to pace the load
 * otherwise), and after an answer of SERVICE_UNAVAILABLE, NETWORK or
 * INTERNAL_SERVER_ERROR it backs off (exponentially from 200 ms up to 5 s
 * while the failures go on: backoff.ts), after RATE_LIMITED or SERVICE_BUSY
 * the retryAfterSeconds it was told, as an agent would.
 */
import { BenchAgent, type OpName } from "./agent.js";
import { backoffMs } from "./backoff.js";
import { subscribeFeed, type FeedSubscriber } from "./feedSubscriber.js";
import type { LoadGateway } from "./loadGateway.js";

export interface OpRecord {
  client: number;
  op: OpName;
  /** performance.now() when sent and when answered. */
  start: number;
  end: number;
  code: string | null;
}

export interface RunOptions {
  clients: number;
  tenants: number;
  seconds: number;
  warmupOps: number;
  /** Every agent sends this operation only, instead of the mix (bench:profile's cost of one operation). */
  only?: OpName;
  /** Called when the measured period begins and ends (CPU and memory snapshots). */
  onMeasure?: (phase: "start" | "end") => void;
  at?: { seconds: number; run: () => void }[];
}

export interface RunResult {
  records: OpRecord[];
  measureStart: number;
  measureEnd: number;
  agents: BenchAgent[];
  feeds: FeedSubscriber[];
  /** Milliseconds clients spent waiting for their own rate budget, in the measured period. */
  pacedMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runClients(gw: LoadGateway, options: RunOptions): Promise<RunResult> {
  const agents = await Promise.all(
    Array.from({ length: options.clients }, async (_, i) => {
      const tenant = `tenant-${i % options.tenants}`;
      // Each request goes to the next gateway (round robin, as a balancer without stickiness would send them).
      return new BenchAgent(i, tenant, gw.all.map((g) => g.url), await gw.token(tenant, `agent-${i}`));
    }),
  );
  for (const agent of agents) await agent.setup();
  // Agent i listens on gateway i mod N: a write through one gateway reaches subscribers of another.
  const feeds = agents.map((a) => subscribeFeed(gw.all[a.index % gw.all.length]!.wsUrl, a.token, a.tenant, a.id, a.budget));

  const records: OpRecord[] = [];
  let measureStart = Infinity;
  let endAt = Infinity;
  let pacedMs = 0;
  let warmed = 0;
  const timers: NodeJS.Timeout[] = [];
  const beginMeasure = () => {
    measureStart = performance.now();
    endAt = measureStart + options.seconds * 1000;
    options.onMeasure?.("start");
    for (const action of options.at ?? []) timers.push(setTimeout(action.run, action.seconds * 1000));
  };
  if (options.warmupOps <= 0) beginMeasure();

  const loop = async (agent: BenchAgent) => {
    let failures = 0;
    while (performance.now() < endAt) {
      const wait = agent.budget.waitMs();
      if (wait > 0) {
        const slept = Math.min(wait, endAt - performance.now());
        if (performance.now() >= measureStart) pacedMs += slept;
        await sleep(slept);
        continue;
      }
      const op = agent.pick(options.only);
      const start = performance.now();
      const answer = await agent.run(op);
      records.push({ client: agent.index, op, start, end: performance.now(), code: answer.code });
      if (measureStart === Infinity && ++warmed >= options.warmupOps) beginMeasure();
      if (answer.code === "RATE_LIMITED" || answer.code === "SERVICE_BUSY") await sleep(Math.min((answer.retryAfterSeconds ?? 1) * 1000, Math.max(0, endAt - performance.now())));
      else if (answer.code === "SERVICE_UNAVAILABLE" || answer.code === "NETWORK" || answer.code === "INTERNAL_SERVER_ERROR") await sleep(backoffMs(++failures));
      if (answer.code === null) failures = 0;
    }
  };
  await Promise.all(agents.map(loop));
  const measureEnd = Math.max(endAt, ...records.map((r) => r.end));
  options.onMeasure?.("end");
  timers.forEach(clearTimeout);
  return { records, measureStart, measureEnd, agents, feeds, pacedMs };
}
