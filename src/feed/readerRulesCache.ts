import type { GraphTarget } from "../graph/executor.js";
import { loadReaderRules, loadReadersRules, type ReaderRules } from "./loadFeedRules.js";

interface TenantRules {
  version: number;
  at: number;
  /** Each reader's rules as read (a reader that joined since is read alone and added). */
  readers: Map<string, Promise<ReaderRules>>;
  /** Readers that asked since this read: the next read is for them. */
  asked: Set<string>;
}

/**
 * The subscription rules of a tenant's feed readers in this process, read in
 * one statement for all of them and kept for `refreshMs` (rules changed
 * through another process are seen within it) or until this process changes
 * the tenant's rules (`version`). A reader that stops asking drops out of the
 * next read.
 */
export function createReaderRulesCache(target: GraphTarget, refreshMs = 5000, now: () => number = Date.now) {
  const tenants = new Map<string, TenantRules>();
  /** A read nobody awaits must not fail unhandled: whoever awaits it still sees the error. */
  const quiet = <T>(p: Promise<T>): Promise<T> => {
    p.catch(() => {});
    return p;
  };

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
      const agents = [...new Set([...(t?.asked ?? []), agentId])];
      const all = loadReadersRules(target, tenantId, agents);
      const next: TenantRules = {
        version,
        at: now(),
        readers: new Map(agents.map((id) => [id, quiet(all.then((byAgent) => byAgent.get(id)!))])),
        asked: new Set([agentId]),
      };
      tenants.set(tenantId, next);
      all.catch(() => tenants.get(tenantId) === next && tenants.delete(tenantId));
      return next.readers.get(agentId)!;
    },
  };
}

export type ReaderRulesCache = ReturnType<typeof createReaderRulesCache>;
