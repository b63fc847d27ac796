import { startPeriodicSweep, type PeriodicSweep } from "../core/periodicSweep.js";
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

/** The sweep of screenshot files no node names: `sweep()` resolves with the number of files removed. */
export type ScreenshotSweeper = PeriodicSweep;

/** Removes unreferenced screenshot blobs every `config.screenshotSweepMs`, by `deps.now()` (core/periodicSweep.ts). */
export function startScreenshotSweeper(deps: SweepDeps & Pick<GameDeps, "config" | "logger" | "now">): ScreenshotSweeper {
  return startPeriodicSweep({
    run: () => sweepScreenshotBlobs(deps, deps.now()),
    everyMs: deps.config.screenshotSweepMs,
    logger: deps.logger,
    done: (removed) => deps.logger.info({ removed }, "Removed screenshot files no turn names any more"),
    failed: "Screenshot sweep failed; retrying at the next tick",
  });
}
