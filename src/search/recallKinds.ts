/**
 * Every kind of node the write doors store that searchMemories recalls, with
 * the properties that hold its text. One full-text index spans them all
 * (RECALL_INDEX), so one BM25 list ranks every kind against the others;
 * labels and fields are fixed text here and reach Cypher only through the
 * statement builders. FACT is a kind too, but facts are relationships, found
 * by meaning (factList.ts), so it has no entry here.
 */
export const NODE_KINDS = [
  "MEMORY",
  "MESSAGE",
  "BELIEF",
  "INSIGHT",
  "EXPERIENCE",
  "RESEARCH",
  "CONCEPT",
  "CONTENT",
  "ANALYSIS",
  "DOCUMENTATION",
  "SYNTHESIS",
  "TURN",
] as const;
export type NodeKind = (typeof NODE_KINDS)[number];
export type SearchKind = NodeKind | "FACT";
export const SEARCH_KINDS: readonly SearchKind[] = [...NODE_KINDS, "FACT"];

export interface RecallKind {
  label: string;
  /** Properties the full-text index reads (a kind's title, name or topic beside its body). */
  indexed: readonly string[];
  /** The properties shown as a hit's content, the first one set: the kind's body (a memory_store title is its body's first line), else its title or name. */
  shown: readonly string[];
  /** It has an embedding (an `@embedded` type of the SDL) in the vector index `<label>_embedding`. */
  embedded: boolean;
}

export const RECALL_KINDS: Readonly<Record<NodeKind, RecallKind>> = {
  MEMORY: { label: "Memory", indexed: ["content"], shown: ["content"], embedded: true },
  MESSAGE: { label: "Message", indexed: ["content"], shown: ["content"], embedded: true },
  BELIEF: { label: "Belief", indexed: ["content"], shown: ["content"], embedded: true },
  INSIGHT: { label: "Insight", indexed: ["insight"], shown: ["insight"], embedded: true },
  // Neither experiences nor game turns are embedded (no @embedded in the SDL): words find them, meaning does not.
  EXPERIENCE: { label: "Experience", indexed: ["description"], shown: ["description"], embedded: false },
  RESEARCH: { label: "Research", indexed: ["topic", "findings"], shown: ["findings", "topic"], embedded: true },
  CONCEPT: { label: "Concept", indexed: ["name", "description"], shown: ["description", "name"], embedded: true },
  CONTENT: { label: "Content", indexed: ["title", "body"], shown: ["body", "title"], embedded: true },
  ANALYSIS: { label: "Analysis", indexed: ["title", "findings"], shown: ["findings", "title"], embedded: true },
  DOCUMENTATION: { label: "Documentation", indexed: ["title", "content"], shown: ["content", "title"], embedded: true },
  SYNTHESIS: { label: "Synthesis", indexed: ["insight", "summary"], shown: ["insight", "summary"], embedded: true },
  TURN: { label: "Turn", indexed: ["analysis"], shown: ["analysis"], embedded: false },
};

/** The full-text index over every recalled kind (app/migrations.ts creates it). */
export const RECALL_INDEX = "recall_text";

/** The labels and properties of RECALL_INDEX. Pure. */
export function recallIndexSpec(): { labels: string[]; fields: string[] } {
  const kinds = NODE_KINDS.map((k) => RECALL_KINDS[k]);
  return { labels: kinds.map((k) => k.label), fields: [...new Set(kinds.flatMap((k) => k.indexed))] };
}

const BY_LABEL = new Map(NODE_KINDS.map((k) => [RECALL_KINDS[k].label, k]));

/** The kind of a node by its label (undefined for a label search does not recall). Pure. */
export const kindOfLabel = (label: string): NodeKind | undefined => BY_LABEL.get(label);

/** The kinds besides memories and messages: no conversation, no memory filters, searched the same way. */
export const OTHER_KINDS: readonly NodeKind[] = NODE_KINDS.filter((k) => k !== "MEMORY" && k !== "MESSAGE");

/** The filters that decide which kinds can match at all (SearchFilterParams' names). */
export interface KindFilters {
  types: readonly string[] | null;
  tags: readonly string[] | null;
  participants: readonly string[] | null;
  conversationId: string | null;
  from: string | null;
  to: string | null;
  minConfidence: number | null;
}

/**
 * The kinds asked for that some node could still match under the filters:
 * memory types and tags are memories' only, so they leave every other kind
 * out; participants keep memories and messages; a conversation keeps
 * memories, messages and game turns (a session); a minimum confidence leaves
 * out what has no confidence (messages, experiences, game turns). Facts are
 * filtered by confidence only, so any other filter leaves them out. A kind
 * left out costs no read. Pure.
 */
export function kindsUnder(kinds: readonly SearchKind[], f: KindFilters): SearchKind[] {
  const memoryOnly = f.types !== null || f.tags !== null;
  const keeps = (kind: SearchKind): boolean => {
    if (kind === "MEMORY") return true;
    if (memoryOnly) return false;
    if (kind === "FACT") return f.participants === null && f.conversationId === null && f.from === null && f.to === null;
    if (f.minConfidence !== null && (kind === "MESSAGE" || kind === "EXPERIENCE" || kind === "TURN")) return false;
    if (kind === "MESSAGE") return true;
    if (f.participants !== null) return false;
    return f.conversationId === null || kind === "TURN";
  };
  return kinds.filter(keeps);
}
