/** Facts learned from messages after they are committed: the extractors and the extraction worker. */
export type { Extractor, ExtractedFact, ExtractedAttributes, ExtractionContext, ExtractionMessage, KnownPerson } from "./extractor.js";
export { createExtractionWorker, type ExtractionWorker } from "./extractionWorker.js";
export { extractionResolvers } from "./extractionResolvers.js";
export type { ExtractionState } from "./extractionState.js";
export { extractionBacklog, type ExtractionBacklog } from "./extractionBacklog.js";
export { llmExtractor, type LlmExtractor, type LlmExtractorOptions } from "./llm/llmExtractor.js";
export type { ExtractionUsage } from "./llm/extractionUsage.js";
export { deterministicExtractor } from "./deterministic/deterministicExtractor.js";
export { DETERMINISTIC_VERSION } from "./deterministic/version.js";
export { SELF_EMPLOYED } from "./deterministic/patterns/index.js";
export { createExtractor } from "./createExtractor.js";
