/**
 * The agents of bench:feed, in their own process (as real agents are): the
 * subscribers over graphql-ws and the writers over HTTP. Started by
 * bench/feed.ts with fork(); it gets its plan as the first IPC message, and
 * sends back what each subscriber received and when each write was sent and
 * answered. Times are this process's clock (`at`, performance.now()) and the
 * machine's wall clock (`wall`, comparable with the gateway's event times).
 */
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { graphqlRequest } from "../support/graphqlRequest.js";
import { seededRandom } from "../support/seededRandom.js";

export interface AgentsPlan {
  url: string;
  agents: string[];
  /**
   * Where each agent subscribes and how it says who it is (bench:feed --tenants/--gateways: a token per tenant,
   * a gateway per subscriber); by default `url` and the agent header. `writers` likewise for the writes, taken
   * in turn.
   */
  subscribers?: Record<string, { url: string; params: Record<string, string> }>;
  writers?: { url: string; headers: Record<string, string> }[];
  /** Subscriptions started at a time; all at once by default. */
  wave?: number;
  after: string;
  writes: number;
  /** Unmeasured writes first, while the JVM's JIT and the gateway's caches warm up. */
  warmup: number;
  concurrency: number;
  types: string[];
  domains: string[];
}

export interface Receipt {
  agentId: string;
  nodeId: string;
  at: number;
  wall: number;
  appendedAt: number;
  mode: string;
}

export interface AgentsReport {
  receipts: Receipt[];
  sent: [string, { sentAt: number; doneAt: number }][];
  writeSeconds: number;
}

const FIELDS: Record<string, [field: string, list: string]> = {
  Opportunity: ["createOpportunities", "opportunities"],
  ProcessInsight: ["createProcessInsights", "processInsights"],
  Application: ["createApplications", "applications"],
  ProcessUpdate: ["createProcessUpdates", "processUpdates"],
};

function inputOf(type: string, i: number, fields: Record<string, unknown>): Record<string, unknown> {
  if (type === "Opportunity") return { description: `o${i}`, category: "TECHNICAL", ...fields };
  if (type === "ProcessInsight") return { insight: `p${i}`, category: "QUALITY", ...fields };
  if (type === "Application") return { context: `a${i}`, success: true, ...fields };
  return { updateType: "STATUS", entityType: "Task", entityId: `t${i}`, ...fields };
}

async function run(plan: AgentsPlan): Promise<AgentsReport> {
  const receipts: Receipt[] = [];
  const subscribe = (agentId: string) => {
    const where = plan.subscribers?.[agentId] ?? { url: plan.url, params: { "x-mnemograph-agent": agentId } };
    const client = createClient({ url: where.url, webSocketImpl: WebSocket, connectionParams: where.params, retryAttempts: 0 });
    const connected = new Promise<void>((resolve) => client.on("connected", () => resolve()));
    client.subscribe(
      { query: `subscription ($a: ID!, $after: String) { knowledgeFeed(agentId: $a, after: $after) { mode events { nodeId createdAt } } }`, variables: { a: agentId, after: plan.after } },
      {
        next: (v) => {
          const at = performance.now();
          const wall = Date.now();
          const d = (v.data as { knowledgeFeed: { mode: string; events: { nodeId: string; createdAt: string }[] } }).knowledgeFeed;
          for (const e of d.events) receipts.push({ agentId, nodeId: e.nodeId, at, wall, appendedAt: Date.parse(e.createdAt), mode: d.mode });
        },
        error: (e) => process.stderr.write(`${agentId}: ${JSON.stringify(e)}\n`),
        complete: () => {},
      },
    );
    return { client, connected };
  };
  // In waves (bench:feed --tenants): a thousand subscriptions at once would each want a connection of the gateway's
  // pool for their first reads, and time out waiting for one.
  const clients: ReturnType<typeof subscribe>[] = [];
  const wave = plan.wave ?? plan.agents.length;
  for (let i = 0; i < plan.agents.length; i += wave) {
    const started = plan.agents.slice(i, i + wave).map(subscribe);
    clients.push(...started);
    await Promise.all(started.map((c) => c.connected));
    if (wave < plan.agents.length) await new Promise((r) => setTimeout(r, 250));
  }
  await Promise.all(clients.map((c) => c.connected));
  await new Promise((r) => setTimeout(r, 500)); // let every subscription reach its live loop

  const random = seededRandom(6);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const sent: AgentsReport["sent"] = [];
  const write = async (i: number) => {
    const type = pick(plan.types);
    const [field, list] = FIELDS[type]!;
    const input = inputOf(type, i, { domains: [pick(plan.domains)], confidence: Math.round(random() * 100) / 100, visibility: "SHARED" });
    const writer = plan.writers ? plan.writers[Math.floor(random() * plan.writers.length)]! : null;
    const sentAt = performance.now();
    const operation = `mutation ($input: [${type}CreateInput!]!) { ${field}(input: $input) { ${list} { id } } }`;
    const data = writer
      ? await graphqlRequest<Record<string, Record<string, { id: string }[]>>>(writer.url, operation, { input: [input] }, "", writer.headers)
      : await graphqlRequest<Record<string, Record<string, { id: string }[]>>>(plan.url.replace(/^ws/, "http"), operation, { input: [input] }, `feed-writer-${i % 10}`);
    return { id: data[field]![list]![0]!.id, sentAt, doneAt: performance.now() };
  };
  const writeAll = async (from: number, to: number, done: (w: { id: string; sentAt: number; doneAt: number }) => void) => {
    let next = from;
    await Promise.all(
      Array.from({ length: plan.concurrency }, async () => {
        while (next < to) done(await write(next++));
      }),
    );
  };

  const warm = new Set<string>();
  await writeAll(0, plan.warmup, (w) => warm.add(w.id));
  await new Promise((r) => setTimeout(r, 1000));
  process.send!({ warmedUp: true });
  await new Promise((resolve) => process.once("message", resolve));

  const began = performance.now();
  await writeAll(plan.warmup, plan.warmup + plan.writes, (w) => sent.push([w.id, { sentAt: w.sentAt, doneAt: w.doneAt }]));
  const writeSeconds = (performance.now() - began) / 1000;

  // The parent says how many deliveries it expects once it has read the outbox back.
  const expected = await new Promise<number>((resolve) => process.once("message", (m) => resolve((m as { expected: number }).expected)));
  const deadline = Date.now() + 30_000;
  const measured = () => receipts.filter((r) => !warm.has(r.nodeId));
  while (measured().length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await Promise.all(clients.map((c) => c.client.dispose()));
  return { receipts: measured(), sent, writeSeconds };
}

process.once("message", (plan) => {
  run(plan as AgentsPlan).then(
    (report) => process.send!({ report }, () => process.exit(0)),
    (err: unknown) => {
      process.stderr.write(`${String((err as Error).stack ?? err)}\n`);
      process.exit(1);
    },
  );
});
