/** Facts learned from messages after they are committed: the extractors and the extraction worker. */
export type { Extractor, ExtractedFact, ExtractedAttributes, ExtractionContext, ExtractionMessage, KnownPerson } from "./extractor.js";
export { deterministicExtractor } from "./deterministic/deterministicExtractor.js";
export { DETERMINISTIC_VERSION } from "./deterministic/version.js";
export { SELF_EMPLOYED } from "./deterministic/patterns/index.js";
