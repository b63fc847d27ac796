export { memoryExplorerRouter } from "./memoryExplorerRouter.js";
export { localTokenRoute } from "./localTokenRoute.js";
/** The graph view's first documents with variables of the page's shapes: the start-up warm-up plans them. */
export { warmUpReads as explorerWarmUpReads } from "./page/graphQueries.js";
