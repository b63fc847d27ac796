/**
 * The node kinds hybrid search covers, each with its indexes and how the
 * search filters map onto its properties. Cypher fragments here are fixed
 * text over `n`; every value reaches them as a parameter.
 */
export interface SearchSourceSpec {
  kind: "MEMORY" | "MESSAGE";
  label: "Memory" | "Message";
  /** Full-text index over the keys the embedding worker stores, under their scopes (embeddings/keyTerms.ts). */
  keysIndex: string;
  vectorIndex: string;
  /** Index of the vectors that embed a node with its predecessor in the conversation, if the kind has them. */
  contextVectorIndex?: string;
  /** Predicate over `n` for the search filters (parameters: see SearchFilterParams). */
  filter: string;
  /** When the thing happened (for recency and time ranges), as Cypher over the variable `v`. */
  occurredAt: (v: string) => string;
  /** The indexed property that orders a conversation's turns (neighbours are found by it). */
  turnOrder: string;
  /** The conversation a node belongs to (neighbours share it), as Cypher over `v`. */
  conversation: (v: string) => string;
  /**
   * Binds `n` to the other turns of `h`'s conversation with the same owner
   * (Cypher, ending in a WHERE the caller extends with AND): read through
   * the conversation, never through every node of the owner.
   */
  sameConversation: string;
}

/** Parameters the filter fragments read; null means "no filter". */
export interface SearchFilterParams {
  agentIds: string[] | null;
  types: string[] | null;
  tags: string[] | null;
  participants: string[] | null;
  conversationId: string | null;
  from: string | null;
  to: string | null;
  minConfidence: number | null;
}

export const MEMORY_FILTER = `($agentIds IS NULL OR n.ownerId IN $agentIds)
  AND ($types IS NULL OR n.type IN $types)
  AND ($tags IS NULL OR any(t IN n.tags WHERE t IN $tags))
  AND ($participants IS NULL OR any(p IN n.participants WHERE p IN $participants))
  AND ($conversationId IS NULL OR n.conversationId = $conversationId)
  AND ($from IS NULL OR coalesce(n.occurredAt, n.createdAt) >= datetime($from))
  AND ($to IS NULL OR coalesce(n.occurredAt, n.createdAt) < datetime($to))
  AND ($minConfidence IS NULL OR n.confidence >= $minConfidence)`;

export const MESSAGE_FILTER = `($agentIds IS NULL OR n.ownerId IN $agentIds)
  AND $types IS NULL AND $tags IS NULL AND $minConfidence IS NULL
  AND ($participants IS NULL OR n.authorId IN $participants OR n.authorName IN $participants)
  AND ($conversationId IS NULL OR EXISTS { (n)-[:IN_CHANNEL]->(c:Channel) WHERE c.id = $conversationId })
  AND ($from IS NULL OR n.timestamp >= datetime($from))
  AND ($to IS NULL OR n.timestamp < datetime($to))`;

/**
 * The filters over the kinds that are neither memories nor messages: whose
 * they are, when they happened, how sure; a game turn's conversation is its
 * session. The memory-only filters (types, tags, participants) leave them out.
 */
/** A superseded belief is history (EVOLVED_INTO its newer version): recall finds the version in force. */
export const OTHER_KIND_FILTER = `($agentIds IS NULL OR n.ownerId IN $agentIds)
  AND NOT (n:Belief AND n.state = 'SUPERSEDED')
  AND $types IS NULL AND $tags IS NULL AND $participants IS NULL
  AND ($conversationId IS NULL OR n.sessionId = $conversationId)
  AND ($from IS NULL OR coalesce(n.occurredAt, n.timestamp, n.createdAt) >= datetime($from))
  AND ($to IS NULL OR coalesce(n.occurredAt, n.timestamp, n.createdAt) < datetime($to))
  AND ($minConfidence IS NULL OR n.confidence >= $minConfidence)`;

/**
 * The filters of every kind in one predicate over `n`, by its label: the
 * statement over the shared full-text index reads every kind at once.
 */
export const ANY_KIND_FILTER = `CASE WHEN n:Memory THEN (${MEMORY_FILTER})
  WHEN n:Message THEN (${MESSAGE_FILTER})
  ELSE (${OTHER_KIND_FILTER}) END`;

export const SEARCH_SOURCES: Record<"MEMORY" | "MESSAGE", SearchSourceSpec> = {
  MEMORY: {
    kind: "MEMORY",
    label: "Memory",
    keysIndex: "memory_key_terms",
    vectorIndex: "memory_embedding",
    contextVectorIndex: "memory_context_embedding",
    filter: MEMORY_FILTER,
    occurredAt: (v) => `coalesce(${v}.occurredAt, ${v}.createdAt)`,
    turnOrder: "occurredAt",
    conversation: (v) => `${v}.conversationId`,
    // A seek of memory_conversation_turns (app/migrations.ts); without the hint, small or fresh stores were planned through the owner
    // index, and with USING INDEX alone one plan (the earlier side, newest first) scanned the whole index per hit, filtering each entry.
    sameConversation: `WITH h, h.conversationId AS conversation
       MATCH (n:Memory) USING INDEX SEEK n:Memory(tenantId, ownerId, conversationId, occurredAt)
       WHERE conversation IS NOT NULL AND n.tenantId = $callerTenant AND n.ownerId = h.ownerId AND n.conversationId = conversation`,
  },
  MESSAGE: {
    kind: "MESSAGE",
    label: "Message",
    keysIndex: "message_key_terms",
    vectorIndex: "message_embedding",
    filter: MESSAGE_FILTER,
    occurredAt: (v) => `${v}.timestamp`,
    turnOrder: "timestamp",
    conversation: (v) => `head([(${v})-[:IN_CHANNEL]->(c:Channel) | c.id])`,
    // From the hit through its channel: an importing bot owns every channel's messages.
    // A pattern comprehension is expanded from the bound hit: a MATCH let the planner start from the owner index.
    sameConversation: `UNWIND [(h)-[:IN_CHANNEL]->(:Channel)<-[:IN_CHANNEL]-(other:Message) | other] AS n
       WITH h, n WHERE n <> h AND n.tenantId = $callerTenant AND n.ownerId = h.ownerId`,
  },
};
