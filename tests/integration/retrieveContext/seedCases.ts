/** Seed 004's four test cases (§8), with the fixture's people as authors where the seed has them talk. */
export function seedCases(id: (name: string) => string) {
  const at = (s: number) => `2025-10-10T14:30:${String(s).padStart(2, "0")}Z`;
  return {
    python: [{ authorId: "user1", authorName: "Eve", content: "Who knows Python?", timestamp: at(0) }],
    google: [{ authorId: "user1", authorName: "Eve", content: "Anyone work at Google?", timestamp: at(0) }],
    applying: [
      { authorId: id("alice"), authorName: "Alice", content: "I'm thinking about applying to Google", timestamp: at(0) },
      { authorId: id("bob"), authorName: "Bob", content: "Didn't Charlie work there?", timestamp: at(15) },
      { authorId: id("alice"), authorName: "Alice", content: "Yeah, I should ask him about it", timestamp: at(30) },
    ],
    klingon: [{ authorId: "user1", authorName: "Eve", content: "Does anyone speak Klingon?", timestamp: at(0) }],
  };
}

export const RETRIEVE = `mutation ($input: RetrieveContextInput!) {
  retrieveContext(input: $input) {
    facts
    structuredFacts { id subject subjectId relation object confidence evidence current relevance text attributes { role location startDate endDate } }
    profiles { personId name factCount }
    contradictions { fact { id } conflictsWith { id } }
    snippets { source id content }
    confidence
    reasoning
    metadata { queriesExecuted iterationsUsed factsRetrieved processingTimeMs llmTokensUsed planner fallbackReason stopReason runId }
    trace { stage iteration detail elapsedMs toolCalls { tool arguments ok error resultSize elapsedMs } }
  }
}`;

/** Limits of a test config with retrieveContext's per-minute rate raised: these suites call it more than 10 times a minute. */
export function unthrottled<L extends { rateLimits: { perField: Record<string, number> } }>(limits: L): L {
  return { ...limits, rateLimits: { ...limits.rateLimits, perField: { ...limits.rateLimits.perField, retrieveContext: 1000 } } };
}
