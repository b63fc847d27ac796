import { idArg, strings } from "../../core/idArgs.js";
import { between, optionalText } from "../../core/args.js";
import { BadUserInputError } from "../../errors/errors.js";
import { wordsOf } from "./relevance.js";
import { tagsForWords } from "./topicTags.js";

/** CITED: every line cites its memory, content up to 300 characters. COMPACT: the Discord squad's block (composeMemoryContext.ts). */
export type MemoryContextFormat = "CITED" | "COMPACT";
const FORMATS: readonly MemoryContextFormat[] = ["CITED", "COMPACT"];

/** Arguments of `Query.memoryContext` as the schema delivers them. */
export interface MemoryContextArgs {
  agentId: string;
  conversationId?: string | null;
  participants?: string[] | null;
  topic?: string | null;
  tokenBudget?: number | null;
  format?: string | null;
}

/** The same, checked and normalised: the cache key is made from these. */
export interface MemoryContextRequest {
  agentId: string;
  conversationId: string | null;
  /** Lower-cased, trimmed, unique, sorted. */
  participants: string[];
  /** Whitespace collapsed; null when blank. */
  topic: string | null;
  /** Unique lower-cased words of the topic (at most 32), then the topic tags they mean (topicTags.ts). */
  topicTerms: string[];
  tokenBudget: number;
  format: MemoryContextFormat;
}

export const TOKEN_BUDGET = { min: 50, max: 8000, default: 1000 } as const;

/** Checks the arguments (BAD_USER_INPUT naming `memoryContext.<arg>` and its limit) and normalises them. Pure. */
export function parseMemoryContextArgs(args: MemoryContextArgs): MemoryContextRequest {
  const agentId = idArg("memoryContext.agentId", args.agentId);
  const tokenBudget = between("memoryContext.tokenBudget", args.tokenBudget, TOKEN_BUDGET.min, TOKEN_BUDGET.max, TOKEN_BUDGET.default);
  const conversationId = optionalText("memoryContext.conversationId", args.conversationId, 200);
  const participants = strings("memoryContext.participants", args.participants, 50, 200);
  const topic = optionalText("memoryContext.topic", args.topic, 1000)?.replace(/\s+/g, " ").trim() ?? null;
  const format = args.format ?? "CITED";
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new BadUserInputError(`memoryContext.format must be one of ${FORMATS.join(", ")}`, "memoryContext.format");
  }
  const words = [...new Set(wordsOf(topic ?? ""))].slice(0, 32);
  return {
    agentId,
    conversationId,
    participants: [...new Set(participants.map((p) => p.trim().toLowerCase()))].sort(),
    topic,
    topicTerms: [...new Set([...words, ...tagsForWords(words)])],
    tokenBudget,
    format: format as MemoryContextFormat,
  };
}
