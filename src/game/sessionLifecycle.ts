import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import { cypherInt } from "../graph/readQuery.js";
import { hasRole, visibilityParams } from "../auth/policy.js";
import { ConflictError, ForbiddenError } from "../errors/errors.js";
import type { GameDeps } from "./gameDeps.js";
import type { StartSessionRequest } from "./parseSessionArgs.js";
import {
  assertWritable,
  closedSessionError,
  SESSION_ACCESS,
  SESSION_PROJECTION,
  toSessionState,
  type GameSessionState,
} from "./sessionState.js";

/** Ends a lease that ran out, as Cypher over `s` (the lazy check; the sweeper does the same in bulk). */
export const EXPIRE_LEASE = "SET s.status = 'ABANDONED', s.closeReason = 'LEASE_EXPIRED', s.endedAt = s.leaseExpiresAt";

export const leaseUntil = (deps: Pick<GameDeps, "config">, now: Date) => new Date(now.getTime() + deps.config.leaseSeconds * 1000).toISOString();

/**
 * Creates an ACTIVE session owned by `request.agentId` with a fresh lease,
 * linked to the agent's node when there is one. MERGE on the tenant-unique id
 * makes a retried start safe: the same id with the same goal, maxTurns and game
 * returns the stored session; anything else under that id is CONFLICT.
 */
export async function startSession(deps: GameDeps, caller: Caller, request: StartSessionRequest): Promise<GameSessionState> {
  if (request.agentId !== caller.agentId && !hasRole(caller, "admin")) {
    throw new ForbiddenError(`Only the agent itself or an admin may start a session for ${request.agentId}`);
  }
  const now = deps.now();
  const marker = randomUUID();
  const { records } = await deps.driver.executeQuery(
    `MERGE (s:GameSession {tenantId: $tenantId, id: $sessionId})
     ON CREATE SET s.ownerId = $owner, s.visibility = $visibility, s.sharedWith = $sharedWith, s.game = $game, s.goal = $goal,
       s.maxTurns = $maxTurns, s.status = 'ACTIVE', s.turnsCompleted = 0, s.startedAt = datetime($now),
       s.leaseExpiresAt = datetime($leaseUntil), s.startMarker = $marker
     WITH s, s.startMarker = $marker AS fresh
     REMOVE s.startMarker
     WITH s, coalesce(fresh, false) AS fresh
     OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: $owner})
     FOREACH (_ IN CASE WHEN fresh AND a IS NOT NULL THEN [1] ELSE [] END | MERGE (s)-[:PLAYED_BY]->(a))
     RETURN fresh, ${SESSION_PROJECTION} AS session`,
    {
      tenantId: caller.tenantId,
      owner: request.agentId,
      sessionId: request.sessionId,
      visibility: request.visibility,
      sharedWith: request.sharedWith,
      game: request.game,
      goal: request.goal,
      maxTurns: cypherInt(request.maxTurns),
      now: now.toISOString(),
      leaseUntil: leaseUntil(deps, now),
      marker,
    },
    { database: deps.database },
  );
  const record = records[0]!;
  const state = toSessionState(record.get("session") as Record<string, unknown>);
  if (record.get("fresh")) return state;
  const same = state.agentId === request.agentId && state.goal === request.goal && state.maxTurns === request.maxTurns && state.game === request.game;
  if (!same) throw new ConflictError(`Game session id "${request.sessionId}" is already taken in this tenant; start the session under another id`);
  return state;
}

type Outcome = "OK" | "CLOSED" | "EXPIRED";

/**
 * Runs `action` (Cypher over `s`) on an ACTIVE session the caller may write,
 * in one statement. A session whose lease ran out is closed as ABANDONED on
 * the way (the lazy check) and reported as EXPIRED.
 */
async function onActiveSession(deps: GameDeps, caller: Caller, sessionId: string, action: string, params: Record<string, unknown>) {
  const { records } = await deps.driver.executeQuery(
    `OPTIONAL MATCH (s:GameSession {tenantId: $callerTenant, id: $sessionId})
     WITH s, ${SESSION_ACCESS}
     WITH s, visible, writable,
       CASE WHEN s IS NULL OR NOT (visible AND writable) THEN 'DENIED'
            WHEN s.status <> 'ACTIVE' THEN 'CLOSED'
            WHEN s.leaseExpiresAt < datetime($now) THEN 'EXPIRED'
            ELSE 'OK' END AS outcome
     FOREACH (_ IN CASE WHEN outcome = 'EXPIRED' THEN [1] ELSE [] END | ${EXPIRE_LEASE})
     FOREACH (_ IN CASE WHEN outcome = 'OK' THEN [1] ELSE [] END | ${action})
     RETURN s IS NOT NULL AS found, coalesce(visible, false) AS visible, coalesce(writable, false) AS writable, outcome,
       CASE WHEN s IS NULL THEN null ELSE ${SESSION_PROJECTION} END AS session`,
    { ...visibilityParams(caller), sessionId, now: deps.now().toISOString(), ...params },
    { database: deps.database },
  );
  const record = records[0]!;
  assertWritable(sessionId, { found: record.get("found"), visible: record.get("visible"), writable: record.get("writable") }, caller);
  return { outcome: record.get("outcome") as Outcome, state: toSessionState(record.get("session") as Record<string, unknown>) };
}

/** Completes an ACTIVE session; ending a COMPLETED one again returns it (a retried end). */
export async function endSession(deps: GameDeps, caller: Caller, sessionId: string): Promise<GameSessionState> {
  const { outcome, state } = await onActiveSession(deps, caller, sessionId, "SET s.status = 'COMPLETED', s.closeReason = 'ENDED', s.endedAt = datetime($now)", {});
  if (outcome === "OK" || (outcome === "CLOSED" && state.status === "COMPLETED")) return state;
  throw closedSessionError(state);
}

/** Renews the lease of an ACTIVE session. */
export async function heartbeatSession(deps: GameDeps, caller: Caller, sessionId: string): Promise<GameSessionState> {
  const { outcome, state } = await onActiveSession(deps, caller, sessionId, "SET s.leaseExpiresAt = datetime($leaseUntil)", {
    leaseUntil: leaseUntil(deps, deps.now()),
  });
  if (outcome === "OK") return state;
  throw closedSessionError(state);
}

/** Closes a session as ABANDONED because the WebSocket it was started on closed; a session no longer ACTIVE stays as it is. */
export async function abandonSession(deps: GameDeps, tenantId: string, sessionId: string): Promise<boolean> {
  const { records } = await deps.driver.executeQuery(
    `MATCH (s:GameSession {tenantId: $tenantId, id: $sessionId}) WHERE s.status = 'ACTIVE'
     SET s.status = 'ABANDONED', s.closeReason = 'CONNECTION_CLOSED', s.endedAt = datetime($now)
     RETURN count(s) AS closed`,
    { tenantId, sessionId, now: deps.now().toISOString() },
    { database: deps.database },
  );
  return Number(records[0]?.get("closed") ?? 0) > 0;
}
