import { z } from "zod";
import { onOff, section, variable, wholeNumber } from "../declare.js";

export const retrieval = section({
  title: "Search and retrieveContext",
  summary: "How searchMemories ranks, and the time retrieveContext's loop may take.",
  variables: {
    searchSharedKeys: variable("SEARCH_SHARED_KEYS", onOff, {
      default: "on",
      doc: "searchMemories also fuses the turns that share the query's content words (nouns, verbs, adjectives by their root); held-out LoCoMo Recall@10 0.783 → 0.812 and NDCG@10 0.623 → 0.651, for about 10 ms more p95 per search and 5% less throughput at saturation on two cores ([retrieval.md](retrieval.md)); the embedding worker stores each text's keys while it is on. `off` skips both",
    }),
    searchWordIndexRefresh: variable("SEARCH_WORD_INDEX_REFRESH", z.enum(["commit", "background"]), {
      default: "commit",
      doc: "when the full-text indexes that rank by words take in a write: `commit`, on the write's own commit (stored, then found by its words at once); `background`, by Neo4j's background thread (eventually consistent: found tens of ms later, p99 129 ms with 50 writers), which took a one-memory write's Neo4j CPU to 0.69-0.90x and the load mix to +12% operations/s on two cores ([benchmarks.md](benchmarks.md)). A change rebuilds those indexes at the next start. The people tools' name index always takes writes on commit",
    }),
    retrieval: {
      timeBudgetMs: variable("RETRIEVE_TIME_BUDGET_MS", wholeNumber(100, 600_000), {
        default: 30_000,
        doc: "overall time budget of one `retrieveContext` run with the STANDARD budget (GraphQL's and MCP's default), in ms",
      }),
      toolTimeoutMs: variable("RETRIEVE_TOOL_TIMEOUT_MS", wholeNumber(10, 600_000), {
        default: 5000,
        doc: "longest one tool call inside a STANDARD `retrieveContext` run may take, in ms; a slower one ends as a failed call and the run goes on",
      }),
      thoroughTimeBudgetMs: variable("RETRIEVE_THOROUGH_TIME_BUDGET_MS", wholeNumber(100, 600_000), {
        default: 60_000,
        doc: "overall time budget of a THOROUGH run (`budget: THOROUGH`; the knowledge agent's `/api/knowledge/retrieve` asks for it: its notes wait about a minute), in ms ([systems.md](systems.md#the-chatbots-knowledge-agent-llm-retrieval-over-rest))",
      }),
      thoroughToolTimeoutMs: variable("RETRIEVE_THOROUGH_TOOL_TIMEOUT_MS", wholeNumber(10, 600_000), {
        default: 10_000,
        doc: "longest one tool call inside a THOROUGH run may take, in ms",
      }),
      llmBudgetShare: variable("RETRIEVE_LLM_BUDGET_SHARE", z.coerce.number().gt(0).max(1), {
        default: 0.75,
        doc: "share of a run's time budget the LLM planner may use; the rest is kept for the deterministic planner to finish when the model is slow or fails",
      }),
    },
  },
});
