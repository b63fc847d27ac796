import { BadUserInputError } from "../errors/errors.js";
import type { MemoryContextResult } from "../memory/index.js";
import type { RequestContext } from "../core/requestContext.js";
import type { GameDeps } from "./gameDeps.js";
import { loadLastTurns } from "./lastTurns.js";
import { compactMemory } from "./compactMemory.js";
import { toTurnFacts, type RecentTurns } from "./recentTurns.js";
import { gameplaySummaries, summariesHeading, type GameplaySummary } from "./gameplaySummaries.js";

/** `Query.memoryContext`'s resolver: the general memory block is built by it, never rewritten here. */
export type MemoryContextResolve = (
  parent: unknown,
  args: { agentId: string; topic?: string | null; tokenBudget?: number | null },
  ctx: RequestContext,
) => Promise<MemoryContextResult>;

export interface GameMemoryContext {
  text: string;
  recent: RecentTurns;
  gameplay: GameplaySummary[];
  general: MemoryContextResult | null;
}

/** The heading the game agent puts before the compact JSON in the strategy prompt. */
export const recentHeading = (turns: number) => `**RECENT MEMORY** (last ${turns} turns):`;

/** Joins the general block and the compact last turns the way the game agent's `_get_memory_context` does. Pure. */
export function composeGameContext(generalText: string | null, recent: Pick<RecentTurns, "turnCount" | "json">): string {
  const parts = [generalText?.trim() || null, `${recentHeading(recent.turnCount)}\n${recent.json}`];
  return parts.filter((p): p is string => p !== null).join("\n\n");
}

/**
 * The strategy prompt's memory for a session: the general part and the last
 * turns. The general part is the player's last `summaries` earlier sessions
 * (GAMEPLAY_SUMMARIES, the game agent's own), or its memory-context block
 * (MEMORY_BLOCK; topic: the one asked, else the session's goal; a player
 * without an Agent node has none: `general` is null).
 */
export async function gameMemoryContext(
  deps: Pick<GameDeps, "driver" | "database">,
  memoryContext: MemoryContextResolve,
  ctx: RequestContext,
  request: { sessionId: string; last: number; general: "GAMEPLAY_SUMMARIES" | "MEMORY_BLOCK"; summaries: number; topic: string | null; tokenBudget: number | null },
): Promise<GameMemoryContext> {
  const { session, turns } = await loadLastTurns(deps, ctx.caller, request.sessionId, request.last);
  const recent: RecentTurns = {
    sessionId: session.id,
    sessionTurns: session.turnsCompleted,
    sessionStatus: session.status,
    ...compactMemory(turns.map(toTurnFacts)),
  };
  if (request.general === "GAMEPLAY_SUMMARIES") {
    const gameplay = await gameplaySummaries(deps, ctx.caller, session.agentId, session.id, request.summaries);
    const block = gameplay.length ? [summariesHeading(gameplay.length), ...gameplay.map((g) => g.text)].join("\n") : null;
    return { text: composeGameContext(block, recent), recent, gameplay, general: null };
  }
  let general: MemoryContextResult | null = null;
  try {
    general = await memoryContext(null, { agentId: session.agentId, topic: request.topic ?? session.goal, tokenBudget: request.tokenBudget }, ctx);
  } catch (err) {
    const missingAgent = err instanceof BadUserInputError && err.extensions.field === "memoryContext.agentId";
    if (!missingAgent) throw err;
  }
  return { text: composeGameContext(general?.text ?? null, recent), recent, gameplay: [], general };
}
