import type { Caller } from "../core/caller.js";
import { hasRole } from "../auth/policy.js";
import { BadUserInputError, ForbiddenError } from "../errors/errors.js";
import { idArg } from "../core/idArgs.js";
import { limit as limitArg, list, text } from "../core/args.js";
import { KNOWLEDGE_LABELS, isKnowledgeLabel, type KnowledgeLabel } from "./knowledgeTypes.js";

/** Longest window the time-windowed queries take: ten years. */
export const MAX_WINDOW_DAYS = 3650;
/** Largest knowledge subgraph ranked in one request (PageRank and Louvain run in the gateway's memory). */
export const MAX_SUBGRAPH_NODES = 5000;

/**
 * The agent a per-agent query is about: the caller by default; another agent
 * only for an admin (its reading history and subscriptions are its own).
 * Throws BAD_USER_INPUT for a malformed id, FORBIDDEN otherwise. Pure.
 */
export function subjectAgent(field: string, value: unknown, caller: Caller): string {
  if (value === null || value === undefined) return caller.agentId;
  const agentId = idArg(field, value);
  if (agentId !== caller.agentId && !hasRole(caller, "admin")) throw new ForbiddenError(`${field}: only an admin may ask on behalf of another agent`);
  return agentId;
}

/** Knowledge type names (`Research`, `Concept`…); absent or null gives null (every type). Pure. */
export function knowledgeTypes(field: string, value: unknown): KnowledgeLabel[] | null {
  return list(field, value, KNOWLEDGE_LABELS.length, (f, v) => {
    const name = text(f, v, 100);
    if (!isKnowledgeLabel(name)) throw new BadUserInputError(`${f} must be one of ${KNOWLEDGE_LABELS.join(", ")}, got "${name.slice(0, 40)}"`, f);
    return name;
  });
}

/** A window in whole days, 1..MAX_WINDOW_DAYS. Pure. */
export const windowDays = (field: string, value: unknown, fallback: number) => limitArg(field, value, fallback, MAX_WINDOW_DAYS);

/** The subgraph bound, 1..MAX_SUBGRAPH_NODES. Pure. */
export const maxNodes = (field: string, value: unknown) => limitArg(field, value, 2000, MAX_SUBGRAPH_NODES);
