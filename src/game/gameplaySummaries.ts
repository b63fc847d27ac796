import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import { visibleAs } from "../graph/visibleAs.js";
import type { GameDeps } from "./gameDeps.js";
import { SESSION_STATUSES } from "./gameEnums.js";

/** One of the player's earlier sessions, summed up: the game agent's general memory (`get_recent_gameplay_summary`). */
export interface GameplaySummary {
  sessionId: string;
  game: string | null;
  goal: string;
  status: (typeof SESSION_STATUSES)[number];
  startedAt: string;
  turns: number;
  successfulTurns: number;
  lastLocation: string | null;
  /** The line the prompt shows. */
  text: string;
}

// The player's sessions newest first (the current one aside), each with its turns counted and its last place.
const CYPHER = `
  MATCH (s:GameSession {tenantId: $callerTenant, ownerId: $agentId}) WHERE s.id <> $sessionId AND ${visibleAs("s")}
  WITH s ORDER BY s.startedAt DESC, s.id LIMIT $limit
  CALL (s) {
    OPTIONAL MATCH (t:Turn) WHERE t.tenantId = $callerTenant AND t.sessionId = s.id AND t.number >= 0 AND ${visibleAs("t")}
    WITH t ORDER BY t.number DESC
    RETURN count(t) AS turns, sum(CASE WHEN t.success THEN 1 ELSE 0 END) AS succeeded, head(collect(t.location)) AS lastLocation
  }
  RETURN s.id AS id, s.game AS game, s.goal AS goal, s.status AS status, s.startedAt.epochMillis AS startedAt, turns, succeeded, lastLocation
  ORDER BY startedAt DESC, id`;

/** `- [2026-11-20] "reach Pewter City" (Pokemon Red): COMPLETED, 42 turns, 38 succeeded, last at Pewter`. Pure. */
export function summaryLine(s: Omit<GameplaySummary, "text">): string {
  const game = s.game ? ` (${s.game})` : "";
  const where = s.lastLocation && s.lastLocation !== "unknown" ? `, last at ${s.lastLocation}` : "";
  return `- [${s.startedAt.slice(0, 10)}] "${s.goal.slice(0, 200)}"${game}: ${s.status}, ${s.turns} turns, ${s.successfulTurns} succeeded${where}`;
}

/** The heading of the general block when it is the gameplay summaries. */
export const summariesHeading = (n: number) => `**RECENT GAMEPLAY** (last ${n} sessions):`;

/**
 * The player's last `limit` sessions other than `sessionId` that the caller
 * may read, newest first, summed up (the game agent's
 * `memory.get_recent_gameplay_summary(limit=5)`).
 */
export async function gameplaySummaries(deps: Pick<GameDeps, "driver" | "database">, caller: Caller, agentId: string, sessionId: string, limit: number): Promise<GameplaySummary[]> {
  const rows = await executor(deps).read({
    cypher: CYPHER,
    params: { ...visibilityParams(caller), agentId, sessionId, limit: cypherInt(limit) },
    decode: (r) => ({
      sessionId: r.string("id"),
      game: r.stringOrNull("game"),
      goal: r.string("goal"),
      status: r.oneOf("status", SESSION_STATUSES),
      startedAt: new Date(r.number("startedAt")).toISOString(),
      turns: r.number("turns"),
      successfulTurns: r.number("succeeded"),
      lastLocation: r.stringOrNull("lastLocation"),
    }),
  });
  return rows.map((s) => ({ ...s, text: summaryLine(s) }));
}
