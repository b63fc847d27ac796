import { randomUUID } from "node:crypto";
import type { AppDeps } from "../core/appDeps.js";
import type { ExtractionConfig } from "../config/config.js";
import { passLoop } from "../core/passLoop.js";
import { assertFactBatch, validateAssertions, type FactBatchGroup, type ValidAssertion } from "../facts/index.js";
import { claimMessages, LeaseLostError, releaseFailed, settleAlone, settleMessages, type ClaimedMessage, type Settled } from "./extractionQueue.js";
import type { ExtractedFact, Extractor } from "./extractor.js";
import { passDelay, servingWrites, type BudgetState } from "./busyBudget.js";
import { loadKnownPeople } from "./knownPeople.js";
import { createPhaseTimes, type Phase } from "./phaseTimes.js";
import { contentKey, factsByMessage, sortClaimed } from "./planPass.js";

export interface ExtractionWorker {
  /**
   * Something was written through the gateway: look soon (wake-ups within
   * `wakeDelayMs` join one pass). A wake-up is also the sign of foreground
   * load: for `quietMs` after it, passes keep to `maxBusyShare` of the time.
   */
  wake(): void;
  /** A write that stored no message was served: foreground load all the same (the share above), without a wake-up. */
  foreground(): void;
  /** Runs passes until nothing is left that this worker may take now. */
  drain(): Promise<void>;
  /** This process stops taking messages (claims held run to their end); `resume` starts again. */
  pause(): void;
  resume(): void;
  stats(): { paused: boolean; processed: number; factsWritten: number; failures: number; lastError: string | null; phases: Record<Phase, number> };
  stop(): Promise<void>;
}

export interface ExtractionWorkerOptions {
  deps: Pick<AppDeps, "driver" | "database" | "embedder" | "now" | "logger" | "schema">;
  extractor: Extractor;
  config: ExtractionConfig;
  pollMs?: number;
  wakeDelayMs?: number;
  /** Names this process in leases (tests run several in one process). */
  workerId?: string;
  /** Milliseconds, monotonic (tests inject one). */
  clock?: () => number;
}

/** One extracted fact as assertFacts checks it; a fact that breaks a rule is dropped (and counted), never written half. */
function toAssertion(fact: ExtractedFact, types: readonly string[], saidAt: string): ValidAssertion | null {
  try {
    const [valid] = validateAssertions([{ ...fact, evidence: [...fact.evidence] }], types);
    return { ...valid!, source: fact.source.slice(0, 200), observedAt: saidAt };
  } catch {
    return null;
  }
}

/**
 * Learns facts from messages after their write committed, like the embedding
 * worker embeds them: every write of a message sets `extractionStatus:
 * PENDING` in its own transaction, so nothing is lost if a process dies.
 *
 * A pass claims a batch under a lease (several gateway processes share the
 * queue; a crashed holder's lease lapses and another takes over), reads the
 * tenant's people the texts may name, runs the extractor, and writes each
 * owner's facts through assertFacts — merged, closed, flagged exactly as a
 * client's assertions — marking the messages DONE in that same transaction.
 * A pass that fails leaves its messages for a retry after a back-off, and
 * FAILED after `maxAttempts`.
 */
