import type { Caller } from "../core/caller.js";
import { VISIBLE_TO_CALLER, visibilityParams } from "../auth/policy.js";
import { NotFoundError } from "../errors/errors.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import { visibleAs } from "../graph/visibleAs.js";
import type { Row } from "../graph/statement.js";
import type { GameDeps } from "./gameDeps.js";
import { SESSION_PROJECTION, toSessionState, type GameSessionState } from "./sessionState.js";

/** What to read of each turn: the few facts of the compact form, or the whole turn. */
export type TurnShape = "facts" | "full";

const FACTS = (t: string) => `${t} { .id, .number, .buttonPresses, .success, .location, .terrain, .obstacles, .inBattle }`;

/**
 * The last `last` turns of a session the caller may read, newest first in the
 * query (served by the (tenantId, sessionId, number) index, so the cost does
 * not grow with the session or the store), returned oldest first. NOT_FOUND
 * when the caller cannot see the session.
 */
export async function loadLastTurns(
  deps: Pick<GameDeps, "driver" | "database">,
  caller: Caller,
  sessionId: string,
  last: number,
  projection: (t: string) => string = FACTS,
): Promise<{ session: GameSessionState; turns: Row[] }> {
  const [row] = await executor(deps).read({
    cypher: `MATCH (n:GameSession {tenantId: $callerTenant, id: $sessionId}) WHERE ${VISIBLE_TO_CALLER}
     WITH n AS s
     RETURN ${SESSION_PROJECTION} AS session,
       COLLECT {
         MATCH (t:Turn) WHERE t.tenantId = $callerTenant AND t.sessionId = $sessionId AND t.number >= 0 AND ${visibleAs("t")}
         WITH t ORDER BY t.number DESC LIMIT $last
         RETURN ${projection("t")}
       } AS turns`,
    params: { ...visibilityParams(caller), sessionId, last: cypherInt(last) },
    decode: (r) => ({ session: toSessionState(r.row("session")), turns: r.rows("turns") }),
  });
  if (!row) throw new NotFoundError(`There is no game session "${sessionId}" in this tenant`);
  return { session: row.session, turns: [...row.turns].reverse() };
}
