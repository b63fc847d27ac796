import type { Caller } from "../core/caller.js";
import { toNumber } from "../graph/readQuery.js";
import { compactMemory, type CompactMemory } from "./compactMemory.js";
import type { TurnFacts } from "./compactTurn.js";
import type { GameDeps } from "./gameDeps.js";
import { loadLastTurns } from "./lastTurns.js";
import type { SessionStatus } from "./sessionState.js";

/** `RecentTurns` as the API returns it. */
export interface RecentTurns extends CompactMemory {
  sessionId: string;
  sessionTurns: number;
  sessionStatus: SessionStatus;
}

export const toTurnFacts = (row: Record<string, unknown>): TurnFacts => ({
  ...(typeof row.id === "string" ? { id: row.id } : {}),
  number: toNumber(row.number) ?? 0,
  buttonPresses: (row.buttonPresses as string[] | null) ?? [],
  success: Boolean(row.success),
  location: (row.location as string | null) ?? "unknown",
  terrain: (row.terrain as string | null) ?? null,
  obstacles: (row.obstacles as string[] | null) ?? [],
  inBattle: Boolean(row.inBattle),
});

/** The game agent's compact memory of a session's last `last` turns, with their patterns. */
export async function recentTurns(deps: Pick<GameDeps, "driver" | "database">, caller: Caller, sessionId: string, last: number): Promise<RecentTurns> {
  const { session, turns } = await loadLastTurns(deps, caller, sessionId, last);
  return { sessionId, sessionTurns: session.turnsCompleted, sessionStatus: session.status, ...compactMemory(turns.map(toTurnFacts)) };
}
