import { arg, declareTool, toolResolvers, type AnyToolDeclaration } from "../core/retrievalTool.js";
import { searchMemoriesResolver } from "./searchResolvers.js";
import type { SearchDeps } from "./searchMemories.js";

/** Hybrid search as a retrieval tool (core/retrievalTool.ts); its input object is checked by parseSearchInput. */
export const SEARCH_TOOLS: readonly AnyToolDeclaration<SearchDeps>[] = [
  declareTool({
    field: "searchMemories",
    args: { input: arg.checkedInside() },
    implement: (deps: SearchDeps) => searchMemoriesResolver(deps),
    loop: {
      name: "search_memories",
      description: "Memories and messages matching a query by words and meaning (hybrid search).",
      own: {
        args: { query: arg.text(), limit: arg.limit(10, 50) },
        toField: ({ query, limit }) => ({ input: { query, sources: ["MEMORY", "MESSAGE"], limit, diversity: 0, expand: true, explain: true } }),
      },
      planner: { use: "snippetsByMeaning", limit: 10 },
    },
  }),
];

/** Resolver of `searchMemories`, from its declaration. */
export const searchResolvers = (deps: SearchDeps) => ({ Query: toolResolvers(SEARCH_TOOLS, deps) });
