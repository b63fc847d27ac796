import { arg, declareTool, toolResolvers, type AnyToolDeclaration } from "../core/retrievalTool.js";
import type { SearchDeps } from "./searchMemories.js";
import { SEARCH_KINDS } from "./recallKinds.js";

/** Hybrid search as a retrieval tool (core/retrievalTool.ts); its input object is checked by parseSearchInput. */
export const SEARCH_TOOLS: readonly AnyToolDeclaration<SearchDeps>[] = [
  declareTool({
    field: "searchMemories",
    args: { input: arg.checkedInside() },
    implement: async (deps: SearchDeps) => (await import("./searchResolvers.js")).searchMemoriesResolver(deps),
    loop: {
      name: "search_memories",
      description:
        "Everything stored that matches a query by words and meaning (hybrid search): memories, messages, facts, beliefs, insights, experiences, knowledge, game turns, ranked together; `kinds` narrows it.",
      own: {
        args: { query: arg.text(), limit: arg.limit(10, 50), kinds: arg.someOf(SEARCH_KINDS) },
        toField: ({ query, limit, kinds }) => ({ input: { query, kinds, limit, diversity: 0, expand: true, explain: true } }),
      },
      planner: { use: "snippetsByMeaning", limit: 10 },
    },
  }),
];

/** Resolver of `searchMemories`, from its declaration. */
export const searchResolvers = (deps: SearchDeps) => ({ Query: toolResolvers(SEARCH_TOOLS, deps) });
