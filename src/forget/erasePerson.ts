import { randomUUID } from "node:crypto";
import type { AppDeps } from "../core/appDeps.js";
import type { Caller } from "../core/caller.js";
import type { StagedEvents } from "../core/outboxEvent.js";
import { requireRole, visibilityParams } from "../auth/policy.js";
import { NotFoundError } from "../errors/errors.js";
import { appendOutboxEvent, writeWithEvents } from "../feed/index.js";
import type { Tx } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import { noRows, onlyRow, type Row } from "../graph/statement.js";
import { AUDIT } from "./forgetStatements.js";
import { dropPassages } from "../embeddings/passageGraph.js";
import { MEMORY_FORGOTTEN_EVENT } from "./forgetMemory.js";

/** What erasePerson removed (schema/forget.graphql PersonErasure). */
export interface PersonErasure {
  personId: string;
  personRemoved: boolean;
  messagesRemoved: number;
  memoriesRemoved: number;
  factsRemoved: number;
  mentionsRemoved: number;
  tracesRemoved: number;
  auditId: string;
}

// The person's messages are those it AUTHORED and those recorded under its id (an author left unlinked, recordMessages).
// Facts are the relationships at the person node (about it, or naming it as their object): they go with it.
// Messages of others that mention it lose the MENTIONS link, not their text: they are other people's record.
const ERASE = `
  OPTIONAL MATCH (p:Person {tenantId: $callerTenant, id: $personId})
  CALL (p) {
    OPTIONAL MATCH (m:Message {tenantId: $callerTenant}) WHERE m.authorId = $personId OR (p IS NOT NULL AND (p)-[:AUTHORED]->(m))
    RETURN collect(DISTINCT m) AS messages
  }
  WITH p, messages, [m IN messages | m.id] AS messageIds
  CALL (messageIds) {
    OPTIONAL MATCH (k:Memory {tenantId: $callerTenant}) WHERE k.source IN messageIds
    WITH collect(k) AS kept
    ${dropPassages(["kept"], "kept")}
    FOREACH (k IN kept | DETACH DELETE k)
    RETURN size(kept) AS memories
  }
  CALL (p) {
    OPTIONAL MATCH (p)-[f]-() WHERE f.factId IS NOT NULL
    RETURN count(f) AS facts
  }
  CALL (p, messages) {
    OPTIONAL MATCH (:Message)-[mention:MENTIONS]->(p) WHERE NOT startNode(mention) IN messages
    WITH collect(mention) AS mentions
    FOREACH (r IN mentions | DELETE r)
    RETURN size(mentions) AS mentions
  }
  CALL (messageIds) {
    OPTIONAL MATCH (run:RetrievalRun {tenantId: $callerTenant})
    WHERE run.steps CONTAINS $personId OR any(id IN messageIds WHERE run.steps CONTAINS id)
    WITH collect(run) AS runs
    FOREACH (r IN runs | DETACH DELETE r)
    RETURN size(runs) AS traces
  }
  ${dropPassages(["messages"], "messages")}
  FOREACH (m IN messages | DETACH DELETE m)
  WITH p, size(messages) AS messages, memories, facts, mentions, traces
  FOREACH (x IN CASE WHEN p IS NULL THEN [] ELSE [p] END | DETACH DELETE x)
  RETURN p IS NOT NULL AS personRemoved, messages, memories, facts, mentions, traces`;

/** ERASE's row: whether the person node went, and how many of each kind went with it. */
const erased = (r: Row) => ({
  personRemoved: r.boolean("personRemoved"),
  messages: r.number("messages"),
  memories: r.number("memories"),
  facts: r.number("facts"),
  mentions: r.number("mentions"),
  traces: r.number("traces"),
});

/**
 * A tenant admin erases a person on request, in one transaction: the Person
 * node with its facts, its messages and the memories agents kept of them,
 * the links of others' messages that mention it, and the retrieveContext
 * traces that quote it. Returns what went; leaves an audit record without
 * content and a MEMORY_FORGOTTEN event. NOT_FOUND when nothing is known of the person.
 */
export async function erasePerson(deps: Pick<AppDeps, "driver" | "database" | "outbox" | "now">, caller: Caller, personId: string): Promise<PersonErasure> {
  requireRole(caller, "admin", "erase a person");
  return (await writeWithEvents(deps, (tx) => eraseIn(tx, deps.now(), caller, personId))).result;
}

async function eraseIn(tx: Tx, at: Date, caller: Caller, personId: string): Promise<{ result: PersonErasure; staged: StagedEvents }> {
  const params = { ...visibilityParams(caller), personId };
  const row = onlyRow(await tx.run({ cypher: ERASE, params, decode: erased }));
  const report: PersonErasure = {
    personId,
    personRemoved: row.personRemoved,
    messagesRemoved: row.messages,
    memoriesRemoved: row.memories,
    factsRemoved: row.facts,
    mentionsRemoved: row.mentions,
    tracesRemoved: row.traces,
    auditId: randomUUID(),
  };
  if (!report.personRemoved && report.messagesRemoved === 0) throw new NotFoundError(`No person ${personId} and no message of theirs in this tenant`);
  const removed = (report.personRemoved ? 1 : 0) + report.messagesRemoved + report.memoriesRemoved;
  await tx.run(noRows(AUDIT, { ...params, auditId: report.auditId, action: "ERASE_PERSON", nodeId: personId, nodeType: "Person", ownerId: caller.agentId, removed: cypherInt(removed), at: at.toISOString() }));
  const staged = await appendOutboxEvent(tx, {
    tenantId: caller.tenantId, type: MEMORY_FORGOTTEN_EVENT, nodeId: personId, nodeType: "Person", actorAgentId: caller.agentId, ownerId: caller.agentId,
    visibility: "SHARED", sharedWith: [], domains: [], confidence: null, tier: null, payload: { forgotten: true, erasure: true }, createdAt: at,
  });
  return { result: report, staged };
}
