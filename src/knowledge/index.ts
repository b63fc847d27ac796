export { knowledgeResolvers } from "./knowledgeResolvers.js";
