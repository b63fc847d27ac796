export { RETRIEVAL_WRITES_WITHOUT_EMBEDDED_TEXT, type RetrieveContextOptions, retrieveContextResolvers } from "./retrieveContextResolvers.js";
export { cypherQueryTools } from "./tools/cypherQueryTool.js";
export { type ToolResolvers, toolResolversOf } from "./tools/retrievalTools.js";
export { failedRun, reportOf, type RetrieveRunReport } from "./runReport.js";
