/**
 * One agent of bench:load and bench:fault: a tenant's agent with its own
 * token, its own game session and its own rate budget, sending one operation
 * of the mix at a time over HTTP/GraphQL. It keeps what the gateway
 * acknowledged (and what it refused) so that every write can be read back.
 *
 * The mix (weights of `MIX`): createMemories with one memory 35%,
 * searchMemories 25%, memoryContext 15%, recordTurn with a 12 KB screenshot
 * 15%, memoryStore 5% (BELIEF or INSIGHT; at confidence ≥ 0.7 it joins the
 * shared pool and every agent of the tenant may hear of it), retrieveContext
 * (deterministic planner) 5%.
 */
import type { FeedRule } from "../../src/feed/feedRules.js";
import { syntheticMemories, syntheticQueries } from "../search/syntheticMemories.js";
import { seededRandom } from "../support/seededRandom.js";
import { RateBudget } from "./rateBudget.js";

export const MIX = [
  ["createMemories", 35],
  ["searchMemories", 25],
  ["memoryContext", 15],
  ["recordTurn", 15],
  ["memoryStore", 5],
  ["retrieveContext", 5],
] as const;
export type OpName = (typeof MIX)[number][0];
export const OPS: readonly OpName[] = MIX.map(([op]) => op);

/** What the gateway answered: `code` null for success, else the first error's `extensions.code` (NETWORK, HTTP_<status> when there was none). */
export interface Answer {
  code: string | null;
  data: Record<string, unknown> | null;
  retryAfterSeconds?: number;
}

/** One GraphQL operation over HTTP with a bearer token; never throws. */
export async function gql(url: string, token: string, query: string, variables: Record<string, unknown>): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
  } catch {
    return { code: "NETWORK", data: null };
  }
  const text = await res.text().catch(() => "");
  let body: { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string; retryAfterSeconds?: number } }[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return { code: `HTTP_${res.status}`, data: null };
  }
  const error = body.errors?.[0];
  if (error) return { code: error.extensions?.code ?? `HTTP_${res.status}`, data: null, retryAfterSeconds: error.extensions?.retryAfterSeconds };
  return { code: null, data: body.data ?? null };
}

const DOC: Record<OpName | "createAgents" | "startSession", string> = {
  createAgents: `mutation ($input: [AgentCreateInput!]!) { createAgents(input: $input) { agents { id } } }`,
  startSession: `mutation ($s: ID!) { startSession(sessionId: $s, goal: "reach Viridian City", maxTurns: 1000000, game: "Pokemon Red") { id } }`,
  createMemories: `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`,
  searchMemories: `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id score } } }`,
  memoryContext: `query ($a: ID!, $topic: String) { memoryContext(agentId: $a, topic: $topic) { tokenCount cached } }`,
  recordTurn: `mutation ($s: ID!, $turn: TurnInput!) { recordTurn(sessionId: $s, turn: $turn) { created turn { id } } }`,
  memoryStore: `mutation ($c: String!, $t: MemoryKind!, $conf: Float, $d: [String!], $cat: InsightCategory) { memoryStore(content: $c, type: $t, confidence: $conf, domains: $d, category: $cat) { id pooled } }`,
  retrieveContext: `mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { facts confidence metadata { planner } } }`,
};

const DOMAINS = ["ops", "security", "data", "product"];
const BUTTONS = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"];
const QUERIES = syntheticQueries(200);
const SCREENSHOT_BYTES = 12 * 1024;
/** Small game screenshots: JPEG-headed pseudo-random bytes (incompressible, like a real one). */
const SHOTS = Array.from({ length: 8 }, (_, k) => {
  const random = seededRandom(900 + k);
  const bytes = Buffer.from(Array.from({ length: SCREENSHOT_BYTES }, () => Math.floor(random() * 256)));
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes.toString("base64");
});

/** The agent's subscription rules, by its index: a third IMMEDIATE, a third BATCHED every 2 s, a third both (IMMEDIATE on one domain). */
export function rulesFor(index: number): FeedRule[] {
  const rule = (delivery: FeedRule["delivery"], domains: string[] = []): FeedRule => ({ knowledgeTypes: [], domains, minConfidence: 0, delivery, batchIntervalSeconds: delivery === "BATCHED" ? 2 : null, sources: [] });
  if (index % 3 === 0) return [rule("IMMEDIATE")];
  if (index % 3 === 1) return [rule("BATCHED")];
  return [rule("IMMEDIATE", [DOMAINS[index % DOMAINS.length]!]), rule("BATCHED")];
}

/** What an agent wrote: acknowledged (answered OK) and refused (answered with an error, so maybe not written). */
export interface Writes {
  memories: { id: string; key: string }[];
  memoriesRefused: string[];
  turns: { number: number; created: boolean }[];
  stored: { id: string; content: string; pooled: boolean }[];
  storedRefused: string[];
}

