import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import { BadUserInputError } from "../errors/errors.js";
import { idArg, strings } from "../core/idArgs.js";
import { optionalText, text } from "../core/args.js";

/** Arguments of `Mutation.startSession` as the schema delivers them. */
export interface StartSessionArgs {
  agentId?: string | null;
  goal: string;
  maxTurns: number;
  sessionId?: string | null;
  game?: string | null;
  visibility?: "PRIVATE" | "SHARED" | null;
  sharedWith?: string[] | null;
}

export interface StartSessionRequest {
  agentId: string;
  sessionId: string;
  goal: string;
  maxTurns: number;
  game: string | null;
  visibility: "PRIVATE" | "SHARED";
  sharedWith: string[];
}

export const MAX_TURNS_LIMIT = 1_000_000;
/** Turn ids append `_turn_<n>` (at most 14 characters) to the session id; both stay within the id pattern's 128. */
const MAX_SESSION_ID = 100;

/** Checks and normalises startSession's arguments; an omitted sessionId is generated. Pure but for the generated id. */
export function parseStartSessionArgs(args: StartSessionArgs, caller: Caller): StartSessionRequest {
  const sessionId = args.sessionId == null ? `session_${randomUUID()}` : idArg("startSession.sessionId", args.sessionId);
  if (sessionId.length > MAX_SESSION_ID) {
    throw new BadUserInputError(`startSession.sessionId is at most ${MAX_SESSION_ID} characters long, got ${sessionId.length}`, "startSession.sessionId");
  }
  if (!Number.isInteger(args.maxTurns) || args.maxTurns < 1 || args.maxTurns > MAX_TURNS_LIMIT) {
    throw new BadUserInputError(`startSession.maxTurns must be an integer between 1 and ${MAX_TURNS_LIMIT}, got ${args.maxTurns}`, "startSession.maxTurns");
  }
  return {
    agentId: args.agentId == null ? caller.agentId : idArg("startSession.agentId", args.agentId),
    sessionId,
    goal: text("startSession.goal", args.goal, 2000),
    maxTurns: args.maxTurns,
    game: optionalText("startSession.game", args.game, 200),
    visibility: args.visibility ?? "PRIVATE",
    sharedWith: strings("startSession.sharedWith", args.sharedWith, 100, 128),
  };
}
