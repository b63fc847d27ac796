import type { Caller } from "../core/caller.js";
import { hasRole } from "../auth/policy.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors/errors.js";
import { toNumber } from "../graph/readQuery.js";

export type SessionStatus = "ACTIVE" | "COMPLETED" | "ABANDONED";
export type CloseReason = "ENDED" | "LEASE_EXPIRED" | "CONNECTION_CLOSED";

/** `GameSessionState` as the API returns it. */
export interface GameSessionState {
  id: string;
  agentId: string;
  game: string | null;
  goal: string;
  maxTurns: number;
  status: SessionStatus;
  closeReason: CloseReason | null;
  turnsCompleted: number;
  startedAt: string;
  endedAt: string | null;
  leaseExpiresAt: string | null;
  visibility: "PRIVATE" | "SHARED";
}

/** Cypher map projection of a session `s` that `toSessionState` reads. */
export const SESSION_PROJECTION = `s { .id, .ownerId, .game, .goal, .maxTurns, .status, .closeReason, .turnsCompleted, .visibility,
  startedAt: s.startedAt.epochMillis, endedAt: s.endedAt.epochMillis, leaseExpiresAt: s.leaseExpiresAt.epochMillis }`;

/**
 * Who may do what to a session `s`, as Cypher: `visible` mirrors the READ rule
 * (VISIBLE_TO_CALLER), `writable` the owner-or-admin rule. Takes the
 * parameters of `visibilityParams(caller)`.
 */
export const SESSION_ACCESS = `(s.ownerId = $callerAgent OR $callerIsAdmin OR s.visibility = 'SHARED' OR $callerAgent IN coalesce(s.sharedWith, [])) AS visible,
  (s.ownerId = $callerAgent OR $callerIsAdmin) AS writable`;

const iso = (millis: unknown) => {
  const n = toNumber(millis);
  return n === null ? null : new Date(n).toISOString();
};

export function toSessionState(row: Record<string, unknown>): GameSessionState {
  return {
    id: row.id as string,
    agentId: row.ownerId as string,
    game: (row.game as string | null) ?? null,
    goal: row.goal as string,
    maxTurns: toNumber(row.maxTurns) ?? 0,
    status: row.status as SessionStatus,
    closeReason: (row.closeReason as CloseReason | null) ?? null,
    turnsCompleted: toNumber(row.turnsCompleted) ?? 0,
    startedAt: iso(row.startedAt)!,
    endedAt: iso(row.endedAt),
    leaseExpiresAt: iso(row.leaseExpiresAt),
    visibility: row.visibility as "PRIVATE" | "SHARED",
  };
}

/** NOT_FOUND for a session the caller cannot see (or that does not exist), FORBIDDEN for one it may only read. */
export function assertWritable(sessionId: string, access: { found: boolean; visible: boolean; writable: boolean }, caller: Caller): void {
  if (!access.found || !access.visible) throw new NotFoundError(`There is no game session "${sessionId}" in this tenant`);
  if (!access.writable && !hasRole(caller, "admin")) throw new ForbiddenError(`Only the owner of game session "${sessionId}" or an admin may change it`);
}

/** CONFLICT for a session that no longer takes turns or heartbeats. */
export function closedSessionError(state: GameSessionState): ConflictError {
  const why = state.closeReason === "LEASE_EXPIRED" ? " (its lease ran out)" : state.closeReason === "CONNECTION_CLOSED" ? " (its WebSocket closed)" : "";
  return new ConflictError(`Game session "${state.id}" is ${state.status}${why}: it takes no more turns`, {
    sessionStatus: state.status,
    closeReason: state.closeReason,
  });
}
