import type { ExtractionConfig, LlmConfig } from "../config/config.js";
import type { FactRelation } from "../core/schemaFacts.js";
import { createChatModel } from "../llm/chatModel.js";
import type { Logger } from "../logging/logger.js";
import { deterministicExtractor } from "./deterministic/deterministicExtractor.js";
import type { Extractor } from "./extractor.js";
import { llmExtractor } from "./llm/llmExtractor.js";

/**
 * The extractor EXTRACTION names, null when off. The LLM one gets a chat model
 * of its own: a failing extraction endpoint must not open the circuit breaker
 * of retrieveContext's planner. (Config refuses EXTRACTION=llm without LLM_BASE_URL.)
 */
export function createExtractor(config: ExtractionConfig, llm: LlmConfig | null, relations: readonly FactRelation[], logger: Logger): Extractor | null {
  if (config.mode === "off") return null;
  if (config.mode === "llm" && llm) return llmExtractor({ chat: createChatModel(llm), relations, logger, timeoutMs: llm.timeoutMs });
  return deterministicExtractor();
}
