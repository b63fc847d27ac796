import { visibilityParams } from "../../auth/policy.js";
import type { Caller } from "../../core/caller.js";
import { cypherInt } from "../../graph/readQuery.js";
import { executor } from "../../graph/executor.js";
import { onlyRow } from "../../graph/statement.js";
import type { AppDeps } from "../../core/appDeps.js";
import { visibleAs } from "../../graph/visibleAs.js";
import { MEMORY_PROJECTION, toStoredMemory, type StoredMemory } from "../memoryRecord.js";

/** What the candidates are wanted for; terms and participants lower-cased. */
export interface CandidateQuery {
  agentId: string;
  conversationId: string | null;
  topicTerms: readonly string[];
  participants: readonly string[];
}

export interface AgentCandidates {
  /** False when no agent of that id is visible to the caller in its tenant. */
  found: boolean;
  agentName: string | null;
  memories: StoredMemory[];
  /** The description of the agent's most recent open task (PENDING, IN_PROGRESS, BLOCKED) the caller may read; null when none. */
  focusTask: string | null;
}

/** How many memories each way of finding candidates contributes (at most ~280 reach the ranking). */
const PER_TYPE = 40;
const RECENT = 40;
const MATCHING = 120;

/**
 * One query: the agent (if the caller may read it) and a bounded set of its
 * memories the caller may read — the most important of each type, the most
 * recent, and those matching the conversation, topic or participants — for
 * the pure ranking (memory/context/relevance.ts) to order. Memories are the
 * agent's when it REMEMBERS them. Also the agent's most recent open task, the
 * block's focus.
 */
export async function loadCandidateMemories(deps: Pick<AppDeps, "driver" | "database">, caller: Caller, q: CandidateQuery): Promise<AgentCandidates> {
  const mem = visibleAs("n");
  const cypher = `
    OPTIONAL MATCH (a:Agent {tenantId: $callerTenant, id: $agentId}) WHERE ${visibleAs("a")}
    CALL (a) {
      CALL (a) {
        MATCH (a)-[:REMEMBERS]->(n:Memory) WHERE ${mem}
        WITH n ORDER BY n.importance DESC, n.createdAt DESC
        WITH n.type AS type, collect(n)[..$perType] AS top
        UNWIND top AS n
        RETURN n
        UNION
        MATCH (a)-[:REMEMBERS]->(n:Memory) WHERE ${mem}
        RETURN n ORDER BY coalesce(n.occurredAt, n.createdAt) DESC LIMIT $recent
        UNION
        MATCH (a)-[:REMEMBERS]->(n:Memory) WHERE ${mem} AND (
          n.conversationId = $conversationId
          OR any(t IN n.tags WHERE toLower(t) IN $terms)
          OR any(term IN $terms WHERE toLower(n.content) CONTAINS term)
          OR any(p IN n.participants WHERE toLower(p) IN $participants)
          OR EXISTS { MATCH (n)-[:INVOLVES]->(x:Agent) WHERE ${visibleAs("x")} AND (toLower(x.id) IN $participants OR toLower(x.name) IN $participants) })
        RETURN n ORDER BY n.importance DESC, coalesce(n.occurredAt, n.createdAt) DESC LIMIT $matching
      }
      WITH DISTINCT n
      RETURN collect(${MEMORY_PROJECTION}) AS memories
    }
    CALL (a) {
      OPTIONAL MATCH (t:Task)-[:ASSIGNED_TO]->(a) WHERE t.status <> 'COMPLETED' AND ${visibleAs("t")}
      WITH t ORDER BY coalesce(t.startedAt, t.createdAt) DESC LIMIT 1
      RETURN t.description AS focusTask
    }
    RETURN a IS NOT NULL AS found, a.name AS agentName, memories, focusTask`;
  const params = {
    ...visibilityParams(caller),
    agentId: q.agentId,
    conversationId: q.conversationId,
    terms: q.topicTerms,
    participants: q.participants,
    perType: cypherInt(PER_TYPE),
    recent: cypherInt(RECENT),
    matching: cypherInt(MATCHING),
  };
  return onlyRow(
    await executor(deps).read({
      cypher,
      params,
      decode: (r) => ({ found: r.boolean("found"), agentName: r.stringOrNull("agentName"), memories: r.rows("memories").map(toStoredMemory), focusTask: r.stringOrNull("focusTask") }),
    }),
  );
}
