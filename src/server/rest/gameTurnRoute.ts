import express from "express";
import { MnemographError } from "../../errors/errors.js";
import { turnFromBot } from "../../game/index.js";
import { requestIdOf } from "../context.js";
import { isObj } from "./retrieveHandler.js";
import { httpStatusOf, restError, type ExecuteOperation } from "./restRoutes.js";

const OPERATION = `mutation RecordBotTurn($sessionId: ID!, $turn: TurnInput!) {
  recordTurn(sessionId: $sessionId, turn: $turn) { created turn { id } session { id turnsCompleted } }
}`;

/**
 * `POST /api/game/turns`: the game agent's `writer.store_game_turn(turn_data)`,
 * its turn in its own shape (game/botTurn.ts: `gemini_text`, lower-case
 * `button_presses`, contexts as JSON text, `"hitting_obstacles"`), stored by
 * `recordTurn` through the GraphQL pipeline (token, limits, rate limits,
 * errors). Answers `{ success, created, turn_id, session_id, turns_completed }`;
 * errors in the REST shape, `field` naming the agent's own field when its
 * input is to blame.
 */
export function gameTurnRoute(execute: ExecuteOperation): express.Router {
  const router = express.Router();
  router.post("/game/turns", async (req, res, next) => {
    const requestId = requestIdOf(req.headers["x-request-id"]);
    res.setHeader("x-request-id", requestId);
    const refuse = (code: string, message: string, field?: unknown) => res.status(httpStatusOf(code)).json(restError(code, message, requestId, { field }));
    try {
      if (!isObj(req.body)) return refuse("BAD_USER_INPUT", "The body must be a JSON object: the game agent's turn_data");
      const { sessionId, turn } = turnFromBot(req.body);
      const result = await execute({ ...req.headers, "x-request-id": requestId }, OPERATION, { sessionId, turn });
      const [error] = result.errors ?? [];
      if (error) return refuse((error.extensions?.code as string | undefined) ?? "INTERNAL_SERVER_ERROR", error.message, error.extensions?.field);
      const recorded = result.data!.recordTurn as { created: boolean; turn: { id: string }; session: { id: string; turnsCompleted: number } };
      return res.json({ success: true, created: recorded.created, turn_id: recorded.turn.id, session_id: recorded.session.id, turns_completed: recorded.session.turnsCompleted });
    } catch (err) {
      if (err instanceof MnemographError) return refuse(String(err.extensions.code), err.message, err.extensions.field);
      return next(err);
    }
  });
  return router;
}
