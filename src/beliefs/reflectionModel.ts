import OpenAI from "openai";
import type { LlmConfig } from "../config/config.js";
import { circuitBreaker, type CircuitBreaker } from "../llm/circuitBreaker.js";

/** The chat model as reflection uses it: one completion without tools, text back. */
export interface ReflectionModel {
  readonly model: string;
  readonly timeoutMs: number;
  readonly breaker: CircuitBreaker;
  complete(system: string, user: string): Promise<string>;
}

/**
 * The configured OpenAI-compatible endpoint (LLM_BASE_URL) through the
 * `openai` package, like the retrieveContext planner's (chatModel.ts): the
 * client retries 429/5xx with backoff and times each attempt out; reflection
 * keeps its own circuit breaker so a failing endpoint sends it straight to
 * deterministic consolidation.
 */
export function createReflectionModel(config: LlmConfig): ReflectionModel {
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey || "none", maxRetries: config.maxRetries, timeout: config.timeoutMs });
  return {
    model: config.model,
    timeoutMs: config.timeoutMs,
    breaker: circuitBreaker({ threshold: config.breakerThreshold, coolDownMs: config.breakerCoolDownMs }),
    async complete(system, user) {
      const response = await client.chat.completions.create({
        model: config.model,
        messages: [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
        temperature: 0,
      });
      const content = response.choices[0]?.message.content;
      if (typeof content !== "string") throw new Error("the model returned no text");
      return content;
    },
  };
}
