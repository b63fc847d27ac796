import { z } from "zod";
import { section, variable, wholeNumber } from "../declare.js";

/** Extraction's `llm` mode needs it (sections/extraction.ts). */
export const LLM_BASE_URL = variable("LLM_BASE_URL", z.string().url(), {
  doc: "an OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM, llama.cpp) that plans `retrieveContext` and serves `EXTRACTION=llm`; unset: the deterministic planner ([retrieve-context.md](retrieve-context.md))",
});

export const llm = section({
  title: "Language model",
  summary: "The chat model that plans retrieveContext (and extracts facts with `EXTRACTION=llm`); none unless `LLM_BASE_URL` is set.",
  variables: {
    llm: {
      baseUrl: LLM_BASE_URL,
      apiKey: variable("LLM_API_KEY", z.string(), { default: "", doc: "key for `LLM_BASE_URL`" }),
      model: variable("LLM_MODEL", z.string().min(1), { default: "gpt-4o-mini", doc: "model for `LLM_BASE_URL`" }),
      timeoutMs: variable("LLM_TIMEOUT_MS", wholeNumber(100, 600_000), { default: 20_000, doc: "time allowed for each attempt, in ms" }),
      maxRetries: variable("LLM_MAX_RETRIES", wholeNumber(0, 10), { default: 2, doc: "retries of 429/5xx and dropped connections, with exponential backoff" }),
      breakerThreshold: variable("LLM_BREAKER_THRESHOLD", wholeNumber(1, 100), { default: 3, doc: "failed model calls in a row that open the circuit breaker" }),
      breakerCoolDownMs: variable("LLM_BREAKER_COOLDOWN_MS", wholeNumber(0, 3_600_000), { default: 30_000, doc: "how long the open circuit refuses calls, in ms" }),
    },
  },
  resolve: ({ llm }) => {
    const { baseUrl } = llm;
    return { llm: baseUrl ? { ...llm, baseUrl } : null };
  },
});
