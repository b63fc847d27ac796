import { hasRole } from "../../auth/policy.js";
import { BadUserInputError } from "../../errors/errors.js";
import type { RequestContext } from "../../core/requestContext.js";
import { loadCandidateMemories } from "./loadCandidateMemories.js";
import type { AppDeps } from "../../core/appDeps.js";
import { COMPACT, composeMemoryContext, type ComposedBlock } from "./composeMemoryContext.js";
import { parseMemoryContextArgs, type MemoryContextArgs } from "./memoryContextArgs.js";
import { createMemoryContextCache } from "./memoryContextCache.js";
import { CONTEXT_SOURCES, typesReaching, writeScopeOf, writeScopeFrom, type WriteScope } from "./memoryWriteScope.js";
import { rankMemories } from "./relevance.js";
import { resolveAgentRef } from "../agentRef.js";

/** `MemoryContext` as the API returns it. */
export interface MemoryContextResult extends ComposedBlock {
  cached: boolean;
  generatedAt: string;
}

/**
 * The `memoryContext` resolver and its cache. The cache lives as long as the
 * gateway and listens to committed writes (deps.writes): a write that could
 * change an agent's memories makes its entries stale before the mutation's
 * response is sent, so a read after a write through the gateway is never stale.
 * With other gateways (deps.peers, REDIS_URL) the write's scope is published
 * too, and theirs drop the same entries as soon as it arrives (a Redis hop,
 * before a client that got the write's response can ask them); when the peers
 * were out of reach, whatever was cached goes stale, since scopes may be missed.
 */
export function memoryContextResolver(deps: AppDeps) {
  const cache = createMemoryContextCache<MemoryContextResult>({ clock: () => deps.now().getTime() });
  const reaching = typesReaching(deps.schema.document, CONTEXT_SOURCES);
  const drop = (scope: WriteScope) => {
    if (scope.kind === "agent") cache.invalidateAgent(scope.tenantId, scope.agentId);
    if (scope.kind === "tenant") cache.invalidateTenant(scope.tenantId);
  };
  deps.writes.on((event) => {
    const scope = writeScopeOf(event, reaching);
    if (scope.kind === "none") return;
    drop(scope);
    deps.peers.publish("memoryContext", scope);
  });
  deps.peers.on("memoryContext", (message) => drop(writeScopeFrom(message)));
  deps.peers.onResync(() => cache.invalidateAll());

  return async (_: unknown, args: MemoryContextArgs, ctx: RequestContext): Promise<MemoryContextResult> => {
    const { caller } = ctx;
    // The squad's bot names agents by display name ("Kublai"); the caller's own id needs no lookup.
    const agentId = args.agentId === caller.agentId ? args.agentId : await resolveAgentRef(deps, caller, "memoryContext.agentId", args.agentId);
    const req = parseMemoryContextArgs({ ...args, agentId });
    // What a caller may read differs by caller, so the caller is part of the key.
    const key = JSON.stringify([caller.tenantId, caller.agentId, hasRole(caller, "admin"), req]);
    const hit = cache.get(key, caller.tenantId, req.agentId);
    if (hit) return { ...hit, cached: true };

    const stamp = cache.stamp(caller.tenantId, req.agentId);
    const candidates = await loadCandidateMemories(deps, caller, req);
    // The caller before its first write has no Agent node yet, and so an empty block; another agent must exist.
    if (!candidates.found && req.agentId !== caller.agentId) throw new BadUserInputError(`memoryContext.agentId: no agent "${req.agentId}" in this tenant`, "memoryContext.agentId");
    const now = deps.now();
    const ranked = rankMemories(candidates.memories, { ...req, now });
    const block = composeMemoryContext(ranked, {
      agentName: candidates.agentName ?? req.agentId,
      // The note's "Current Focus: {most_recent_task_or_topic}".
      topic: candidates.focusTask ?? req.topic,
      tokenBudget: req.tokenBudget,
      ...(req.format === "COMPACT" ? COMPACT : {}),
    });
    const result = { ...block, cached: false, generatedAt: now.toISOString() };
    cache.set(key, result, stamp);
    return result;
  };
}
