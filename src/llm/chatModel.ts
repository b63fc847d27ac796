import OpenAI from "openai";
import type { ChatCompletionFunctionTool, ChatCompletionMessage, ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { LlmConfig } from "../config/config.js";
import { circuitBreaker, type CircuitBreaker } from "./circuitBreaker.js";

export interface ChatTurn {
  message: ChatCompletionMessage;
  tokens: number;
}

/** A completion forced through one tool: its calls, why the model stopped, and what it cost. */
export interface ToolTurn {
  message: ChatCompletionMessage;
  /** `length` when the answer was cut at the token limit: its arguments are then truncated JSON. */
  finishReason: string;
  promptTokens: number;
  completionTokens: number;
}

/** The model endpoint as the LLM planner uses it: one chat completion with tools. */
export interface ChatModel {
  readonly model: string;
  complete(messages: ChatCompletionMessageParam[], tools: ChatCompletionTool[], signal: AbortSignal): Promise<ChatTurn>;
  /** One completion that must answer by calling `tool` (structured output through a function call), as the fact extractor asks. */
  callTool(messages: ChatCompletionMessageParam[], tool: ChatCompletionFunctionTool, options?: { signal?: AbortSignal; maxTokens?: number }): Promise<ToolTurn>;
  readonly breaker: CircuitBreaker;
}

/** Why a model call failed, in words for metadata and logs (no secrets, no bodies). */
export function describeModelError(err: unknown, timeoutMs: number): string {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return `the model did not answer within ${timeoutMs} ms`;
  if (err instanceof OpenAI.APIUserAbortError) return "the run's time budget ran out while waiting for the model";
  if (err instanceof OpenAI.APIError && typeof err.status === "number") return `the model endpoint answered HTTP ${err.status}`;
  if (err instanceof OpenAI.APIConnectionError) return "the model endpoint could not be reached";
  return `the model call failed: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`;
}

/**
 * Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp) through the
 * `openai` package: it retries 429/5xx and dropped connections with
 * exponential backoff (honouring Retry-After) and times each attempt out; the
 * circuit breaker stops calling an endpoint that keeps failing.
 */
export function createChatModel(config: LlmConfig): ChatModel {
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey || "none", maxRetries: config.maxRetries, timeout: config.timeoutMs });
  const breaker = circuitBreaker({ threshold: config.breakerThreshold, coolDownMs: config.breakerCoolDownMs });
  return {
    model: config.model,
    breaker,
    async complete(messages, tools, signal) {
      const response = await client.chat.completions.create(
        { model: config.model, messages, tools, tool_choice: "auto", parallel_tool_calls: true, temperature: 0 },
        { signal },
      );
      const choice = response.choices[0];
      if (!choice) throw new Error("the model returned no choices");
      return { message: choice.message, tokens: response.usage?.total_tokens ?? 0 };
    },
    async callTool(messages, tool, { signal, maxTokens } = {}) {
      const response = await client.chat.completions.create(
        {
          model: config.model,
          messages,
          tools: [tool],
          tool_choice: { type: "function", function: { name: tool.function.name } },
          temperature: 0,
          ...(maxTokens ? { max_tokens: maxTokens } : {}),
        },
        { signal },
      );
      const choice = response.choices[0];
      if (!choice) throw new Error("the model returned no choices");
      return {
        message: choice.message,
        finishReason: choice.finish_reason ?? "stop",
        promptTokens: response.usage?.prompt_tokens ?? 0,
        completionTokens: response.usage?.completion_tokens ?? 0,
      };
    },
  };
}
