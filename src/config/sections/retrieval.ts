import { onOff, section, variable, wholeNumber } from "../declare.js";

export const retrieval = section({
  title: "Search and retrieveContext",
  summary: "How searchMemories ranks, and the time retrieveContext's loop may take.",
  variables: {
    searchSharedKeys: variable("SEARCH_SHARED_KEYS", onOff, {
      default: "on",
      doc: "searchMemories also fuses the turns that share the query's content words (nouns, verbs, adjectives by their root); held-out LoCoMo Recall@10 0.783 → 0.812 and NDCG@10 0.623 → 0.651, for about 10 ms more p95 per search and 5% less throughput at saturation on two cores ([retrieval.md](retrieval.md)); the embedding worker stores each text's keys while it is on. `off` skips both",
    }),
    retrieval: {
      timeBudgetMs: variable("RETRIEVE_TIME_BUDGET_MS", wholeNumber(100, 600_000), { default: 30_000, doc: "overall time budget of one `retrieveContext` run, in ms" }),
      toolTimeoutMs: variable("RETRIEVE_TOOL_TIMEOUT_MS", wholeNumber(10, 600_000), {
        default: 5000,
        doc: "longest one tool call inside `retrieveContext` may take, in ms; a slower one ends as a failed call and the run goes on",
      }),
    },
  },
});
