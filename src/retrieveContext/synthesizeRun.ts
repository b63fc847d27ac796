import type { ConversationAnalysis } from "./analyzeConversation.js";
import type { EntityLinks } from "./linkEntities.js";
import type { Stage } from "./loopStages.js";
import type { CallOutcome, PlannerKind } from "./planners/planner.js";
import type { RetrieveRequest } from "./request.js";
import type { StopReason } from "./stopConditions.js";
import { assessConfidence, contradictionPairs, dedupeFacts, pickSnippets, rankFacts, type RankedFact, type RetrievalConfidence } from "./synthesize.js";
import type { FoundProfile, FoundSnippet } from "./tools/toolFindings.js";

/** One stage of a run, as the trace and the RetrievalRun record show it. */
export interface StepTrace {
  stage: Stage;
  iteration: number;
  detail: string;
  elapsedMs: number;
  calls: CallOutcome[];
}

export interface RunMetadata {
  queriesExecuted: number;
  iterationsUsed: number;
  factsRetrieved: number;
  processingTimeMs: number;
  /** The run's time budget (its RetrievalBudget's), in ms. */
  timeBudgetMs: number;
  llmTokensUsed: number;
  planner: PlannerKind;
  fallbackReason: string | null;
  /** The LLM planner's prompt version when the run asked it (even if it then handed over); null when only the deterministic planner ran. */
  promptVersion: string | null;
  stopReason: StopReason;
}

export interface LoopResult {
  facts: RankedFact[];
  profiles: FoundProfile[];
  contradictions: [RankedFact, RankedFact][];
  snippets: FoundSnippet[];
  confidence: RetrievalConfidence;
  reasoning: string;
  metadata: RunMetadata;
  trace: StepTrace[];
}

const MAX_SNIPPETS = 5;

/**
 * The synthesize stage: every fact the calls found, de-duplicated, ranked by
 * relevance to the conversation and confidence, cut to maxFacts and
 * formatted; profiles once per person; contradictions among the returned
 * facts; the chatbot memory service's confidence. Pure.
 */
export function synthesize(input: {
  request: RetrieveRequest;
  analysis: ConversationAnalysis;
  links: EntityLinks;
  outcomes: readonly CallOutcome[];
  trace: StepTrace[];
  reasoning: readonly string[];
  metadata: Pick<RunMetadata, "iterationsUsed" | "llmTokensUsed" | "planner" | "fallbackReason" | "promptVersion" | "stopReason" | "timeBudgetMs">;
}): LoopResult {
  const { request, analysis, links, outcomes } = input;
  const namedThings = new Set([...links.entities.map((e) => e.name.toLowerCase()), ...links.entities.map((e) => e.matched.toLowerCase()), ...analysis.intents.map((i) => i.term.toLowerCase())]);
  const mentionedPeople = new Set(links.entities.filter((e) => e.label === "Person").map((e) => e.id));
  const participants = new Set(links.authors.map((a) => a.personId).filter((id): id is string => Boolean(id)));
  const found = outcomes.flatMap((o) => o.findings.facts);
  const facts = rankFacts(dedupeFacts(found, { namedThings, mentionedPeople, participants }), request.factFormat).slice(0, request.maxFacts);

  const profiles = new Map<string, FoundProfile>();
  for (const p of outcomes.flatMap((o) => o.findings.profiles)) if (!profiles.has(p.personId)) profiles.set(p.personId, p);
  const executed = outcomes.filter((o) => !o.cached);
  const summary = facts.length
    ? `Found ${facts.length} fact(s) with ${executed.length} tool call(s).`
    : `Found no facts with ${executed.length} tool call(s).`;
  const reasoning = [...input.reasoning, summary, input.metadata.fallbackReason ? `Fell back to the deterministic planner: ${input.metadata.fallbackReason}.` : ""]
    .filter(Boolean)
    .join(" ");
  return {
    facts,
    profiles: [...profiles.values()],
    contradictions: contradictionPairs(facts),
    snippets: pickSnippets(outcomes.flatMap((o) => o.findings.snippets), MAX_SNIPPETS),
    confidence: assessConfidence(facts.map((f) => f.fact.confidence), outcomes),
    reasoning,
    metadata: { ...input.metadata, queriesExecuted: executed.length, factsRetrieved: facts.length, processingTimeMs: 0 },
    trace: input.trace,
  };
}

/** The trace as the API and the RetrievalRun record show it: every step, each call with its arguments, outcome, result size and time. */
export function traceView(trace: readonly StepTrace[]) {
  return trace.map((s) => ({
    stage: s.stage,
    iteration: s.iteration,
    detail: s.detail,
    elapsedMs: Number(s.elapsedMs.toFixed(2)),
    toolCalls: s.calls.map((c) => ({
      tool: c.call.tool,
      arguments: c.call.args ?? null,
      ok: c.ok,
      error: c.error,
      resultSize: c.findings.facts.length + c.findings.snippets.length + c.findings.profiles.length,
      cached: c.cached,
      elapsedMs: Number(c.elapsedMs.toFixed(2)),
    })),
  }));
}
