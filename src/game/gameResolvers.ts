import { VISIBLE_TO_CALLER, visibilityParams } from "../auth/policy.js";
import type { GraphQLResolveInfo } from "graphql";
import { NotFoundError } from "../errors/errors.js";
import { projectedValue } from "../graph/projectedValue.js";
import { mapRow } from "../graph/row.js";
import { memoryContextResolver } from "../memory/index.js";
import type { RequestContext } from "../core/requestContext.js";
import { idArg } from "../core/idArgs.js";
import { executor } from "../graph/executor.js";
import { between, limit, optionalText } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { gameMemoryContext } from "./gameMemoryContext.js";
import type { GameDeps } from "./gameDeps.js";
import { toGameTurn, TURN_PROJECTION, type TurnScreenshotRef } from "./gameTurn.js";
import { loadLastTurns } from "./lastTurns.js";
import { parseStartSessionArgs, type StartSessionArgs } from "./parseSessionArgs.js";
import { parseTurnInput, type TurnInput } from "./parseTurnInput.js";
import { recentTurns, toTurnFacts } from "./recentTurns.js";
import { detectTurnPatterns } from "./turnPatterns.js";
import { recordTurn } from "./recordTurn.js";
import { SCREENSHOT_BYTES_PROJECTION, screenshotBase64 } from "./screenshotStorage.js";
import { abandonSession, endSession, heartbeatSession, startSession } from "./sessionLifecycle.js";
import type { Resolvers } from "../generated/resolvers-types.js";

const session = (field: string, value: unknown) => idArg(`${field}.sessionId`, value);

/** Resolvers of schema/game.graphql's hand-written fields. */
export function gameResolvers(game: GameDeps, tools: AppDeps): Resolvers {
  const memoryContext = memoryContextResolver(tools);
  return {
    Query: {
      recentTurns: (_: unknown, args: { sessionId: string; last?: number | null }, ctx: RequestContext) =>
        recentTurns(game, ctx.caller, session("recentTurns", args.sessionId), limit("recentTurns.last", args.last, 4, 50)),
      gameTurns: async (_: unknown, args: { sessionId: string; last?: number | null }, ctx: RequestContext) => {
        const { turns } = await loadLastTurns(game, ctx.caller, session("gameTurns", args.sessionId), limit("gameTurns.last", args.last, 10, 100), TURN_PROJECTION);
        return turns.map(toGameTurn);
      },
      gameMemoryContext: (
        _: unknown,
        args: { sessionId: string; last?: number | null; general?: string | null; summaries?: number | null; topic?: string | null; tokenBudget?: number | null },
        ctx: RequestContext,
      ) =>
        gameMemoryContext(game, memoryContext, ctx, {
          sessionId: session("gameMemoryContext", args.sessionId),
          last: limit("gameMemoryContext.last", args.last, 4, 50),
          general: args.general === "MEMORY_BLOCK" ? "MEMORY_BLOCK" : "GAMEPLAY_SUMMARIES",
          summaries: limit("gameMemoryContext.summaries", args.summaries, 5, 20),
          topic: optionalText("gameMemoryContext.topic", args.topic, 1000),
          tokenBudget: args.tokenBudget == null ? null : between("gameMemoryContext.tokenBudget", args.tokenBudget, 50, 8000),
        }),
    },
    Mutation: {
      startSession: async (_: unknown, args: StartSessionArgs, ctx: RequestContext) => {
        const state = await startSession(game, ctx.caller, parseStartSessionArgs(args, ctx.caller));
        // A session started over a WebSocket lives no longer than that connection (the game agent: sessions die with their client).
        ctx.connection?.onClose(() => abandonSession(game, ctx.caller.tenantId, state.id));
        return state;
      },
      endSession: (_: unknown, args: { sessionId: string }, ctx: RequestContext) => endSession(game, ctx.caller, session("endSession", args.sessionId)),
      heartbeatSession: (_: unknown, args: { sessionId: string }, ctx: RequestContext) =>
        heartbeatSession(game, ctx.caller, session("heartbeatSession", args.sessionId)),
      recordTurn: (_: unknown, args: { sessionId: string; turn: TurnInput }, ctx: RequestContext) => {
        const parsed = parseTurnInput(session("recordTurn", args.sessionId), args.turn, {
          screenshotMaxBytes: game.config.screenshotMaxBytes,
          extractors: game.extractors,
        });
        return recordTurn(game, ctx.caller, parsed);
      },
    },
    GameSession: {
      // The field's @cypher statement reads the last turns the caller may read; the detectors are the pure ones recentTurns uses.
      patterns: (session: Record<string, unknown>, _: unknown, __: RequestContext, info: GraphQLResolveInfo) =>
        detectTurnPatterns(mapRow({ turns: projectedValue(session, info) }).rows("turns").map(toTurnFacts)),
    },
    TurnScreenshot: {
      // The bytes live in their own node, or in the blob store it names, and are read only when this field is selected.
      base64: async (shot: TurnScreenshotRef, _: unknown, ctx: RequestContext) => {
        const [stored] = await executor(game).read({
          cypher: `MATCH (n:Screenshot {tenantId: $callerTenant, id: $id}) WHERE ${VISIBLE_TO_CALLER} RETURN ${SCREENSHOT_BYTES_PROJECTION("n")} AS shot`,
          params: { ...visibilityParams(ctx.caller), id: shot.id },
          decode: (row) => row.row("shot"),
        });
        const base64 = stored ? await screenshotBase64(game.screenshots, stored) : null;
        if (base64 === null) throw new NotFoundError(`Screenshot "${shot.id}" is not readable`);
        return base64;
      },
    },
    Screenshot: {
      // The field's @cypher statement reads where the bytes are (the generated read already decided who may see the node).
      base64: async (shot: Record<string, unknown>, _: unknown, __: RequestContext, info: GraphQLResolveInfo) => {
        const base64 = await screenshotBase64(game.screenshots, mapRow({ shot: projectedValue(shot, info) }).row("shot"));
        if (base64 === null) throw new NotFoundError("The screenshot's bytes are not in the screenshot store");
        return base64;
      },
    },
  };
}
