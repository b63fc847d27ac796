export { workflowResolvers } from "./workflowResolvers.js";
