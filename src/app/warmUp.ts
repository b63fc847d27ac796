import { randomUUID } from "node:crypto";
import { graphql, type GraphQLSchema } from "graphql";
import { executor, type GraphTarget } from "../graph/executor.js";
import { noRows } from "../graph/statement.js";
import type { Caller } from "../core/caller.js";
import type { RequestContext } from "../core/requestContext.js";
import type { Logger } from "../logging/logger.js";
import { WARM_UP_MESSAGE_BATCHES, warmUpMessages } from "./warmUpMessages.js";

/**
 * Warm what is cold before the gateway says it is ready: Neo4j's query plans
 * and its JIT, Node's, the embedding model's first runs. A fresh gateway
 * otherwise answers its first minute at half speed (issue #23: 44 operations/s
 * in the first minute against 95 warm). For `seconds`, a few agents of a
 * tenant of its own send the operations agents send most (createMemories,
 * searchMemories, memoryContext, recordTurn, memoryStore, retrieveContext),
 * through the schema the requests use, with the same authorization; then
 * every node of that tenant is removed. Nothing of another tenant is read or
 * written. A failed operation is logged and warm-up goes on: it never keeps
 * the gateway from starting.
 *
 * First, once, `reads`: documents a page sends when a person opens it (the
 * memory explorer's graph view), so that their first open meets plans Neo4j
 * has cached (@neo4j/graphql writes the same Cypher for the same document and
 * variable shapes; Neo4j caches plans by the Cypher's text). They run whole,
 * even past `seconds`: a read cut short would plan nothing.
 *
 * Then, once, with `extraction`: messages of that tenant in one batch of each
 * list-length class (warmUpMessages.ts), each read by the extraction worker to
 * its end, so its statements and the embedding worker's are planned for every
 * length a chat import gives them. The operations keep at least half of
 * `seconds` after these one-off phases.
 */
export interface WarmUpOptions {
  schema: GraphQLSchema;
  driver: GraphTarget["driver"];
  database: string;
  logger: Logger;
  /** Builds the context a request of this caller would get. */
  contextFor: (caller: Caller) => Promise<RequestContext>;
  seconds: number;
  /** Agents sending at once. */
  agents?: number;
  /** Node labels a tenant's data may carry (the SDL's `@node` types and the outbox's). */
  labels: readonly string[];
  /** Read documents to plan once, for an agent of the warm-up tenant: each with variables of the shapes its page sends. */
  reads?: (agentId: string) => readonly WarmUpRead[];
  /**
   * The extraction worker, when reading messages costs no model call (the
   * deterministic extractor): the warm-up's messages go through it.
   */
  extraction?: { drain(): Promise<void> };
}

export interface WarmUpRead {
  name: string;
  document: string;
  variables: Record<string, unknown>;
}

export interface WarmUpReport {
  operations: number;
  failed: number;
  /** The first failure, as `<operation>: <message>`, when one failed. */
  firstFailure?: string;
  seconds: number;
}

/** The tenant the warm-up writes in, and removes. */
export const WARM_UP_TENANT = "__mnemograph_warmup__";

const OPS = {
  createAgents: `mutation ($input: [AgentCreateInput!]!) { createAgents(input: $input) { agents { id } } }`,
  startSession: `mutation ($s: ID!) { startSession(sessionId: $s, goal: "warm up", maxTurns: 1000000, game: "warm-up") { id } }`,
  createMemories: `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`,
  searchMemories: `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id score } } }`,
  memoryContext: `query ($a: ID!, $topic: String) { memoryContext(agentId: $a, topic: $topic) { tokenCount } }`,
  recordMessages: `mutation ($m: [MessageImportInput!]!) { recordMessages(messages: $m) { created } }`,
  recordTurn: `mutation ($s: ID!, $turn: TurnInput!) { recordTurn(sessionId: $s, turn: $turn) { created } }`,
  memoryStore: `mutation ($c: String!, $t: MemoryKind!, $conf: Float, $d: [String!], $cat: InsightCategory) { memoryStore(content: $c, type: $t, confidence: $conf, domains: $d, category: $cat) { id } }`,
  retrieveContext: `mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { confidence } }`,
} as const;

const TOPICS = ["the deploy failed on the east cluster", "who knows Rust", "the boss fight on route 3", "the cache warms slowly", "what did we learn about the flaky test"];
/** A 1×1 PNG: recordTurn stores a screenshot as most game turns do. */
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** The operations of round `n`, in the proportions agents send them: [document, variables]. */
export function warmUpRound(agentId: string, sessionId: string, n: number): [string, Record<string, unknown>][] {
  return round(agentId, sessionId, n).map(([op, variables]) => [OPS[op], variables]);
}

