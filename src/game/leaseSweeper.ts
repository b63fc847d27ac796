import { startPeriodicSweep, type PeriodicSweep } from "../core/periodicSweep.js";
import { executor } from "../graph/executor.js";
import type { Row } from "../graph/statement.js";
import { cypherInt } from "../graph/readQuery.js";
import type { GameDeps } from "./gameDeps.js";
import { EXPIRE_LEASE } from "./sessionLifecycle.js";

/** Sessions closed per statement: a backlog is worked off in bounded transactions. */
const BATCH = 1000;

/** Closes every ACTIVE session whose lease passed before `now` as ABANDONED; returns how many. */
export async function closeExpiredSessions(deps: Pick<GameDeps, "driver" | "database">, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const statement = {
      cypher: `MATCH (s:GameSession) WHERE s.status = 'ACTIVE' AND s.leaseExpiresAt < datetime($now)
       WITH s LIMIT $batch
       ${EXPIRE_LEASE}
       RETURN count(s) AS closed`,
      params: { now: now.toISOString(), batch: cypherInt(BATCH) },
      decode: (r: Row) => r.number("closed"),
    };
    const [closed = 0] = await executor(deps).writeTransaction((tx) => tx.run(statement));
    total += closed;
    if (closed < BATCH) return total;
  }
}

/** The game agent's expired-lease sweep: `sweep()` resolves with the number of sessions closed. */
export type LeaseSweeper = PeriodicSweep;

/** Closes sessions whose lease ran out every `config.sweepIntervalMs`, by `deps.now()` (core/periodicSweep.ts). */
export function startLeaseSweeper(deps: Pick<GameDeps, "driver" | "database" | "config" | "logger" | "now">): LeaseSweeper {
  return startPeriodicSweep({
    run: () => closeExpiredSessions(deps, deps.now()),
    everyMs: deps.config.sweepIntervalMs,
    logger: deps.logger,
    done: (closed) => deps.logger.info({ closed }, "Closed game sessions whose lease ran out"),
    failed: "Game session sweep failed; retrying at the next tick",
  });
}