export function createExtractionWorker(options: ExtractionWorkerOptions): ExtractionWorker {
  const { deps, extractor, config, pollMs = 30_000, wakeDelayMs = 200 } = options;
  const { driver, database, logger } = deps;
  const worker = options.workerId ?? `extractor-${randomUUID()}`;
  const label = `${extractor.name}@${extractor.version}`;
  const types = deps.schema.factTypes;
  let paused = false;
  let stopped = false;
  const counts = { processed: 0, factsWritten: 0, failures: 0, lastError: null as string | null };
  const clock = options.clock ?? (() => performance.now());
  const phases = createPhaseTimes(clock);
  const budget: BudgetState = { lastForegroundAt: -Infinity, lastPass: null };

  /** Waits while the budget says so (foreground writes going on), unless the worker stops or pauses meanwhile. */
  async function withinBudget(): Promise<void> {
    for (let wait = passDelay(budget, clock(), config); wait > 0 && !stopped && !paused; wait = passDelay(budget, clock(), config)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** One tenant's share of a batch, read and ready to write; or the error that reading it raised. */
  type ReadTenant =
    | { tenantId: string; messages: ClaimedMessage[]; groups: FactBatchGroup[]; settled: Settled[]; written: number }
    | { tenantId: string; messages: ClaimedMessage[]; error: Error };

  async function readTenant(tenantId: string, messages: ClaimedMessage[]): Promise<ReadTenant> {
    const people = await phases.time("people", () =>
      loadKnownPeople(
        driver,
        database,
        tenantId,
        messages.flatMap((m) => [...(m.authorPersonId ? [m.authorPersonId] : []), ...m.mentions]),
        messages.map((m) => m.content),
      ),
    );
    const batch = messages.map((m) => ({
      id: m.id,
      text: m.content,
      timestamp: m.timestamp,
      authorPersonId: m.authorPersonId ?? undefined,
      mentions: m.mentions,
      conversationId: m.channelId ?? undefined,
    }));
    const facts = factsByMessage(messages, await phases.time("extract", () => extractor.extract(batch, { people })));
    // Each message owner asserts its messages' facts; the whole batch is written and settled in one transaction.
    const groups = new Map<string, FactBatchGroup & { assertions: ValidAssertion[] }>();
    const settled: Settled[] = [];
    for (const m of messages) {
      const valid = (facts.get(m.id) ?? []).map((f) => toAssertion(f, types, m.timestamp)).filter((a): a is ValidAssertion => a !== null);
      const group = groups.get(m.ownerId) ?? { caller: { tenantId, agentId: m.ownerId, roles: ["agent"] }, assertions: [] };
      for (const a of valid) group.assertions.push({ ...a, index: group.assertions.length });
      groups.set(m.ownerId, group);
      settled.push({ key: m.key, content: m.content, status: "DONE", contentKey: contentKey(m.content), note: null, facts: valid.length, extractor: label });
    }
    const written = [...groups.values()].reduce((n, g) => n + g.assertions.length, 0);
    return { tenantId, messages, groups: [...groups.values()], settled, written };
  }

  async function writeTenant(read: ReadTenant): Promise<void> {
    if ("error" in read) return releaseTenant(read, read.error);
    const { groups, settled, written } = read;
    try {
      if (written === 0) await phases.time("settle", () => settleAlone(driver, database, worker, settled));
      else await phases.time("write", () => assertFactBatch(deps, groups, deps.schema.factRelations, (tx) => settleMessages(tx, worker, settled)));
      counts.factsWritten += written;
    } catch (err) {
      if (err instanceof LeaseLostError) logger.warn({ err }, "Extraction lease lost; the new holder writes these messages' facts");
      else await releaseTenant(read, err as Error);
    }
  }

  /** A tenant's share that failed (read or write): its messages wait out a back-off, then FAILED after maxAttempts. */
  async function releaseTenant(read: ReadTenant, err: Error): Promise<void> {
    const keys = read.messages.map((m) => m.key);
    counts.failures++;
    counts.lastError = err.message;
    logger.error({ err, tenantId: read.tenantId, messages: keys.length }, "Extraction failed for a batch; its messages are retried after a back-off");
    await releaseFailed(driver, database, worker, keys, config.maxAttempts, err.message);
  }

  /** A claimed batch, read: the messages settled unread are settled already. */
  interface ReadBatch {
    claimed: number;
    tenants: ReadTenant[];
  }

  /** Claims a batch, settles what is not read, and reads the rest (people, extractor); writes nothing of it. */
  async function readBatch(): Promise<ReadBatch> {
    const claimed = await phases.time("claim", () => claimMessages(driver, database, worker, { limit: config.batchSize, leaseSeconds: config.leaseSeconds, tenants: config.onlyTenants }));
    if (claimed.length === 0) return { claimed: 0, tenants: [] };
    const { byTenant, settled } = sortClaimed(claimed, config.offTenants, label);
    await phases.time("settle", () => settleAlone(driver, database, worker, settled));
    const tenants: ReadTenant[] = [];
    for (const [tenantId, messages] of byTenant) {
      tenants.push(await readTenant(tenantId, messages).catch((err: unknown) => ({ tenantId, messages, error: err as Error })));
    }
    return { claimed: claimed.length, tenants };
  }

  /**
   * The next batch, claimed and read while this one is written: reading is
   * this process's CPU (the extractor), writing is mostly Neo4j's, so on a
   * backlog the two overlap. Only while no foreground writes are served (the
   * budget above keeps passes short then) and only after a full batch.
   */
  let next: Promise<ReadBatch> | null = null;

  /** One batch: claim, sort, read, write. Returns how many messages it settled or released. */
  async function pass(): Promise<number> {
    const batch = await (next ?? readBatch());
    next = null;
    if (batch.claimed === 0) return 0;
    if (batch.claimed >= config.batchSize && !paused && !stopped && !servingWrites(budget, clock(), config.quietMs)) {
      next = readBatch();
      // Awaited by the next pass (or by finishHeld); a failure surfaces there, not as an unhandled rejection.
      next.catch(() => undefined);
    }
    for (const read of batch.tenants) await writeTenant(read);
    counts.processed += batch.claimed;
    return batch.claimed;
  }

  /** A batch read ahead is written even when the worker pauses or stops: claims held run to their end. */
  async function finishHeld(): Promise<void> {
    if (next) await pass();
  }

  const loop = passLoop({
    // One batch; another is claimed at once only when this one was full.
    pass: async () => {
      await withinBudget();
      if (stopped || paused) {
        await finishHeld();
        return false;
      }
      const start = clock();
      // Full batches always: the extractor reads a message in the context of the batch's earlier
      // messages (who "she" is), so smaller batches under load would learn fewer facts.
      const settled = await pass();
      budget.lastPass = { start, end: clock() };
      return settled >= config.batchSize;
    },
    pollMs,
    wakeDelayMs,
    onFailure: (err) => {
      counts.failures++;
      counts.lastError = (err as Error).message;
      logger.error({ err }, "Extraction pass failed; pending messages stay PENDING and are retried");
      // The next poll or wake-up tries again: the messages' own back-off is in their leases.
      return null;
    },
  });

  return {
    wake() {
      budget.lastForegroundAt = clock();
      if (!paused) loop.wake();
    },
    foreground() {
      budget.lastForegroundAt = clock();
    },
    drain: () => loop.drain(),
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      loop.wake();
    },
    stats: () => ({ paused, ...counts, phases: phases.totals() }),
    async stop() {
      stopped = true;
      await loop.stop();
      await finishHeld();
    },
  };
}
