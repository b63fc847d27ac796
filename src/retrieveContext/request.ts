import { BadUserInputError } from "../errors/errors.js";
import type { FactFormat } from "./formatFact.js";

/** One message of the conversation, as the loop reads it. */
export interface ConversationMessage {
  authorId: string | null;
  authorName: string | null;
  content: string;
  timestamp: string | null;
}

/** A checked retrieveContext request: limits applied, defaults filled. */
export interface RetrieveRequest {
  messages: ConversationMessage[];
  channelId: string | null;
  maxFacts: number;
  maxIterations: number;
  debug: boolean;
  /** How `facts` are written (formatFact.ts). */
  factFormat: FactFormat;
  /** Which time budget the run has (RetrieveContextOptions.budgets). */
  budget: RetrievalBudget;
}

/** STANDARD: what an interactive caller waits; THOROUGH: the knowledge agent's "about a minute". */
export type RetrievalBudget = "STANDARD" | "THOROUGH";
const BUDGETS: readonly RetrievalBudget[] = ["STANDARD", "THOROUGH"];

export const LIMITS = { maxMessages: 50, maxContent: 5000, maxName: 200, maxFacts: 100, maxIterations: 20 } as const;
export const DEFAULTS = { maxFacts: 30, maxIterations: 10 } as const;

/** Fields are named as the GraphQL input types name them (`RetrieveContextInput.maxFacts`), like every other input check. */
const FIELD = "RetrieveContextInput";
const MESSAGE = "RetrieveMessageInput";

function intIn(name: string, value: unknown, fallback: number, max: number): number {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > max) {
    throw new BadUserInputError(`${FIELD}.${name} must be an integer between 1 and ${max}, got ${String(value)}`, `${FIELD}.${name}`);
  }
  return value;
}

function optionalString(name: string, value: unknown, max: number, field = `${FIELD}.${name}`): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") throw new BadUserInputError(`${FIELD}.${name} must be a string`, field);
  if (value.length > max) throw new BadUserInputError(`${FIELD}.${name} is at most ${max} characters long, got ${value.length}`, field);
  return value.trim() || null;
}

/**
 * Checks a request (GraphQL input or REST body, camelCase) against its limits;
 * BAD_USER_INPUT names the field and the limit. GraphQL checks the declared
 * @constraint limits first; this holds for REST and direct callers too. Pure.
 */
export function parseRetrieveRequest(input: Record<string, unknown>): RetrieveRequest {
  const raw = input.messages;
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new BadUserInputError(`${FIELD}.messages must hold at least one message`, `${FIELD}.messages`);
  }
  if (raw.length > LIMITS.maxMessages) {
    throw new BadUserInputError(`${FIELD}.messages has at most ${LIMITS.maxMessages} items, got ${raw.length}`, `${FIELD}.messages`);
  }
  const messages = raw.map((m: unknown, i): ConversationMessage => {
    const msg = (m ?? {}) as Record<string, unknown>;
    const at = `messages[${i}]`;
    const content = msg.content;
    if (typeof content !== "string" || content.trim().length === 0) {
      throw new BadUserInputError(`${FIELD}.${at}.content must not be empty`, `${MESSAGE}.content`);
    }
    if (content.length > LIMITS.maxContent) {
      throw new BadUserInputError(`${FIELD}.${at}.content is at most ${LIMITS.maxContent} characters long, got ${content.length}`, `${MESSAGE}.content`);
    }
    const timestamp = optionalString(`${at}.timestamp`, msg.timestamp instanceof Date ? msg.timestamp.toISOString() : msg.timestamp == null ? null : String(msg.timestamp), 40, `${MESSAGE}.timestamp`);
    if (timestamp !== null && Number.isNaN(Date.parse(timestamp))) {
      throw new BadUserInputError(`${FIELD}.${at}.timestamp must be an ISO-8601 date-time`, `${MESSAGE}.timestamp`);
    }
    return {
      authorId: optionalString(`${at}.authorId`, msg.authorId, LIMITS.maxName, `${MESSAGE}.authorId`),
      authorName: optionalString(`${at}.authorName`, msg.authorName, LIMITS.maxName, `${MESSAGE}.authorName`),
      content,
      timestamp,
    };
  });
  return {
    messages,
    channelId: optionalString("channelId", input.channelId, LIMITS.maxName),
    maxFacts: intIn("maxFacts", input.maxFacts, DEFAULTS.maxFacts, LIMITS.maxFacts),
    maxIterations: intIn("maxIterations", input.maxIterations, DEFAULTS.maxIterations, LIMITS.maxIterations),
    debug: input.debug === true,
    factFormat: factFormatOf(input.factFormat),
    budget: oneOfOr("budget", input.budget, BUDGETS, "STANDARD"),
  };
}

const FACT_FORMATS: readonly FactFormat[] = ["PLAIN", "LABELED"];

function factFormatOf(value: unknown): FactFormat {
  return oneOfOr("factFormat", value, FACT_FORMATS, "PLAIN");
}

/** One of `allowed`, `fallback` when absent; anything else is BAD_USER_INPUT naming the field and the values. */
function oneOfOr<T extends string>(name: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === null || value === undefined) return fallback;
  const found = allowed.find((a) => a === value);
  if (found) return found;
  throw new BadUserInputError(`${FIELD}.${name} must be one of ${allowed.join(", ")}, got ${String(value).slice(0, 40)}`, `${FIELD}.${name}`);
}
