import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import { executor } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import { onlyRow, type Row } from "../graph/statement.js";
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
  const statement = {
    cypher: `MERGE (s:GameSession {tenantId: $tenantId, id: $sessionId})
     ON CREATE SET s.ownerId = $owner, s.visibility = $visibility, s.sharedWith = $sharedWith, s.game = $game, s.goal = $goal,
       s.maxTurns = $maxTurns, s.status = 'ACTIVE', s.turnsCompleted = 0, s.startedAt = datetime($now),
       s.leaseExpiresAt = datetime($leaseUntil), s.startMarker = $marker
     WITH s, s.startMarker = $marker AS fresh
     REMOVE s.startMarker
     WITH s, coalesce(fresh, false) AS fresh
     OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: $owner})
     FOREACH (_ IN CASE WHEN fresh AND a IS NOT NULL THEN [1] ELSE [] END | MERGE (s)-[:PLAYED_BY]->(a))
     RETURN fresh, ${SESSION_PROJECTION} AS session`,
    params: {
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
    decode: (r: Row) => ({ fresh: r.boolean("fresh"), state: toSessionState(r.row("session")) }),
  };
  const { fresh, state } = onlyRow(await executor(deps).writeTransaction((tx) => tx.run(statement)));
  if (fresh) return state;
  const same = state.agentId === request.agentId && state.goal === request.goal && state.maxTurns === request.maxTurns && state.game === request.game;
  if (!same) throw new ConflictError(`Game session id "${request.sessionId}" is already taken in this tenant; start the session under another id`);
  return state;
}

/** What onActiveSession's statement says of the session (DENIED: assertWritable refuses it first). */
const OUTCOMES = ["OK", "CLOSED", "EXPIRED", "DENIED"] as const;

/**
 * Runs `action` (Cypher over `s`) on an ACTIVE session the caller may write,
 * in one statement. A session whose lease ran out is closed as ABANDONED on
 * the way (the lazy check) and reported as EXPIRED.
 */
async function onActiveSession(deps: GameDeps, caller: Caller, sessionId: string, action: string, params: Record<string, unknown>) {
  const statement = {
    cypher: `OPTIONAL MATCH (s:GameSession {tenantId: $callerTenant, id: $sessionId})
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
    params: { ...visibilityParams(caller), sessionId, now: deps.now().toISOString(), ...params },
    decode: (r: Row) => ({
      access: { found: r.boolean("found"), visible: r.boolean("visible"), writable: r.boolean("writable") },
      outcome: r.oneOf("outcome", OUTCOMES),
      session: r.rowOrNull("session"),
    }),
  };
  const { access, outcome, session } = onlyRow(await executor(deps).writeTransaction((tx) => tx.run(statement)));
  assertWritable(sessionId, access, caller);
  return { outcome, state: toSessionState(session!) };
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
  const statement = {
    cypher: `MATCH (s:GameSession {tenantId: $tenantId, id: $sessionId}) WHERE s.status = 'ACTIVE'
     SET s.status = 'ABANDONED', s.closeReason = 'CONNECTION_CLOSED', s.endedAt = datetime($now)
     RETURN count(s) AS closed`,
    params: { tenantId, sessionId, now: deps.now().toISOString() },
    decode: (r: Row) => r.number("closed"),
  };
  const [closed = 0] = await executor(deps).writeTransaction((tx) => tx.run(statement));
  return closed > 0;
}
