import { SearchMemoriesDocument } from "@mnemograph/client";
import { READ, clip } from "../core/agentTool.js";
import { arg, declareTool, toolResolvers, type AnyToolDeclaration } from "../core/retrievalTool.js";
import type { SearchDeps } from "./searchMemories.js";
import { SEARCH_KINDS } from "./recallKinds.js";

const DESCRIPTION =
  "Everything stored that matches a query by words and meaning (hybrid search): memories, messages, facts, beliefs, insights, experiences, knowledge, game turns, ranked together; `kinds` narrows it.";

/**
 * Hybrid search as a retrieval tool (core/retrievalTool.ts), memory_search to the loop and to agents over
 * MCP (the loop still accepts its old name, search_memories); its input object is checked by parseSearchInput.
 */
export const SEARCH_TOOLS: readonly AnyToolDeclaration<SearchDeps>[] = [
  declareTool({
    name: "memory_search",
    field: "searchMemories",
    args: { input: arg.checkedInside() },
    implement: async (deps: SearchDeps) => (await import("./searchResolvers.js")).searchMemoriesResolver(deps),
    loop: {
      deprecatedNames: ["search_memories"],
      description: DESCRIPTION,
      own: {
        args: { query: arg.text(), limit: arg.limit(10, 50), kinds: arg.someOf(SEARCH_KINDS) },
        toField: ({ query, limit, kinds }) => ({ input: { query, kinds, limit, diversity: 0, expand: true, explain: true } }),
      },
      planner: { use: "snippetsByMeaning", limit: 10 },
    },
    agent: {
      title: "Search memories",
      description: `${DESCRIPTION} Use it before answering about anything said or learned earlier.`,
      args: ["input.query", "input.limit", "input.kinds"],
      describe: {
        query: "What to look for, in words: a question or the key words of what was said or learned.",
        limit: "How many hits at most, 1..50; default 10.",
        kinds: "Only hits of these kinds; leave it out to search every kind you may read.",
      },
      ranges: { limit: [1, 50] },
      document: String(SearchMemoriesDocument),
      hints: READ,
      render: ({ hits }) =>
        hits.length ? hits.map((h, i) => `${i + 1}. [${h.kind} ${h.id}] ${h.authorName ? `${h.authorName}: ` : ""}${clip(h.content)}`).join("\n") : "Nothing found.",
    },
  }),
];

/** Resolver of `searchMemories`, from its declaration. */
export const searchResolvers = (deps: SearchDeps) => ({ Query: toolResolvers(SEARCH_TOOLS, deps) });
