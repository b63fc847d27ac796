import { resolveAgentRef } from "./agentRef.js";
import { rankMemories, topicMatch, participantMatch, wordsOf } from "./context/relevance.js";
import { tagsForWords } from "./context/topicTags.js";
import type { RequestContext } from "../core/requestContext.js";
import { idArg, strings } from "../core/idArgs.js";
import { limit as limitArg } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { requireAgent } from "./agentScope.js";
import { loadCandidateMemories } from "./context/loadCandidateMemories.js";
import { toAgentMemory, type StoredMemory } from "./memoryRecord.js";

export interface MemoriesForConversationArgs {
  agentId: string;
  topicKeywords?: string[] | null;
  interactingWith?: string[] | null;
  limit?: number | null;
}

/** The Discord agent squad's threshold: without a topic match, only memories at least this important are kept. */
const IMPORTANT = 0.7;

/**
 * The Discord agent squad's filter, given the ranked memories: with participants, the
 * interactions are those involving one of them (whatever the topic); other
 * memories, with keywords, must match one or be important. Pure.
 */
export function conversationFilter(terms: readonly string[], participants: readonly string[]) {
  return (m: StoredMemory): boolean => {
    if (participants.length > 0 && m.type === "INTERACTION") return participantMatch(m, participants) === 1;
    return terms.length === 0 || topicMatch(m, terms) > 0 || m.importance >= IMPORTANT;
  };
}

/** `Query.memoriesForConversation` (the Discord agent squad's get_memories_for_conversation): the `limit` best, by category. */
export function memoriesForConversationResolver(deps: AppDeps) {
  return async (_: unknown, args: MemoriesForConversationArgs, ctx: RequestContext) => {
    const agentId = idArg("memoriesForConversation.agentId", await resolveAgentRef(deps, ctx.caller, "memoriesForConversation.agentId", args.agentId));
    const limit = limitArg("memoriesForConversation.limit", args.limit, 10, 100);
    const keywords = strings("memoriesForConversation.topicKeywords", args.topicKeywords, 50, 100);
    const participants = strings("memoriesForConversation.interactingWith", args.interactingWith, 50, 200).map((p) => p.trim().toLowerCase());
    const words = keywords.flatMap(wordsOf);
    // Conversation words also match the topic tags they mean ("implement a function" → code).
    const topicTerms = [...new Set([...words, ...tagsForWords(words)])];
    const loaded = await loadCandidateMemories(deps, ctx.caller, { agentId, conversationId: null, topicTerms, participants });
    requireAgent(loaded.found, "memoriesForConversation.agentId", agentId);
    const ranked = rankMemories(loaded.memories, { topicTerms, participants, conversationId: null, now: deps.now() })
      .filter(conversationFilter(topicTerms, participants))
      .slice(0, limit);
    const of = (type: StoredMemory["type"]) => ranked.filter((m) => m.type === type).map((m) => toAgentMemory(m, m.relevance));
    return { insights: of("INSIGHT"), learnings: of("LEARNING"), interactions: of("INTERACTION"), observations: of("OBSERVATION") };
  };
}
