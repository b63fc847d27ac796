import type { GraphTarget } from "../graph/executor.js";
import { loadAllReadersRules, loadReaderRules, readerKey, type ReaderRules } from "./loadFeedRules.js";

interface TenantRules {
  version: number;
  at: number;
  /** Each reader's rules as read (a reader that joined since is read alone and added). */
  readers: Map<string, Promise<ReaderRules>>;
  /** Readers that asked since this read: the next read is for them. */
  asked: Set<string>;
  /** The read due by time, while it runs: these rules serve until it is in (it replaces this entry), or it failed. */
  next: Promise<void> | null;
}

type Batch = { tenantId: string; version: number; agents: string[] }[];

/**
 * The subscription rules of the feed readers in this process, read in one
 * statement for all of them, of every tenant, and kept for `refreshMs` (rules
 * changed through another process are seen within it and one read) or until
 * this process changes a tenant's rules (`version`: that tenant is read again
 * at once, alone). When a tenant's read is due, every tenant read at least half
 * a refresh ago is read with it, so the tenants of a process fall into step and
 * an idle process sends one statement a refresh, not one a tenant. A read due by
 * time runs behind the kept rules, which serve until it is in: a delivery does
 * not wait for a statement that finds, nearly always, what it had (rules kept
 * for two refreshes without a read are not served: the asker waits). A reader
 * that stops asking drops out of the next read, and a tenant nobody asked
 * about out of the cache.
 */
export function createReaderRulesCache(target: GraphTarget, refreshMs = 5000, now: () => number = Date.now) {
  const tenants = new Map<string, TenantRules>();
  /** A read nobody awaits must not fail unhandled: whoever awaits it still sees the error. */
  const quiet = <T>(p: Promise<T>): Promise<T> => {
    p.catch(() => {});
    return p;
  };

  /** Reads these tenants' readers in one statement; each tenant's entry is replaced now by one awaiting that read. */
  function read(batch: Batch): void {
    const all = loadAllReadersRules(target, readersOf(batch));
    const at = now();
    for (const { tenantId, version, agents } of batch) {
      const next = entry(version, at, agents, all, tenantId);
      tenants.set(tenantId, next);
      // A failed read is not kept: the next ask reads again.
      all.catch(() => tenants.get(tenantId) === next && tenants.delete(tenantId));
    }
  }

  /** Reads these tenants' readers in one statement, behind their kept rules: each entry is replaced once the read is in. */
  function refresh(batch: Batch): void {
    const all = loadAllReadersRules(target, readersOf(batch));
    const at = now();
    for (const { tenantId, version, agents } of batch) {
      const kept = tenants.get(tenantId)!;
      const next = entry(version, at, agents, all, tenantId);
      kept.next = quiet(
        all.then(
          () => {
            if (tenants.get(tenantId) !== kept) return;
            // Who asked while it ran is asked for next time too.
            for (const agentId of kept.asked) next.asked.add(agentId);
            tenants.set(tenantId, next);
          },
          (err: unknown) => {
            // Not kept: the next ask past the refresh reads again.
            kept.next = null;
            throw err;
          },
        ),
      );
    }
  }

  const readersOf = (batch: Batch) => batch.flatMap(({ tenantId, agents }) => agents.map((agentId) => ({ tenantId, agentId })));

  function entry(version: number, at: number, agents: string[], all: Promise<Map<string, ReaderRules>>, tenantId: string): TenantRules {
    const readers = new Map(agents.map((id) => [id, quiet(all.then((byReader) => byReader.get(readerKey(tenantId, id))!))]));
    return { version, at, readers, asked: new Set(), next: null };
  }

  /** The tenants read at least half a refresh ago and not being read, with the readers that asked since (the asker's tenant is one). */
  function dueBatch(): Batch {
    const batch = [];
    for (const [tenantId, t] of tenants) {
      if (t.next || now() - t.at < refreshMs / 2) continue;
      if (t.asked.size === 0) tenants.delete(tenantId);
      else batch.push({ tenantId, version: t.version, agents: [...t.asked] });
    }
    return batch;
  }

  function get(tenantId: string, agentId: string, version: number): Promise<ReaderRules> {
    const t = tenants.get(tenantId);
    if (t && t.version === version) {
      t.asked.add(agentId);
      const age = now() - t.at;
      const kept = t.readers.get(agentId);
      if (age < refreshMs) {
        if (kept) return kept;
        const one = quiet(loadReaderRules(target, tenantId, agentId));
        t.readers.set(agentId, one);
        // A failed read is not kept: the next ask reads again.
        one.catch(() => t.readers.get(agentId) === one && t.readers.delete(agentId));
        return one;
      }
      // Due by time: every tenant nearly due is read with it, behind the kept rules.
      if (!t.next) refresh(dueBatch());
      if (kept && age < 2 * refreshMs) return kept;
      // Too old to serve, or a reader new here: wait for the read and take its answer (a reader it did not
      // include, or an entry a change of this process replaced meanwhile, is asked for again).
      return t.next!.then(() => tenants.get(tenantId)?.readers.get(agentId) ?? get(tenantId, agentId, version));
    }
    // New here, or this process changed the tenant's rules: read at once, alone.
    read([{ tenantId, version, agents: [...new Set([...(t?.asked ?? []), agentId])] }]);
    const fresh = tenants.get(tenantId)!;
    fresh.asked.add(agentId);
    return fresh.readers.get(agentId)!;
  }

  return { get };
}

export type ReaderRulesCache = ReturnType<typeof createReaderRulesCache>;
