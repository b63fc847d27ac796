import type { Caller } from "../core/caller.js";
import { hasRole } from "../auth/policy.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors/errors.js";
import { VISIBILITIES } from "../auth/readRule.js";
import type { Row } from "../graph/statement.js";
import { CLOSE_REASONS, SESSION_STATUSES } from "./gameEnums.js";

export type SessionStatus = (typeof SESSION_STATUSES)[number];
export type CloseReason = (typeof CLOSE_REASONS)[number];

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

const iso = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

/** A SESSION_PROJECTION map (Row.row) as the session's state. */
export function toSessionState(row: Row): GameSessionState {
  return {
    id: row.string("id"),
    agentId: row.string("ownerId"),
    game: row.stringOrNull("game"),
    goal: row.string("goal"),
    maxTurns: row.numberOrNull("maxTurns") ?? 0,
    status: row.oneOf("status", SESSION_STATUSES),
    closeReason: row.oneOfOrNull("closeReason", CLOSE_REASONS),
    turnsCompleted: row.numberOrNull("turnsCompleted") ?? 0,
    startedAt: iso(row.number("startedAt"))!,
    endedAt: iso(row.numberOrNull("endedAt")),
    leaseExpiresAt: iso(row.numberOrNull("leaseExpiresAt")),
    visibility: row.oneOf("visibility", VISIBILITIES),
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
