export { messageToolResolvers } from "./messageToolResolvers.js";
