import type { FactRecord } from "../facts/index.js";
import { formatFact, type FactFormat } from "./formatFact.js";
import type { FoundFact, FoundSnippet } from "./tools/toolFindings.js";

/** What makes a fact relevant to this conversation. */
export interface RelevanceContext {
  /** Lower-cased names the conversation asks about: linked entities and intent terms ("google", "python"). */
  namedThings: ReadonlySet<string>;
  /** Person ids named in the conversation. */
  mentionedPeople: ReadonlySet<string>;
  /** Person ids of the authors. */
  participants: ReadonlySet<string>;
}

/** A de-duplicated fact with its relevance and sentence. */
export interface RankedFact {
  fact: FactRecord;
  relevance: number;
  text: string;
}

export type RetrievalConfidence = "HIGH" | "MEDIUM" | "LOW";

/** Relevance 0..1: what the conversation names beats who it is about beats similarity of meaning. Pure. */
export function relevanceOf(found: FoundFact, ctx: RelevanceContext): number {
  const { fact } = found;
  const scores = [0.5];
  if (ctx.namedThings.has(fact.object.toLowerCase()) || ctx.namedThings.has(fact.personName.toLowerCase())) scores.push(1);
  if (ctx.mentionedPeople.has(fact.personId) || ctx.mentionedPeople.has(fact.objectId)) scores.push(0.9);
  if (ctx.participants.has(fact.personId)) scores.push(0.8);
  if (found.similarity !== null) scores.push(found.similarity);
  return Math.max(...scores);
}

const key = (f: FactRecord) => `${f.personId}\u0000${f.type}\u0000${f.object.toLowerCase()}`;

/**
 * One entry per (subject, relation, object): the highest confidence, the
 * union of evidence, the highest relevance. Order of first appearance. Pure.
 */
export function dedupeFacts(found: readonly FoundFact[], ctx: RelevanceContext): Omit<RankedFact, "text">[] {
  const byKey = new Map<string, Omit<RankedFact, "text">>();
  for (const f of found) {
    const relevance = relevanceOf(f, ctx);
    const k = key(f.fact);
    const seen = byKey.get(k);
    if (!seen) {
      byKey.set(k, { fact: { ...f.fact, evidence: [...f.fact.evidence] }, relevance });
      continue;
    }
    const best = f.fact.confidence > seen.fact.confidence ? f.fact : seen.fact;
    const evidence = [...new Set([...seen.fact.evidence, ...f.fact.evidence])];
    const contradicts = [...new Set([...seen.fact.contradicts, ...f.fact.contradicts])];
    byKey.set(k, { fact: { ...best, evidence, contradicts }, relevance: Math.max(seen.relevance, relevance) });
  }
  return [...byKey.values()];
}

/** Ranks by relevance and confidence (0.6 / 0.4), then confidence, then id: stable for equal scores. Pure. */
export function rankFacts(facts: readonly Omit<RankedFact, "text">[], format: FactFormat = "PLAIN"): RankedFact[] {
  // Rounded so equal scores compare equal (0.6 * 0.5 + 0.4 * 0.95 is 0.6799999999999999) and the tie-breaks decide.
  const score = (f: Omit<RankedFact, "text">) => Math.round((0.6 * f.relevance + 0.4 * f.fact.confidence) * 1e9) / 1e9;
  return [...facts]
    .sort((a, b) => score(b) - score(a) || b.fact.confidence - a.fact.confidence || a.fact.id.localeCompare(b.fact.id))
    .map((f) => ({ ...f, text: formatFact(f.fact, format) }));
}

/** Pairs of returned facts that say they contradict each other, each pair once. Pure. */
export function contradictionPairs(facts: readonly RankedFact[]): [RankedFact, RankedFact][] {
  const byId = new Map(facts.map((f) => [f.fact.id, f]));
  const pairs: [RankedFact, RankedFact][] = [];
  const seen = new Set<string>();
  for (const f of facts) {
    for (const other of f.fact.contradicts) {
      const g = byId.get(other);
      const pairKey = [f.fact.id, other].sort().join("|");
      if (g && !seen.has(pairKey)) {
        seen.add(pairKey);
        pairs.push([f, g]);
      }
    }
  }
  return pairs;
}

/**
 * The chatbot memory service's rule: HIGH with 3+ facts at 0.8 or more, a mean of 0.75+ and
 * 70% of tool calls succeeding; MEDIUM with 1+ at 0.8 and a mean of 0.6+;
 * otherwise (and always without facts) LOW. Pure.
 */
export function assessConfidence(confidences: readonly number[], calls: readonly { ok: boolean }[]): RetrievalConfidence {
  if (confidences.length === 0) return "LOW";
  const high = confidences.filter((c) => c >= 0.8).length;
  const mean = confidences.reduce((s, c) => s + c, 0) / confidences.length;
  const successRate = calls.length ? calls.filter((c) => c.ok).length / calls.length : 0;
  if (high >= 3 && mean >= 0.75 && successRate >= 0.7) return "HIGH";
  if (high >= 1 && mean >= 0.6) return "MEDIUM";
  return "LOW";
}

/** Snippets worth showing beside the facts: ones sharing a word with the conversation, best first, once each. Pure. */
export function pickSnippets(snippets: readonly FoundSnippet[], max: number): FoundSnippet[] {
  const byId = new Map<string, FoundSnippet>();
  for (const s of snippets) if (s.lexical && (!byId.has(s.id) || byId.get(s.id)!.score < s.score)) byId.set(s.id, s);
  return [...byId.values()].sort((a, b) => b.score - a.score).slice(0, max);
}