export class BenchAgent {
  readonly id: string;
  readonly sessionId: string;
  readonly rules: FeedRule[];
  /** The gateway's budgets, kept on this side so the agent stays under them (600/min, retrieveContext 10/min). */
  readonly budget = new RateBudget(600);
  private readonly retrieveBudget = new RateBudget(10);
  readonly writes: Writes = { memories: [], memoriesRefused: [], turns: [], stored: [], storedRefused: [] };
  private readonly random: () => number;
  private n = 0;
  private sent = 0;
  private nextTurn = 1;
  /** A turn answered with an error is sent again, unchanged, until it is acknowledged (recordTurn is idempotent). */
  private pendingTurn: Record<string, unknown> | null = null;

  constructor(
    readonly index: number,
    readonly tenant: string,
    /** The gateways, taken in turn by successive requests (one for a single gateway). */
    private readonly urls: readonly string[],
    readonly token: string,
  ) {
    this.id = `agent-${index}`;
    this.sessionId = `${this.id}-game`;
    this.rules = rulesFor(index);
    this.random = seededRandom(1000 + index);
  }

  private call(op: keyof typeof DOC, variables: Record<string, unknown>): Promise<Answer> {
    this.budget.take();
    return gql(this.urls[this.sent++ % this.urls.length]!, this.token, DOC[op], variables);
  }

  /** The Agent node with its subscription rules, and its game session. Throws when either fails. */
  async setup(): Promise<void> {
    const subscriptionRules = { create: this.rules.map(({ sources: _, ...node }) => ({ node })) };
    const steps = [
      await this.call("createAgents", { input: [{ id: this.id, name: `Agent ${this.index}`, role: "bench", subscriptionRules }] }),
      await this.call("startSession", { s: this.sessionId }),
    ];
    const failed = steps.find((s) => s.code !== null);
    if (failed) throw new Error(`${this.tenant}/${this.id}: setup failed with ${failed.code}`);
  }

  /** The next operation of the mix (or always `only`); retrieveContext only while its own budget has room. */
  pick(only?: OpName): OpName {
    if (only) return only;
    const canRetrieve = this.retrieveBudget.waitMs() === 0;
    const choices = MIX.filter(([op]) => canRetrieve || op !== "retrieveContext");
    let r = this.random() * choices.reduce((sum, [, w]) => sum + w, 0);
    for (const [op, weight] of choices) if ((r -= weight) < 0) return op;
    return choices[0]![0];
  }

  async run(op: OpName): Promise<Answer> {
    const n = this.n++;
    const query = QUERIES[Math.floor(this.random() * QUERIES.length)]!;
    switch (op) {
      case "createMemories": {
        const key = `${this.tenant}/${this.id}/m${n}`;
        const { occurredAt: _, ...memory } = syntheticMemories(this.index * 100_000 + n, 1)[0]!;
        const input = [{ ...memory, source: key, conversationId: `${this.id}-c${n % 7}`, agent: { connect: [{ where: { node: { id: { eq: this.id } } } }] } }];
        const answer = await this.call(op, { input });
        const id = (answer.data?.createMemories as { memories: { id: string }[] } | undefined)?.memories[0]?.id;
        if (id) this.writes.memories.push({ id, key });
        else this.writes.memoriesRefused.push(key);
        return answer;
      }
      case "searchMemories":
        return this.call(op, { input: { query, limit: 10 } });
      case "memoryContext":
        return this.call(op, { a: this.id, topic: query });
      case "recordTurn": {
        this.pendingTurn ??= this.turn(this.nextTurn);
        const answer = await this.call(op, { s: this.sessionId, turn: this.pendingTurn });
        const done = answer.data?.recordTurn as { created: boolean } | undefined;
        if (done) {
          this.writes.turns.push({ number: this.nextTurn++, created: done.created });
          this.pendingTurn = null;
        }
        return answer;
      }
      case "memoryStore": {
        const insight = this.random() < 1 / 3;
        const content = `${query.replace(/\?$/, "")}: we should check this first next time [${this.tenant}/${this.id}/s${n}]`;
        const variables = { c: content, t: insight ? "INSIGHT" : "BELIEF", conf: Math.round((0.4 + this.random() * 0.6) * 100) / 100, d: [DOMAINS[Math.floor(this.random() * DOMAINS.length)]], cat: insight ? "TECHNICAL" : null };
        const answer = await this.call(op, variables);
        const stored = answer.data?.memoryStore as { id: string; pooled: boolean } | undefined;
        if (stored) this.writes.stored.push({ id: stored.id, content, pooled: stored.pooled });
        else this.writes.storedRefused.push(content);
        return answer;
      }
      case "retrieveContext":
        this.retrieveBudget.take();
        return this.call(op, { input: { messages: [{ authorId: this.id, authorName: `Agent ${this.index}`, content: query }] } });
    }
  }

  private turn(number: number): Record<string, unknown> {
    const button = BUTTONS[Math.floor(this.random() * BUTTONS.length)]!;
    return {
      number,
      analysis: `Turn ${number}: the player stands on Route ${1 + (number % 25)}; tall grass to the north, a tree to the east.`,
      buttonPresses: [button],
      success: this.random() > 0.3,
      visual: { terrain: "grass", validMovements: ["UP", "DOWN"], obstacles: ["tree"] },
      screenshot: { base64: SHOTS[number % SHOTS.length] },
    };
  }
}
