import { randomUUID } from "node:crypto";
import type { AppDeps } from "../core/appDeps.js";
import type { Caller } from "../core/caller.js";
import type { ExtractionConfig } from "../config/config.js";
import { passLoop } from "../core/passLoop.js";
import { assertFacts, validateAssertions, type ValidAssertion } from "../facts/index.js";
import { claimMessages, LeaseLostError, releaseFailed, settleAlone, settleMessages, type ClaimedMessage, type Settled } from "./extractionQueue.js";
import type { ExtractedFact, Extractor } from "./extractor.js";
import { loadKnownPeople } from "./knownPeople.js";
import { contentKey, factsByMessage, sortClaimed } from "./planPass.js";

export interface ExtractionWorker {
  /** Something was written: look soon (wake-ups within `wakeDelayMs` join one pass). */
  wake(): void;
  /** Runs passes until nothing is left that this worker may take now. */
  drain(): Promise<void>;
  /** This process stops taking messages (claims held run to their end); `resume` starts again. */
  pause(): void;
  resume(): void;
  stats(): { paused: boolean; processed: number; factsWritten: number; failures: number; lastError: string | null };
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

  async function writeOwnerGroup(tenantId: string, ownerId: string, messages: ClaimedMessage[], facts: Map<string, ExtractedFact[]>) {
    const settled: Settled[] = [];
    const assertions: ValidAssertion[] = [];
    for (const m of messages) {
      const valid = (facts.get(m.id) ?? []).map((f) => toAssertion(f, types, m.timestamp)).filter((a): a is ValidAssertion => a !== null);
      assertions.push(...valid);
      settled.push({ key: m.key, content: m.content, status: "DONE", contentKey: contentKey(m.content), note: null, facts: valid.length, extractor: label });
    }
    if (assertions.length === 0) return settleAlone(driver, database, worker, settled);
    const caller: Caller = { tenantId, agentId: ownerId, roles: ["agent"] };
    const indexed = assertions.map((a, index) => ({ ...a, index }));
    await assertFacts(deps, caller, indexed, deps.schema.factRelations, { inTransaction: (tx) => settleMessages(tx, worker, settled), embed: false });
    counts.factsWritten += assertions.length;
  }

  async function readTenant(tenantId: string, messages: ClaimedMessage[]) {
    const people = await loadKnownPeople(
      driver,
      database,
      tenantId,
      messages.flatMap((m) => [...(m.authorPersonId ? [m.authorPersonId] : []), ...m.mentions]),
      messages.map((m) => m.content),
    );
    const batch = messages.map((m) => ({
      id: m.id,
      text: m.content,
      timestamp: m.timestamp,
      authorPersonId: m.authorPersonId ?? undefined,
      mentions: m.mentions,
      conversationId: m.channelId ?? undefined,
    }));
    const facts = factsByMessage(messages, await extractor.extract(batch, { people }));
    const byOwner = new Map<string, ClaimedMessage[]>();
    for (const m of messages) byOwner.set(m.ownerId, [...(byOwner.get(m.ownerId) ?? []), m]);
    for (const [ownerId, group] of byOwner) {
      try {
        await writeOwnerGroup(tenantId, ownerId, group, facts);
      } catch (err) {
        if (err instanceof LeaseLostError) {
          logger.warn({ err }, "Extraction lease lost; the new holder writes these messages' facts");
          continue;
        }
        throw Object.assign(err as Error, { keys: group.map((m) => m.key) });
      }
    }
  }

  /** One batch: claim, sort, read, write. Returns how many messages it settled or released. */
  async function pass(): Promise<number> {
    const claimed = await claimMessages(driver, database, worker, { limit: config.batchSize, leaseSeconds: config.leaseSeconds, tenants: config.onlyTenants });
    if (claimed.length === 0) return 0;
    const { byTenant, settled } = sortClaimed(claimed, config.offTenants, label);
    await settleAlone(driver, database, worker, settled);
    for (const [tenantId, messages] of byTenant) {
      try {
        await readTenant(tenantId, messages);
      } catch (err) {
        const keys = (err as { keys?: string[] }).keys ?? messages.map((m) => m.key);
        counts.failures++;
        counts.lastError = (err as Error).message;
        logger.error({ err, tenantId, messages: keys.length }, "Extraction failed for a batch; its messages are retried after a back-off");
        await releaseFailed(driver, database, worker, keys, config.maxAttempts, (err as Error).message);
      }
    }
    counts.processed += claimed.length;
    return claimed.length;
  }

  const loop = passLoop({
    // One batch; another is claimed at once only when this one was full.
    pass: async () => !stopped && !paused && (await pass()) >= config.batchSize,
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
      if (!paused) loop.wake();
    },
    drain: () => loop.drain(),
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      loop.wake();
    },
    stats: () => ({ paused, ...counts }),
    async stop() {
      stopped = true;
      await loop.stop();
    },
  };
}
