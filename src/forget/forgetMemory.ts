import { randomUUID } from "node:crypto";
import type { AppDeps } from "../core/appDeps.js";
import type { Caller } from "../core/caller.js";
import type { StagedEvents } from "../core/outboxEvent.js";
import { canWrite, visibilityParams } from "../auth/policy.js";
import { ForbiddenError, NotFoundError } from "../errors/errors.js";
import { appendOutboxEvent, writeWithEvents } from "../feed/index.js";
import type { Tx } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import { noRows, onlyRow, type Row, type Statement } from "../graph/statement.js";
import { AUDIT, FIND_FORGETTABLE, forgetStatement } from "./forgetStatements.js";

export const MEMORY_FORGOTTEN_EVENT = "MEMORY_FORGOTTEN";

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

const VISIBILITIES = ["PRIVATE", "SHARED"] as const;

/** A forgettable node's type and who may read and change it. */
interface ForgettableNode {
  nodeType: string;
  ownerId: string;
  visibility: (typeof VISIBILITIES)[number];
  sharedWith: string[];
  domains: string[];
}

/** The node `id` as FIND_FORGETTABLE reads it: null when the caller may not read it. */
const forgettable = (caller: Caller, id: string): Statement<ForgettableNode | null> => ({
  cypher: FIND_FORGETTABLE,
  params: { ...visibilityParams(caller), id },
  decode: (r: Row) =>
    r.boolean("readable")
      ? { nodeType: r.string("nodeType"), ownerId: r.string("ownerId"), visibility: r.oneOf("visibility", VISIBILITIES), sharedWith: r.strings("sharedWith"), domains: r.strings("domains") }
      : null,
});

/** The forgettable node `id`, locked: NOT_FOUND unless the caller may read it, FORBIDDEN unless it may change it. */
export async function findOwned(tx: Tx, caller: Caller, id: string, action: string) {
  const [found] = await tx.run(forgettable(caller, id));
  if (!found) throw new NotFoundError(`Nothing with id ${id} that you may read in this tenant`);
  const node = { ...found, tenantId: caller.tenantId };
  if (!canWrite(caller, node)) throw new ForbiddenError(`Only its owner "${node.ownerId}" or an admin may ${action} ${node.nodeType} ${id}`);
  return node;
}

/** What forgetStatement removed besides the node, by kind. */
const removedCounts = (r: Row) => ({
  versions: r.number("versions"),
  derived: r.number("derived"),
  poolEntries: r.number("poolEntries"),
  events: r.number("events"),
  traces: r.number("traces"),
});

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
  const counts = onlyRow(await tx.run({ cypher: forgetStatement(node.nodeType), params, decode: removedCounts }));
  const report: ForgetReport = {
    id,
    nodeType: node.nodeType,
    versionsRemoved: counts.versions,
    derivedRemoved: counts.derived,
    poolEntriesRemoved: counts.poolEntries,
    eventsCleared: counts.events,
    tracesRemoved: counts.traces,
    auditId: randomUUID(),
  };
  const removed = 1 + report.versionsRemoved + report.derivedRemoved;
  await tx.run(noRows(AUDIT, { ...params, auditId: report.auditId, action: "FORGET", nodeId: id, nodeType: node.nodeType, ownerId: node.ownerId, removed: cypherInt(removed), at: at.toISOString() }));
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
