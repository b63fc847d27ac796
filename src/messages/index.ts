export { messageToolResolvers } from "./messageToolResolvers.js";
export { MESSAGE_TOOLS } from "./tools.js";
