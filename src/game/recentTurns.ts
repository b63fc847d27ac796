import type { Caller } from "../core/caller.js";
import type { Row } from "../graph/statement.js";
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

/** A turn's map (lastTurns.ts FACTS, or the GameSession.patterns field's) as what the compact form and the detectors read. */
export const toTurnFacts = (row: Row): TurnFacts => {
  const id = row.stringOrNull("id");
  return {
    ...(id === null ? {} : { id }),
    number: row.numberOrNull("number") ?? 0,
    buttonPresses: row.stringsOrEmpty("buttonPresses"),
    success: row.boolean("success"),
    location: row.stringOrNull("location") ?? "unknown",
    terrain: row.stringOrNull("terrain"),
    obstacles: row.stringsOrEmpty("obstacles"),
    inBattle: row.boolean("inBattle"),
  };
};

/** The game agent's compact memory of a session's last `last` turns, with their patterns. */
export async function recentTurns(deps: Pick<GameDeps, "driver" | "database">, caller: Caller, sessionId: string, last: number): Promise<RecentTurns> {
  const { session, turns } = await loadLastTurns(deps, caller, sessionId, last);
  return { sessionId, sessionTurns: session.turnsCompleted, sessionStatus: session.status, ...compactMemory(turns.map(toTurnFacts)) };
}
