export { type BeliefDeps, createBeliefDeps } from "./beliefDeps.js";
export { beliefResolvers } from "./beliefResolvers.js";
export { BELIEF_WRITE_LABELS } from "./writeLabels.js";
export { joinPoolOnWrite } from "./joinPool.js";
export { DEFAULT_POOL_THRESHOLD, poolVisibility } from "./sharedPool.js";
export { supersedeBelief } from "./supersedeBelief.js";
export { headline } from "./memoryKinds.js";
