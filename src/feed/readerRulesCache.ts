import type { GraphTarget } from "../graph/executor.js";
import { loadAllReadersRules, loadReaderRules, readerKey, type ReaderRules } from "./loadFeedRules.js";

interface TenantRules {
  version: number;
  at: number;
  /** Each reader's rules as read (a reader that joined since is read alone and added). */
  readers: Map<string, Promise<ReaderRules>>;
  /** Readers that asked since this read: the next read is for them. */
  asked: Set<string>;
}

/**
 * The subscription rules of the feed readers in this process, read in one
 * statement for all of them, of every tenant, and kept for `refreshMs` (rules
 * changed through another process are seen within it) or until this process
 * changes a tenant's rules (`version`: that tenant is read again at once,
 * alone). When a tenant's read is due, every tenant read at least half a
 * refresh ago is read with it, so the tenants of a process fall into step and
 * an idle process sends one statement a refresh, not one a tenant. A reader
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
  function read(batch: { tenantId: string; version: number; agents: string[] }[]): void {
    const all = loadAllReadersRules(target, batch.flatMap(({ tenantId, agents }) => agents.map((agentId) => ({ tenantId, agentId }))));
    const at = now();
    for (const { tenantId, version, agents } of batch) {
      const next: TenantRules = { version, at, readers: new Map(agents.map((id) => [id, quiet(all.then((byReader) => byReader.get(readerKey(tenantId, id))!))])), asked: new Set() };
      tenants.set(tenantId, next);
      // A failed read is not kept: the next ask reads again.
      all.catch(() => tenants.get(tenantId) === next && tenants.delete(tenantId));
    }
  }

  /** The tenants read at least half a refresh ago, with the readers that asked since (the asker's tenant is one). */
  function dueBatch(): { tenantId: string; version: number; agents: string[] }[] {
    const batch = [];
    for (const [tenantId, t] of tenants) {
      if (now() - t.at < refreshMs / 2) continue;
      if (t.asked.size === 0) tenants.delete(tenantId);
      else batch.push({ tenantId, version: t.version, agents: [...t.asked] });
    }
    return batch;
  }

  return {
    get(tenantId: string, agentId: string, version: number): Promise<ReaderRules> {
      const t = tenants.get(tenantId);
      if (t && t.version === version && now() - t.at < refreshMs) {
        t.asked.add(agentId);
        let mine = t.readers.get(agentId);
        if (!mine) {
          const one = quiet(loadReaderRules(target, tenantId, agentId));
          t.readers.set(agentId, (mine = one));
          // A failed read is not kept: the next ask reads again.
          one.catch(() => t.readers.get(agentId) === one && t.readers.delete(agentId));
        }
        return mine;
      }
      if (t && t.version === version) {
        // Due by time: every tenant nearly due is read with it.
        t.asked.add(agentId);
        read(dueBatch());
      } else {
        // New here, or this process changed the tenant's rules: read at once, alone.
        read([{ tenantId, version, agents: [...new Set([...(t?.asked ?? []), agentId])] }]);
      }
      const entry = tenants.get(tenantId)!;
      entry.asked.add(agentId);
      return entry.readers.get(agentId)!;
    },
  };
}

export type ReaderRulesCache = ReturnType<typeof createReaderRulesCache>;
