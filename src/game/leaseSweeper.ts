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

export interface LeaseSweeper {
  /** One sweep now (what the timer runs); resolves with the number of sessions closed. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sweeps expired leases every `config.sweepIntervalMs`, by `deps.now()`. A
 * sweep never overlaps the previous one, and a failed sweep is logged and
 * retried at the next tick. The timer does not keep the process alive.
 */
export function startLeaseSweeper(deps: Pick<GameDeps, "driver" | "database" | "config" | "logger" | "now">): LeaseSweeper {
  let running: Promise<number> | null = null;
  const sweep = () => {
    running ??= closeExpiredSessions(deps, deps.now())
      .then((closed) => {
        if (closed > 0) deps.logger.info({ closed }, "Closed game sessions whose lease ran out");
        return closed;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => deps.logger.warn({ err }, "Game session sweep failed; retrying at the next tick"));
  }, deps.config.sweepIntervalMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
