import { BadUserInputError } from "../errors/errors.js";
import { idArg, strings } from "../core/idArgs.js";
import { limit, oneOf, text, unit } from "../core/args.js";
import type { StoreArgs } from "./memoryStore.js";
import { MEMORY_KINDS, type MemoryKind } from "./memoryKinds.js";
import type { SupersedeArgs } from "./supersedeBelief.js";

/** Most experiences one reflection considers. */
export const MAX_REFLECT_LIMIT = 200;
const INSIGHT_CATEGORIES = ["MARKET", "COMPETITIVE", "TECHNICAL", "PROCESS", "OPPORTUNITY", "GENERAL"] as const;
/** What an INSIGHT stored without a category is filed under: the category is optional in every door, so it has a default. */
const DEFAULT_INSIGHT_CATEGORY = "GENERAL";
const OUTCOMES = ["SUCCESS", "PARTIAL", "FAILED"] as const;

/**
 * Argument checks of the belief and memory tools (schema/belief-tools.graphql):
 * each throws BAD_USER_INPUT naming the argument and the limit. Pure.
 */
export function parseReflectLimit(field: string, value: unknown): number {
  return limit(`${field}.limit`, value, 50, MAX_REFLECT_LIMIT);
}

export function parseStoreArgs(args: Record<string, unknown>): StoreArgs {
  const F = "memoryStore";
  const kind = oneOf(`${F}.type`, args.type ?? "BELIEF", MEMORY_KINDS) as MemoryKind;
  const given = args.category == null ? null : oneOf(`${F}.category`, args.category, INSIGHT_CATEGORIES);
  const outcome = args.outcome == null ? null : oneOf(`${F}.outcome`, args.outcome, OUTCOMES);
  if (kind !== "INSIGHT" && given) throw new BadUserInputError(`${F}.category is taken only by an INSIGHT, not by ${kind}`, `${F}.category`);
  if (kind !== "EXPERIENCE" && outcome) throw new BadUserInputError(`${F}.outcome is taken only by an EXPERIENCE, not by ${kind}`, `${F}.outcome`);
  const category = kind === "INSIGHT" ? (given ?? DEFAULT_INSIGHT_CATEGORY) : null;
  return {
    kind,
    content: text(`${F}.content`, args.content, 20_000),
    confidence: unit(`${F}.confidence`, args.confidence, 0.5),
    domains: strings(`${F}.domains`, args.domains, 20, 100),
    category,
    outcome,
  };
}

export function parseSupersedeArgs(args: Record<string, unknown>): SupersedeArgs {
  const F = "supersedeBelief";
  return {
    id: text(`${F}.id`, args.id, 128),
    content: text(`${F}.content`, args.content, 20_000),
    reason: text(`${F}.reason`, args.reason, 5000),
    confidence: args.confidence == null ? null : unit(`${F}.confidence`, args.confidence),
    domains: args.domains == null ? null : strings(`${F}.domains`, args.domains, 20, 100),
  };
}

export const parseAgentId = (field: string, value: unknown) => idArg(`${field}.agentId`, value);
export const parseKnowledgeId = (value: unknown) => text("memoryShare.knowledgeId", value, 128);
