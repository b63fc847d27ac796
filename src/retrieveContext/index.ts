export { type RetrieveContextOptions, retrieveContextResolvers, runBudgets } from "./retrieveContextResolvers.js";
export { RETRIEVAL_WRITE_LABELS } from "./writeLabels.js";
export { cypherQueryTools } from "./tools/cypherQueryTool.js";
export { RETRIEVAL_TOOLS, type ToolResolvers, toolResolversOf } from "./tools/retrievalTools.js";
export { failedRun, reportOf, type RetrieveRunReport } from "./runReport.js";
