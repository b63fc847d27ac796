export { rankedIds, reciprocalRankFusion } from "./ranking/fusion.js";
export { searchResolvers, SEARCH_TOOLS } from "./tools.js";
export { RECALL_INDEX, SEARCH_KINDS, recallIndexSpec, type SearchKind } from "./recallKinds.js";