/** The operations of one round, by name. */
function round(agentId: string, sessionId: string, n: number): [keyof typeof OPS, Record<string, unknown>][] {
  const topic = TOPICS[n % TOPICS.length]!;
  return [
    ["createMemories", { input: [{ type: "OBSERVATION", content: `${topic} (${n})`, conversationId: `${agentId}-c${n % 3}`, agent: { connect: [{ where: { node: { id: { eq: agentId } } } }] } }] }],
    ["searchMemories", { input: { query: topic, limit: 10 } }],
    ["createMemories", { input: [{ type: "INTERACTION", content: `we talked about ${topic}`, participants: ["Ana"] }] }],
    ["memoryContext", { a: agentId, topic }],
    ["recordTurn", { s: sessionId, turn: { number: n + 1, analysis: `turn ${n + 1}: ${topic}`, buttonPresses: ["A"], success: true, screenshot: { base64: PIXEL } } }],
    ["searchMemories", { input: { query: `${topic}?`, limit: 5 } }],
    // An INSIGHT needs its category.
    ["memoryStore", { c: `${topic}: check it first next time (${n})`, t: n % 2 ? "INSIGHT" : "BELIEF", conf: 0.5, d: ["ops"], cat: n % 2 ? "TECHNICAL" : null }],
    ["retrieveContext", { input: { messages: [{ authorId: agentId, authorName: "Warm", content: topic }] } }],
  ];
}

export async function warmUp(options: WarmUpOptions): Promise<WarmUpReport> {
  const { schema, logger, contextFor, seconds, agents = 4, reads, extraction } = options;
  const started = performance.now();
  let deadline = started + seconds * 1000;
  const run = randomUUID().slice(0, 8);
  let operations = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const send = (caller: Caller, op: keyof typeof OPS, variables: Record<string, unknown>) => sendDocument(caller, op, OPS[op], variables);
  const sendDocument = async (caller: Caller, op: string, source: string, variables: Record<string, unknown>) => {
    const result = await graphql({ schema, source, variableValues: variables, contextValue: await contextFor(caller) });
    operations++;
    if (result.errors?.length) {
      failed++;
      firstFailure ??= `${op}: ${result.errors[0]!.message}`;
      logger.debug({ op, error: result.errors[0]!.message }, "A warm-up operation failed");
    }
  };
  try {
    if (reads) {
      // One reader, before the load below: these plans are the point, not throughput.
      const agentId = `warm-${run}-reader`;
      const caller: Caller = { tenantId: WARM_UP_TENANT, agentId, roles: ["agent"] };
      await send(caller, "createAgents", { input: [{ id: agentId, name: "Warm reader", role: "warm-up" }] });
      for (const read of reads(agentId)) await sendDocument(caller, read.name, read.document, read.variables);
    }
    if (extraction) {
      const caller: Caller = { tenantId: WARM_UP_TENANT, agentId: `warm-${run}-importer`, roles: ["agent"] };
      for (const [batch, size] of WARM_UP_MESSAGE_BATCHES.entries()) {
        await send(caller, "recordMessages", { m: warmUpMessages(run, batch, size, new Date()) });
        await extraction.drain();
      }
    }
    // The one-off phases above run whole; the operations below keep at least half of `seconds`.
    deadline = Math.max(deadline, performance.now() + (seconds * 1000) / 2);
    await Promise.all(
      Array.from({ length: agents }, async (_, i) => {
        const agentId = `warm-${run}-${i}`;
        const caller: Caller = { tenantId: WARM_UP_TENANT, agentId, roles: ["agent"] };
        const sessionId = `${agentId}-game`;
        await send(caller, "createAgents", { input: [{ id: agentId, name: `Warm ${i}`, role: "warm-up" }] });
        await send(caller, "startSession", { s: sessionId });
        for (let n = 0; performance.now() < deadline; n++) {
          for (const [op, variables] of round(agentId, sessionId, n)) {
            if (performance.now() >= deadline) break;
            await send(caller, op, variables);
          }
        }
      }),
    );
  } finally {
    await removeTenant(options);
  }
  return { operations, failed, ...(firstFailure ? { firstFailure } : {}), seconds: (performance.now() - started) / 1000 };
}

/** Removes every node of the warm-up tenant, label by label (each through its tenant index), in small transactions. */
async function removeTenant({ driver, database, labels }: WarmUpOptions): Promise<void> {
  // CALL … IN TRANSACTIONS runs only in an auto-commit transaction: the executor's write (deleting again is safe to retry).
  const graph = executor({ driver, database });
  for (const label of labels) {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(label)) throw new Error(`Refusing unsafe label: ${label}`);
    await graph.write(noRows(`MATCH (n:${label} {tenantId: $tenant}) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 500 ROWS`, { tenant: WARM_UP_TENANT }));
  }
}
