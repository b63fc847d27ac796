export { rankedIds, reciprocalRankFusion } from "./ranking/fusion.js";
export { searchResolvers } from "./searchResolvers.js";
