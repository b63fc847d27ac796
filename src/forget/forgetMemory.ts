import { randomUUID } from "node:crypto";
import neo4j from "neo4j-driver";
import type { AppDeps } from "../core/appDeps.js";
import type { Caller } from "../core/caller.js";
import type { StagedEvents } from "../core/outboxEvent.js";
import type { Tx } from "../graph/executor.js";
import { noRows, type Row, type Statement } from "../graph/statement.js";
import { canWrite, visibilityParams } from "../auth/policy.js";
import { ForbiddenError, NotFoundError } from "../errors/errors.js";
import { appendOutboxEvent, writeWithEvents } from "../feed/index.js";
import { AUDIT, FIND_FORGETTABLE, forgetStatement } from "./forgetStatements.js";

export const MEMORY_FORGOTTEN_EVENT = "MEMORY_FORGOTTEN";

/** A statement whose rows are read as they come (this file's own reads, not yet decoded: #51). */
const rows = (cypher: string, params: Record<string, unknown>): Statement<Row> => ({ cypher, params, decode: (row) => row });

/** What forgetMemory removed (schema/forget.graphql ForgetReport). */
export interface ForgetReport {
  id: string;
  nodeType: string;
  versionsRemoved: number;
  derivedRemoved: number;
  poolEntriesRemoved: number;
  eventsCleared: number;
  tracesRemoved: number;
  auditId: string;
}

/** The forgettable node `id`, locked: NOT_FOUND unless the caller may read it, FORBIDDEN unless it may change it. */
export async function findOwned(tx: Tx, caller: Caller, id: string, action: string) {
  const [row] = await tx.run(rows(FIND_FORGETTABLE, { ...visibilityParams(caller), id }));
  if (!row || row.value("readable") !== true) throw new NotFoundError(`Nothing with id ${id} that you may read in this tenant`);
  const node = {
    nodeType: row.value("nodeType") as string,
    tenantId: caller.tenantId,
    ownerId: row.value("ownerId") as string,
    visibility: row.value("visibility") as "PRIVATE" | "SHARED",
    sharedWith: row.value("sharedWith") as string[],
    domains: row.value("domains") as string[],
  };
  if (!canWrite(caller, node)) throw new ForbiddenError(`Only its owner "${node.ownerId}" or an admin may ${action} ${node.nodeType} ${id}`);
  return node;
}

const count = (v: unknown) => neo4j.integer.toNumber(v as number);

/**
 * Forgets one node the caller owns (or, as an admin, any of its tenant), in
 * one transaction: the node and every copy of its content (forgetStatement),
 * an audit record without the content, and a MEMORY_FORGOTTEN feed event
 * addressed to whoever could read it.
 */
export async function forgetMemory(deps: Pick<AppDeps, "driver" | "database" | "outbox" | "now">, caller: Caller, id: string): Promise<ForgetReport> {
  return (await writeWithEvents(deps, (tx) => forgetIn(tx, deps.now(), caller, id))).result;
}

async function forgetIn(tx: Tx, at: Date, caller: Caller, id: string): Promise<{ result: ForgetReport; staged: StagedEvents }> {
  const node = await findOwned(tx, caller, id, "forget");
  const params = { ...visibilityParams(caller), id };
  const row = (await tx.run(rows(forgetStatement(node.nodeType), params)))[0]!;
  const report: ForgetReport = {
    id,
    nodeType: node.nodeType,
    versionsRemoved: count(row.value("versions")),
    derivedRemoved: count(row.value("derived")),
    poolEntriesRemoved: count(row.value("poolEntries")),
    eventsCleared: count(row.value("events")),
    tracesRemoved: count(row.value("traces")),
    auditId: randomUUID(),
  };
  const removed = 1 + report.versionsRemoved + report.derivedRemoved;
  await tx.run(noRows(AUDIT, { ...params, auditId: report.auditId, action: "FORGET", nodeId: id, nodeType: node.nodeType, ownerId: node.ownerId, removed: neo4j.int(removed), at: at.toISOString() }));
  const staged = await appendOutboxEvent(tx, {
    tenantId: caller.tenantId,
    type: MEMORY_FORGOTTEN_EVENT,
    nodeId: id,
    nodeType: node.nodeType,
    actorAgentId: caller.agentId,
    ownerId: node.ownerId,
    visibility: node.visibility,
    sharedWith: node.sharedWith,
    domains: node.domains,
    confidence: null,
    tier: null,
    // No content: only that it is gone.
    payload: { forgotten: true },
    createdAt: at,
  });
  return { result: report, staged };
}
