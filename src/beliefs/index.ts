export { type BeliefDeps, createBeliefDeps } from "./beliefDeps.js";
export { BELIEF_WRITE_LABELS, beliefResolvers } from "./beliefResolvers.js";
export { joinPoolOnWrite } from "./joinPool.js";
export { DEFAULT_POOL_THRESHOLD, poolVisibility } from "./sharedPool.js";
