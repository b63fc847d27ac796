import { executor } from "../graph/executor.js";
import type { GameDeps } from "./gameDeps.js";

/**
 * Blobs put this recently are never swept: their turn's transaction may not
 * have committed yet (the bytes are put before it).
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

type SweepDeps = Pick<GameDeps, "driver" | "database" | "screenshots">;

/** The sha256 of every Screenshot node of `tenant` whose bytes are on disk. */
async function referencedKeys(deps: SweepDeps, tenant: string): Promise<Set<string>> {
  const keys = await executor(deps).read({
    cypher: "MATCH (n:Screenshot {tenantId: $tenant}) WHERE n.store = 'disk' RETURN DISTINCT n.sha256 AS key",
    params: { tenant },
    decode: (row) => row.string("key"),
  });
  return new Set(keys);
}

/**
 * Removes the screenshot blobs that no Screenshot node of their tenant names
 * any more (turns, sessions or tenants deleted; a turn whose transaction
 * failed after its bytes were put), except those put in the last
 * SWEEP_GRACE_MS before `now`. A blob put again while the sweep runs is kept.
 * Returns how many it removed.
 */
export async function sweepScreenshotBlobs(deps: SweepDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SWEEP_GRACE_MS);
  const candidates = new Map<string, string[]>();
  for await (const blob of deps.screenshots.blobs.list()) {
    if (blob.putAt >= cutoff) continue;
    candidates.set(blob.tenant, [...(candidates.get(blob.tenant) ?? []), blob.key]);
  }
  let removed = 0;
  for (const [tenant, keys] of candidates) {
    const referenced = await referencedKeys(deps, tenant);
    for (const key of keys) {
      if (!referenced.has(key) && (await deps.screenshots.blobs.delete(tenant, key, cutoff))) removed++;
    }
  }
  return removed;
}

export interface ScreenshotSweeper {
  /** One sweep now (what the timer runs); resolves with the number of blobs removed. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sweeps unreferenced screenshot blobs every `config.screenshotSweepMs`, by
 * `deps.now()`; a sweep never overlaps the previous one, and a failed one is
 * logged and retried at the next tick. The timer does not keep the process alive.
 */
export function startScreenshotSweeper(deps: SweepDeps & Pick<GameDeps, "config" | "logger" | "now">): ScreenshotSweeper {
  let running: Promise<number> | null = null;
  const sweep = () => {
    running ??= sweepScreenshotBlobs(deps, deps.now())
      .then((removed) => {
        if (removed > 0) deps.logger.info({ removed }, "Removed screenshot files no turn names any more");
        return removed;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => deps.logger.warn({ err }, "Screenshot sweep failed; retrying at the next tick"));
  }, deps.config.screenshotSweepMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
