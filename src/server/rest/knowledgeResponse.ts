import { bareSentence, factFields, factsByTopic, suggestedContext, type KnowledgeFactIn } from "./knowledgeFacts.js";

export { bareSentence, type KnowledgeFactIn };

/** A person of retrieveContext's `profiles`. */
export interface KnowledgeProfileIn {
  personId: string;
  name: string | null;
  realName: string | null;
  aliases: string[];
  factCount: number;
}

/** One stage of retrieveContext's `trace`, as the knowledge route selects it. */
export interface KnowledgeStepIn {
  iteration: number;
  toolCalls: { tool: string; arguments: string; ok: boolean; error: string | null; resultSize: number }[];
}

/** Two returned facts that disagree, as the knowledge route selects them. */
export interface KnowledgeContradictionIn {
  fact: { id: string; text: string };
  conflictsWith: { id: string; text: string };
}

/** The `retrieveContext` result the knowledge route asks for (KNOWLEDGE_OPERATION). */
export interface KnowledgeResultIn {
  structuredFacts: KnowledgeFactIn[];
  contradictions: KnowledgeContradictionIn[];
  profiles: KnowledgeProfileIn[];
  confidence: string;
  reasoning: string;
  metadata: { processingTimeMs: number; timeBudgetMs: number; factsRetrieved: number; runId: string; planner: string; promptVersion: string | null };
  trace: KnowledgeStepIn[] | null;
}

/**
 * What is known about one person, as one paragraph for a prompt: the name
 * (real name, aliases), then the sentences of the returned facts about them,
 * most relevant first, and how many facts the graph holds in all. Pure.
 */
export function personSummary(name: string, profile: KnowledgeProfileIn | undefined, facts: readonly KnowledgeFactIn[]): string {
  const also = [profile?.realName && profile.realName !== name ? profile.realName : null, ...(profile?.aliases ?? []).filter((a) => a !== name)].filter(Boolean);
  const head = also.length ? `${name} (${also.join(", ")})` : name;
  const known = profile ? ` ${profile.factCount} fact(s) known in all.` : "";
  if (facts.length === 0) return `${head}: nothing relevant to this conversation is known.${known}`;
  return `${head}: ${facts.map((f) => bareSentence(f.text)).join("; ")}.${known}`;
}

/**
 * A retrieveContext result in the knowledge agent's response shape (its REST
 * API specification): `relevant_facts` with fact (the sentence; its confidence
 * and evidence are fields), what the sentence says as fields of their own
 * (organization, role, duration, location, basis, person_a/person_b:
 * knowledgeFacts.ts), its topic, confidence, evidence and relevance;
 * `facts_by_topic`, the same facts grouped by what they are about;
 * `person_profiles` person id → summary text, for every person looked at or a
 * fact is about; `contradictions` among the returned facts;
 * `suggested_context`, a paragraph for the chatbot's prompt; `queries_executed`
 * one entry per tool call with its round, tool, arguments (as JSON text: the
 * gateway's tools take arguments, not query text) and result count;
 * confidence in lower case; the run id, for feedback. Pure.
 */
export function toKnowledgeResponse(result: KnowledgeResultIn) {
  const m = result.metadata;
  const names = new Map<string, string>();
  for (const p of result.profiles) names.set(p.personId, p.name ?? p.realName ?? p.personId);
  for (const f of result.structuredFacts) if (!names.has(f.subjectId)) names.set(f.subjectId, f.subject);
  const profiles = new Map(result.profiles.map((p) => [p.personId, p]));
  const topics = factsByTopic(result.structuredFacts);
  const contradictions = result.contradictions.map((c) => ({
    fact_id: c.fact.id,
    fact: bareSentence(c.fact.text),
    conflicts_with_id: c.conflictsWith.id,
    conflicts_with: bareSentence(c.conflictsWith.text),
  }));
  return {
    run_id: m.runId,
    relevant_facts: result.structuredFacts.map((f) => ({
      id: f.id,
      fact: bareSentence(f.text),
      type: f.relation,
      person: f.subject,
      person_id: f.subjectId,
      ...factFields(f),
      topic: f.object,
      current: f.current,
      confidence: f.confidence,
      evidence: f.evidence,
      relevance: f.relevance,
    })),
    facts_by_topic: topics,
    person_profiles: Object.fromEntries(
      [...names].map(([id, name]) => [id, personSummary(name, profiles.get(id), result.structuredFacts.filter((f) => f.subjectId === id))]),
    ),
    contradictions,
    suggested_context: suggestedContext(topics, contradictions),
    reasoning: result.reasoning,
    queries_executed: (result.trace ?? []).flatMap((step) =>
      step.toolCalls.map((c) => ({ iteration: step.iteration, tool: c.tool, query: c.arguments, result_count: c.resultSize, success: c.ok, error: c.error })),
    ),
    confidence: result.confidence.toLowerCase(),
    processing_time_ms: m.processingTimeMs,
    time_budget_ms: m.timeBudgetMs,
    facts_retrieved: m.factsRetrieved,
    planner: m.planner.toLowerCase(),
    prompt_version: m.promptVersion,
  };
}
