export { workflowResolvers, workflowCypherHooks } from "./workflowResolvers.js";
export { transitionStatement, TRANSITION_COLUMN } from "./transitionStatement.js";
