import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import type { GraphTarget, Tx } from "../graph/executor.js";
import type { Row, Statement } from "../graph/statement.js";
import { appendOutboxEvents } from "./appendOutboxEvent.js";
import { FEED_STAMP_FIELD, type FeedWriteContext } from "./feedStamp.js";
import { knowledgeEvent, type WrittenKnowledge } from "./knowledgeEvent.js";
import type { OutboxEvent, OutboxSequencer } from "../core/outboxEvent.js";
import { writeWithEvents } from "./outboxWrite.js";

export interface KnowledgeOutboxDeps extends GraphTarget {
  /** Numbers the events a write staged, once it has committed. */
  outbox: OutboxSequencer;
  /** Node types that carry the stamp (stampedLabels): a closed set, checked before it enters Cypher. */
  labels: string[];
  now?: () => Date;
  /**
   * A unit subquery over `n`, each node the write left, run inside the
   * statement that finds them (stampedQuery): what every written node gets in
   * the write's transaction without a statement of its own (the six-agent
   * squad's CREATED link from its owner). Code, never input.
   */
  onEachWritten?: string;
  /**
   * Runs in the write's transaction once the written knowledge is known, before
   * its events are made; gives back the knowledge as the events should describe
   * it (the shared pool's joining makes a node SHARED).
   */
  afterWrite?: (tx: Tx, caller: Caller, written: WrittenKnowledge[], at: Date) => Promise<WrittenKnowledge[]>;
}

/**
 * Runs one generated mutation in a gateway-held transaction and appends an
 * event per knowledge node it wrote; gives back the mutation's result and the
 * events it committed (so this process's feed can deliver them without
 * reading them back).
 */
export type KnowledgeWriteRunner = <T>(caller: Caller, context: object, run: (context: object) => Promise<T>) => Promise<{ result: T; events: OutboxEvent[] }>;

const LABEL = /^[A-Z][A-Za-z0-9]*$/;

/** Finds the nodes this transaction stamped, removes the stamps, runs `onEach` over each (a unit subquery over `n`), returns what the events need. */
export function stampedQuery(labels: string[], onEach = ""): string {
  const branches = labels.map((label) => {
    if (!LABEL.test(label)) throw new Error(`Refusing unsafe label for the knowledge feed: ${label}`);
    // The hint keeps the stamp index's seek whatever the statistics: planned while a label held few nodes (a new
    // gateway's first writes), `IN $stamps` may scan the label, in every knowledge write, while the store grows.
    return `MATCH (n:${label}) USING INDEX SEEK n:${label}(${FEED_STAMP_FIELD}) WHERE n.${FEED_STAMP_FIELD} IN $stamps RETURN n, '${label}' AS nodeType`;
  });
  return `
    CALL () { ${branches.join(" UNION ALL ")} }
    WITH n, nodeType, n.${FEED_STAMP_FIELD} AS stamp
    REMOVE n.${FEED_STAMP_FIELD}
    ${onEach ? `WITH n, nodeType, stamp ${onEach}` : ""}
    RETURN nodeType, stamp, n.id AS id, n.ownerId AS ownerId, n.visibility AS visibility,
           coalesce(n.sharedWith, []) AS sharedWith, coalesce(n.domains, []) AS domains, n.confidence AS confidence,
           n.overallRisk AS overallRisk, coalesce(n.title, n.topic, n.name, n.insight, n.description, n.scope, n.target, n.content) AS summary
    ORDER BY stamp, nodeType, id`;
}

/**
 * Generated create/update mutations of knowledge, with their outbox events in
 * the same transaction (docs/knowledge-feed.md): the mutation runs with
 * `executionContext` set to a transaction the gateway holds (@neo4j/graphql
 * then runs its Cypher there and neither commits nor rolls back), the nodes it
 * stamped are read back, one event per node is appended, then it commits. Any
 * failure rolls back the write and its events together; transient failures
 * (deadlocks) run the whole mutation again in a new transaction.
 */
export function knowledgeOutbox({ driver, database, outbox, labels, now = () => new Date(), onEachWritten, afterWrite }: KnowledgeOutboxDeps): KnowledgeWriteRunner {
  const query = labels.length ? stampedQuery(labels, onEachWritten) : null;
  return async (caller, context, run) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeOnce(caller, context, run);
      } catch (err) {
        // Writers that touch the same nodes can deadlock; Neo4j breaks it by failing one transaction,
        // which then runs again, whole, in a new one (after a short random pause).
        if (attempt >= MAX_ATTEMPTS || !isDeadlock(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  };

  async function writeOnce<T>(caller: Caller, context: object, run: (context: object) => Promise<T>): Promise<{ result: T; events: OutboxEvent[] }> {
    // The managed transaction also retries transient errors in a fresh one: the generated mutation simply runs again there.
    const { result, events } = await writeWithEvents({ driver, database, outbox }, async (tx) => {
      const feedWriteId = randomUUID();
      const scoped: FeedWriteContext & { executionContext: object } = { ...context, executionContext: tx.forGraphql(), feedWriteId };
      const result = await run(scoped);
      if (!query) return { result, staged: null };
      const read = await tx.run(stampedNodes(query, feedWriteId));
      const at = now();
      const written = afterWrite ? await afterWrite(tx, caller, read, at) : read;
      return { result, staged: await appendOutboxEvents(tx, written.map((w) => knowledgeEvent(caller, w, at))) };
    });
    // Not numbered (logged by the sequencer): the feed's poller reads them once a sweep has.
    return { result, events: events ?? [] };
  }
}

const MAX_ATTEMPTS = 8;

/** A deadlock Neo4j resolved by failing this transaction (whatever code the driver gave it). */
function isDeadlock(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return (typeof code === "string" && code.includes("DeadlockDetected")) || (typeof message === "string" && /can't acquire \w+Lock/.test(message));
}

const VISIBILITIES = ["PRIVATE", "SHARED"] as const;

/** The nodes stampedQuery finds for one write (its CREATE and UPDATE stamps), as the events describe them. */
export const stampedNodes = (query: string, feedWriteId: string): Statement<WrittenKnowledge> => ({
  cypher: query,
  params: { stamps: [`CREATE:${feedWriteId}`, `UPDATE:${feedWriteId}`] },
  decode: writtenOf,
});

function writtenOf(row: Row): WrittenKnowledge {
  const confidence = row.value("confidence");
  return {
    nodeType: row.string("nodeType"),
    operation: row.string("stamp").startsWith("CREATE:") ? "CREATE" : "UPDATE",
    id: row.string("id"),
    ownerId: row.string("ownerId"),
    visibility: row.oneOf("visibility", VISIBILITIES),
    sharedWith: row.strings("sharedWith"),
    domains: row.strings("domains"),
    // Only a number is a confidence, as the events have always read it.
    confidence: typeof confidence === "number" ? confidence : null,
    overallRisk: row.stringOrNull("overallRisk"),
    summary: row.stringOrNull("summary"),
  };
}
