import type { FactRecord } from "../../../src/facts/factRecord.js";
import type { ConversationAnalysis } from "../../../src/retrieveContext/analyzeConversation.js";
import type { EntityLinks, LinkedAuthor, LinkedEntity } from "../../../src/retrieveContext/linkEntities.js";
import type { CallOutcome, LoopView, PlannedCall } from "../../../src/retrieveContext/planners/planner.js";
import type { RetrieveRequest } from "../../../src/retrieveContext/request.js";
import type { FoundSnippet, ToolFindings } from "../../../src/retrieveContext/tools/toolFindings.js";

/** One fact with sensible defaults: "Charlie works at Google". */
export function fact(over: Partial<FactRecord> & { id: string }): FactRecord {
  return {
    type: "WORKS_AT",
    personId: "p_charlie",
    personName: "Charlie",
    object: "Google",
    objectId: "o_google",
    objectLabel: "Org",
    attributes: { role: null, location: null, startDate: null, endDate: null, proficiency: null, yearsExperience: null, sentiment: null, basis: null, weight: null, extra: null },
    confidence: 0.9,
    evidence: [],
    validFrom: null,
    validUntil: null,
    start: null,
    end: null,
    current: true,
    contradicts: [],
    timestamp: null,
    source: null,
    retraction: null,
    ...over,
  };
}

/** A fact's attributes with only the named ones set. */
export const attrs = (over: Partial<FactRecord["attributes"]>): FactRecord["attributes"] => ({ ...fact({ id: "x" }).attributes, ...over });

export function snippet(over: Partial<FoundSnippet> & { id: string }): FoundSnippet {
  return { source: "MEMORY", content: `snippet ${over.id}`, score: 0.5, authorName: null, occurredAt: null, lexical: true, ...over };
}

export const request = (over: Partial<RetrieveRequest> = {}): RetrieveRequest => ({
  messages: [{ authorId: "u_bob", authorName: "Bob", content: "Who knows Python?", timestamp: null }],
  channelId: null,
  maxFacts: 30,
  maxIterations: 10,
  factFormat: "PLAIN",
  budget: "STANDARD",
  debug: false,
  ...over,
});

export const analysis = (over: Partial<ConversationAnalysis> = {}): ConversationAnalysis => ({
  authors: [],
  grams: [],
  words: [],
  intents: [],
  implicitReferences: [],
  query: "Who knows Python?",
  ...over,
});

export const author = (personId: string | null, name = personId): LinkedAuthor => ({ id: personId, name, personId, personName: name });
export const entity = (label: LinkedEntity["label"], id: string, name = id): LinkedEntity => ({ label, id, name, matched: name.toLowerCase() });

export const NO_FINDINGS: ToolFindings = { facts: [], profiles: [], snippets: [] };

export function outcome(call: Omit<PlannedCall, "id"> & { id?: string }, over: Partial<CallOutcome> = {}): CallOutcome {
  return { call: { id: "c1", ...call }, ok: true, error: null, result: {}, findings: NO_FINDINGS, elapsedMs: 0, cached: false, ...over };
}

/** A planner's view of a run with nothing found yet. */
export function view(over: { links?: Partial<EntityLinks>; analysis?: Partial<ConversationAnalysis> } & Partial<Omit<LoopView, "links" | "analysis">> = {}): LoopView {
  const { links, analysis: a, ...rest } = over;
  return {
    request: request(),
    analysis: analysis(a),
    links: { entities: [], authors: [], ...links },
    iteration: 0,
    factCount: 0,
    outcomes: [],
    lastOutcomes: [],
    ...rest,
  };
}
