export { workflowResolvers, workflowCypherHooks } from "./workflowResolvers.js";
export { transitionStatement } from "./transitionStatement.js";
