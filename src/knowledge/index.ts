export { knowledgeResolvers } from "./knowledgeResolvers.js";
export { knowledgeCypherHooks } from "./knowledgeCypherHooks.js";
export { discoveryStatement, isDiscoveryField } from "./discoveryStatement.js";
export { knowledgeItemCypher } from "./knowledgeItem.js";
