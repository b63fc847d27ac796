export { memoryExplorerRouter } from "./memoryExplorerRouter.js";
export { localTokenRoute } from "./localTokenRoute.js";
