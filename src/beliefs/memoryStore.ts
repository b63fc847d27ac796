import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import type { Tx } from "../graph/executor.js";
import { noRows } from "../graph/statement.js";
import type { StagedEvents } from "../core/outboxEvent.js";
import { appendOutboxEvent, writeWithEvents } from "../feed/index.js";
import { KNOWLEDGE_STORED_EVENT, knowledgeEvent } from "./beliefEvents.js";
import type { BeliefDeps } from "./beliefDeps.js";
import { joinPool } from "./joinPool.js";
import { joinsPool } from "./sharedPool.js";
import { CREATE_STATEMENT, STORED_AS, headline, type MemoryKind } from "./memoryKinds.js";

export interface StoreArgs {
  content: string;
  kind: MemoryKind;
  confidence: number;
  domains: string[];
  /** InsightCategory, for INSIGHT only. */
  category: string | null;
  /** Outcome, for EXPERIENCE only. */
  outcome: string | null;
}

export interface StoredMemory {
  id: string;
  kind: MemoryKind;
  confidence: number | null;
  pooled: boolean;
}

/**
 * The agent team's memory_store, in one transaction: a caller-owned Belief, Insight,
 * Experience, or one of the note's knowledge types (memoryKinds.ts); knowledge at the pool threshold joins the
 * shared pool, and a KNOWLEDGE_STORED event is appended last. An Experience
 * has no confidence: it waits for the next reflection.
 */
export async function memoryStore(deps: BeliefDeps, caller: Caller, args: StoreArgs, id: string = randomUUID()): Promise<StoredMemory> {
  return (await writeWithEvents(deps, (tx) => storeIn(tx, deps, caller, args, id))).result;
}

/** The caller-owned node of `args.kind`, created under `id`. */
const createMemory = (caller: Caller, args: StoreArgs, id: string, at: Date) =>
  noRows(CREATE_STATEMENT[args.kind], {
    id,
    headline: headline(args.content),
    tenantId: caller.tenantId,
    ownerId: caller.agentId,
    confidence: args.confidence,
    domains: args.domains,
    content: args.content,
    category: args.category,
    outcome: args.outcome,
    at: at.toISOString(),
  });

async function storeIn(tx: Tx, deps: BeliefDeps, caller: Caller, args: StoreArgs, id: string): Promise<{ result: StoredMemory; staged: StagedEvents | null }> {
  const at = deps.now();
  await tx.run(createMemory(caller, args, id, at));
  if (args.kind === "EXPERIENCE") return { result: { id, kind: args.kind, confidence: null, pooled: false }, staged: null };
  const label = STORED_AS[args.kind];
  const pooled = joinsPool(args.confidence, deps.poolThreshold);
  if (pooled) await joinPool(tx, { tenantId: caller.tenantId, label, knowledgeIds: [id], reason: "CONFIDENCE", threshold: deps.poolThreshold, sharedBy: caller.agentId, at });
  const node = { id, nodeType: label, ownerId: caller.agentId, visibility: pooled ? ("SHARED" as const) : ("PRIVATE" as const), sharedWith: [], domains: args.domains, confidence: args.confidence };
  const staged = await appendOutboxEvent(tx, knowledgeEvent(KNOWLEDGE_STORED_EVENT, node, caller, { kind: args.kind, pooled }, at));
  return { result: { id, kind: args.kind, confidence: args.confidence, pooled }, staged };
}
