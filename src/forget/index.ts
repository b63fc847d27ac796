export { forgetResolvers } from "./forgetResolvers.js";
export { MEMORY_FORGOTTEN_EVENT } from "./forgetMemory.js";
