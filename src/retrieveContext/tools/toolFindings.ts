import type { FactRecord } from "../../facts/index.js";
import { SEARCH_KINDS, type SearchKind } from "../../search/index.js";

/** A fact a tool returned, with how close in meaning it was to the tool's query (when it was found that way). */
export interface FoundFact {
  fact: FactRecord;
  similarity: number | null;
}

export interface FoundProfile {
  personId: string;
  name: string | null;
  realName: string | null;
  aliases: string[];
  factCount: number;
}

export interface FoundSnippet {
  source: SearchKind;
  id: string;
  content: string;
  score: number;
  authorName: string | null;
  occurredAt: string | null;
  /** Shares a word with the query (full-text match), not only found by meaning. */
  lexical: boolean;
}

/** What one tool call contributed. */
export interface ToolFindings {
  facts: FoundFact[];
  profiles: FoundProfile[];
  snippets: FoundSnippet[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** A FactRecord as every people tool returns it (the GraphQL type's required fields). */
function isFactRecord(v: Obj): v is Obj & FactRecord {
  return typeof v.id === "string" && typeof v.type === "string" && typeof v.personId === "string" && typeof v.object === "string" && typeof v.confidence === "number" && Array.isArray(v.evidence);
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

function snippetOf(hit: Obj): FoundSnippet | null {
  // searchMemories hits carry source/content; searchMessages hits wrap a message; recentMessages lists messages.
  const source = SEARCH_KINDS.find((kind) => kind === hit.source);
  if (source && typeof hit.content === "string") {
    const explain = isObj(hit.explain) ? hit.explain : {};
    return {
      source,
      id: String(hit.id),
      content: hit.content,
      score: Number(hit.score),
      authorName: str(hit.authorName),
      occurredAt: str(hit.occurredAt),
      lexical: explain.fulltextRank !== null && explain.fulltextRank !== undefined,
    };
  }
  if (isObj(hit.message) && typeof hit.message.content === "string") {
    return {
      source: "MESSAGE",
      id: String(hit.message.id),
      content: hit.message.content,
      score: Number(hit.score),
      authorName: str(hit.message.authorName),
      occurredAt: str(hit.message.timestamp),
      lexical: hit.textRank !== null && hit.textRank !== undefined,
    };
  }
  // get_recent_messages returns the messages themselves, in channel order: read, not found by the words of a query.
  if (typeof hit.id === "string" && typeof hit.authorId === "string" && typeof hit.content === "string" && "timestamp" in hit) {
    return { source: "MESSAGE", id: hit.id, content: hit.content, score: 0, authorName: str(hit.authorName), occurredAt: str(hit.timestamp), lexical: false };
  }
  return null;
}

/**
 * Everything fact-, profile- or snippet-shaped in a tool's result, wherever it
 * sits (`people[].fact`, `results[].fact`, `relationships[]`, `timeline[]`):
 * the tools share FactRecord, so one walk serves all of them. Pure.
 */
export function toolFindings(result: unknown): ToolFindings {
  const findings: ToolFindings = { facts: [], profiles: [], snippets: [] };
  const walk = (value: unknown, similarity: number | null, depth: number) => {
    if (depth > 6) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, similarity, depth + 1);
      return;
    }
    if (!isObj(value)) return;
    if (isFactRecord(value)) {
      findings.facts.push({ fact: value, similarity });
      return;
    }
    const snippet = snippetOf(value);
    if (snippet) {
      findings.snippets.push(snippet);
      return;
    }
    if (typeof value.personId === "string" && value.found === true && Array.isArray(value.facts) && Array.isArray(value.aliases)) {
      findings.profiles.push({ personId: value.personId, name: str(value.name), realName: str(value.realName), aliases: value.aliases.filter((a): a is string => typeof a === "string"), factCount: value.facts.length });
    }
    const own = typeof value.similarityScore === "number" ? value.similarityScore : typeof value.similarity === "number" ? value.similarity : similarity;
    for (const child of Object.values(value)) walk(child, own, depth + 1);
  };
  walk(result, null, 0);
  return findings;
}

/** How many things a result holds, for the trace. */
export const findingsSize = (f: ToolFindings) => f.facts.length + f.snippets.length + f.profiles.length;
