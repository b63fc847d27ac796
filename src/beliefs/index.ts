export { type BeliefDeps, createBeliefDeps } from "./beliefDeps.js";
export { beliefResolvers } from "./beliefResolvers.js";
