import { executor } from "../graph/executor.js";
import { onlyRow, type Row } from "../graph/statement.js";
import type { Caller } from "../core/caller.js";
import { visibilityParams } from "../auth/policy.js";
import { BadUserInputError, ConflictError } from "../errors/errors.js";
import type { GameDeps } from "./gameDeps.js";
import { gameTurnOf, toGameTurn, TURN_PROJECTION, turnProperties, type GameTurn } from "./gameTurn.js";
import type { ParsedTurn } from "./parseTurnInput.js";
import { screenshotProperties } from "./screenshotStorage.js";
import { EXPIRE_LEASE, leaseUntil } from "./sessionLifecycle.js";
import { assertWritable, closedSessionError, SESSION_ACCESS, SESSION_PROJECTION, toSessionState, type GameSessionState } from "./sessionState.js";

export interface RecordTurnResult {
  turn: GameTurn;
  /** False for a retry of a stored turn: nothing was written. */
  created: boolean;
  session: GameSessionState;
}

const OUTCOMES = ["DENIED", "SAME", "CONFLICT", "CLOSED", "EXPIRED", "BEYOND_MAX", "CREATE"] as const;

/** WRITE_TURN's row: the caller's access, what became of the turn, the session after it, and the turn already stored under its id. */
const writtenTurn = (r: Row) => ({
  access: { found: r.boolean("found"), visible: r.boolean("visible"), writable: r.boolean("writable") },
  outcome: r.oneOf("outcome", OUTCOMES),
  session: r.rowOrNull("session"),
  existing: r.rowOrNull("existing"),
});

/**
 * One statement, one round trip: decides, and when the turn is new, writes it
 * and its screenshot (`$shot`, or null: in its own node, owned and shared like
 * the turn), links them to the session and renews the lease. Ownership and
 * visibility come from the session. Its text never changes, so Neo4j plans it once.
 */
const WRITE_TURN = `OPTIONAL MATCH (s:GameSession {tenantId: $callerTenant, id: $sessionId})
OPTIONAL MATCH (existing:Turn {tenantId: $callerTenant, id: $turnId})
WITH s, existing, ${SESSION_ACCESS}
WITH s, existing, visible, writable,
  CASE WHEN s IS NULL OR NOT (visible AND writable) THEN 'DENIED'
       WHEN existing IS NOT NULL AND existing.contentHash = $contentHash THEN 'SAME'
       WHEN existing IS NOT NULL THEN 'CONFLICT'
       WHEN s.status <> 'ACTIVE' THEN 'CLOSED'
       WHEN s.leaseExpiresAt < datetime($now) THEN 'EXPIRED'
       WHEN $number > s.maxTurns THEN 'BEYOND_MAX'
       ELSE 'CREATE' END AS outcome
FOREACH (_ IN CASE WHEN outcome = 'EXPIRED' THEN [1] ELSE [] END | ${EXPIRE_LEASE})
FOREACH (_ IN CASE WHEN outcome = 'CREATE' THEN [1] ELSE [] END |
  CREATE (t:Turn $props)
  SET t.tenantId = s.tenantId, t.ownerId = s.ownerId, t.visibility = s.visibility, t.sharedWith = s.sharedWith,
      t.timestamp = datetime(coalesce($timestamp, $now)), t.createdAt = datetime($now)
  CREATE (s)-[:HAS_TURN]->(t)
  SET s.turnsCompleted = s.turnsCompleted + 1, s.leaseExpiresAt = datetime($leaseUntil)
  FOREACH (shot IN CASE WHEN $shot IS NULL THEN [] ELSE [$shot] END |
    CREATE (sc:Screenshot)
    SET sc += shot, sc.tenantId = s.tenantId, sc.ownerId = s.ownerId, sc.visibility = s.visibility, sc.sharedWith = s.sharedWith,
        sc.createdAt = datetime($now)
    CREATE (t)-[:HAS_SCREENSHOT]->(sc)))
RETURN s IS NOT NULL AS found, coalesce(visible, false) AS visible, coalesce(writable, false) AS writable, outcome,
  CASE WHEN s IS NULL THEN null ELSE ${SESSION_PROJECTION} END AS session,
  CASE WHEN existing IS NULL THEN null ELSE ${TURN_PROJECTION("existing")} END AS existing`;

const CONSTRAINT_FAILED = "Neo.ClientError.Schema.ConstraintValidationFailed";

/**
 * Stores one validated turn and its screenshot in one statement: all or nothing. A retry of a stored turn
 * with the same content hash writes nothing and returns the stored turn; other
 * content under the same id is CONFLICT; a session that is not ACTIVE, or whose
 * lease ran out (closed here as ABANDONED), refuses new turns.
 */
export async function recordTurn(deps: GameDeps, caller: Caller, parsed: ParsedTurn): Promise<RecordTurnResult> {
  try {
    return await recordOnce(deps, caller, parsed);
  } catch (err) {
    if ((err as { code?: string }).code !== CONSTRAINT_FAILED) throw err;
    // Two identical requests raced past the existence check: the second sees the first's turn now.
    try {
      return await recordOnce(deps, caller, parsed);
    } catch (again) {
      if ((again as { code?: string }).code !== CONSTRAINT_FAILED) throw again;
      throw new ConflictError(`Turn "${parsed.turn.id}" could not be stored: a node with its id or its screenshot's id ("${parsed.screenshot?.id}") already exists`, {
        turnId: parsed.turn.id,
      });
    }
  }
}

async function recordOnce(deps: GameDeps, caller: Caller, parsed: ParsedTurn): Promise<RecordTurnResult> {
  const { turn, screenshot } = parsed;
  const now = deps.now();
  const params = {
    ...visibilityParams(caller),
    sessionId: turn.sessionId,
    turnId: turn.id,
    contentHash: turn.contentHash,
    number: turn.number,
    props: turnProperties(turn),
    timestamp: turn.timestamp,
    now: now.toISOString(),
    leaseUntil: leaseUntil(deps, now),
    // On disk, the bytes are put before the transaction (screenshotStorage.ts says why that order).
    shot: screenshot ? await screenshotProperties(deps.screenshots, caller.tenantId, screenshot, turn.id) : null,
  };
  const statement = { cypher: WRITE_TURN, params, decode: writtenTurn };
  const row = onlyRow(await executor(deps).writeTransaction((tx) => tx.run(statement)));
  assertWritable(turn.sessionId, row.access, caller);
  const state = toSessionState(row.session!);
  switch (row.outcome) {
    case "CREATE": {
      const ref = screenshot ? { id: screenshot.id, mimeType: screenshot.mimeType, sizeBytes: screenshot.sizeBytes, sha256: screenshot.sha256 } : null;
      return { turn: gameTurnOf(turn, ref, now), created: true, session: state };
    }
    case "SAME":
      return { turn: toGameTurn(row.existing!), created: false, session: state };
    case "CONFLICT":
      throw new ConflictError(`Turn "${turn.id}" is already stored with different content; a turn is written once`, { turnId: turn.id });
    case "BEYOND_MAX":
      throw new BadUserInputError(`recordTurn.turn.number ${turn.number} is beyond the session's maxTurns (${state.maxTurns})`, "recordTurn.turn.number");
    default:
      throw closedSessionError(state);
  }
}
