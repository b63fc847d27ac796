import { BadUserInputError } from "../errors/errors.js";
import type { SearchFilterParams } from "./searchSources.js";
import { SEARCH_KINDS, type SearchKind } from "./recallKinds.js";

/** searchMemories' input as GraphQL hands it over (defaults applied). */
export interface SearchMemoriesArgs {
  query: string;
  vector?: number[] | null;
  /** The kinds to search (null: every kind the caller may read). */
  kinds?: SearchKind[] | null;
  /** The former name of `kinds`, kept for existing clients. */
  sources?: SearchKind[] | null;
  agentIds?: string[] | null;
  types?: string[] | null;
  tags?: string[] | null;
  participants?: string[] | null;
  conversationId?: string | null;
  from?: unknown;
  to?: unknown;
  minConfidence?: number | null;
  limit: number;
  diversity: number;
  expand: boolean;
  explain: boolean;
}

export interface SearchRequest {
  query: string;
  vector: number[] | null;
  kinds: SearchKind[];
  filters: SearchFilterParams;
  limit: number;
  diversity: number;
  expand: boolean;
  explain: boolean;
}

const FIELD = "searchMemories.input";
const MAX_QUERY = 2000;
const MAX_LIST = 100;
const MAX_ITEM = 200;

/**
 * Checks every argument against its limit and turns the input into a request;
 * BAD_USER_INPUT names the field and the limit. Pure.
 */
export function parseSearchInput(input: SearchMemoriesArgs, dimensions: number): SearchRequest {
  const query = input.query.trim();
  if (query.length === 0) throw new BadUserInputError(`${FIELD}.query must not be empty`, `${FIELD}.query`);
  if (input.query.length > MAX_QUERY) {
    throw new BadUserInputError(`${FIELD}.query is at most ${MAX_QUERY} characters long, got ${input.query.length}`, `${FIELD}.query`);
  }
  if (!Number.isInteger(input.limit) || input.limit < 1 || input.limit > 100) {
    throw new BadUserInputError(`${FIELD}.limit must be between 1 and 100, got ${input.limit}`, `${FIELD}.limit`);
  }
  if (!(input.diversity >= 0 && input.diversity <= 1)) {
    throw new BadUserInputError(`${FIELD}.diversity must be between 0 and 1, got ${input.diversity}`, `${FIELD}.diversity`);
  }
  if (input.minConfidence != null && !(input.minConfidence >= 0 && input.minConfidence <= 1)) {
    throw new BadUserInputError(`${FIELD}.minConfidence must be between 0 and 1, got ${input.minConfidence}`, `${FIELD}.minConfidence`);
  }
  if (input.kinds != null && input.sources != null) {
    throw new BadUserInputError(`${FIELD}.sources is the former name of ${FIELD}.kinds: give one of them`, `${FIELD}.sources`);
  }
  const kindsField = input.kinds != null ? "kinds" : "sources";
  const kinds = input.kinds ?? input.sources ?? SEARCH_KINDS;
  if (kinds.length === 0) throw new BadUserInputError(`${FIELD}.${kindsField} must name at least one kind`, `${FIELD}.${kindsField}`);
  const list = (name: keyof SearchMemoriesArgs, value: string[] | null | undefined) => {
    if (value == null) return null;
    if (value.length > MAX_LIST) throw new BadUserInputError(`${FIELD}.${name} has at most ${MAX_LIST} items, got ${value.length}`, `${FIELD}.${name}`);
    const long = value.find((v) => v.length > MAX_ITEM);
    if (long !== undefined) throw new BadUserInputError(`${FIELD}.${name} items are at most ${MAX_ITEM} characters long`, `${FIELD}.${name}`);
    return value;
  };
  const conversationId = input.conversationId ?? null;
  if (conversationId !== null && conversationId.length > MAX_ITEM) {
    throw new BadUserInputError(`${FIELD}.conversationId is at most ${MAX_ITEM} characters long`, `${FIELD}.conversationId`);
  }
  const from = instant(input.from, "from");
  const to = instant(input.to, "to");
  if (from && to && from >= to) throw new BadUserInputError(`${FIELD}.from must be before ${FIELD}.to`, `${FIELD}.from`);
  return {
    query,
    vector: checkVector(input.vector, dimensions),
    kinds: [...new Set(kinds)],
    filters: {
      agentIds: list("agentIds", input.agentIds),
      types: list("types", input.types),
      tags: list("tags", input.tags),
      participants: list("participants", input.participants),
      conversationId,
      from,
      to,
      minConfidence: input.minConfidence ?? null,
    },
    limit: input.limit,
    diversity: input.diversity,
    expand: input.expand,
    explain: input.explain,
  };
}

/** DateTime arguments arrive as neo4j DateTime objects or strings; Cypher gets ISO text. */
function instant(value: unknown, name: string): string | null {
  if (value == null) return null;
  const text = String(value);
  if (Number.isNaN(Date.parse(text))) throw new BadUserInputError(`${FIELD}.${name} is not a date-time: ${text}`, `${FIELD}.${name}`);
  return new Date(text).toISOString();
}

/** A caller's own query vector must have the index's size and be (close to) unit length. */
function checkVector(vector: number[] | null | undefined, dimensions: number): number[] | null {
  if (vector == null) return null;
  if (vector.length !== dimensions) {
    throw new BadUserInputError(`${FIELD}.vector must have ${dimensions} dimensions, got ${vector.length}`, `${FIELD}.vector`);
  }
  if (!vector.every(Number.isFinite)) throw new BadUserInputError(`${FIELD}.vector must hold finite numbers`, `${FIELD}.vector`);
  const norm = Math.sqrt(vector.reduce((s, x) => s + x * x, 0));
  if (Math.abs(norm - 1) > 0.01) {
    throw new BadUserInputError(`${FIELD}.vector must have length 1 (cosine index), got ${norm.toFixed(3)}`, `${FIELD}.vector`);
  }
  return vector;
}
