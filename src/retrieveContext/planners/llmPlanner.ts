import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import { toolJsonSchema, type RetrievalTool } from "../tools/retrievalTools.js";
import { describeModelError, type ChatModel } from "../../llm/chatModel.js";
import { PlannerFailure, type CallOutcome, type LoopView, type PlannerSession, type PlanStep } from "./planner.js";
import { PLANNER_PROMPT_VERSION, plannerSystemPrompt, plannerUserPrompt } from "./prompts.js";

/** Longest tool result shown to the model, in characters of JSON; longer ones are cut and say so. */
const MAX_RESULT_CHARS = 8000;

/** A call's outcome as the model reads it: the result, or the error to correct. */
export function toolMessage(outcome: CallOutcome): string {
  // `?? null`: JSON.stringify(undefined) is undefined, not text, and a resolver may return undefined.
  const body = outcome.ok ? JSON.stringify(outcome.result ?? null) : JSON.stringify({ error: outcome.error });
  return body.length <= MAX_RESULT_CHARS ? body : `${body.slice(0, MAX_RESULT_CHARS)}… [cut: ${body.length} characters in all]`;
}

/** The tools in the chat-completions format, from each tool's zod schema. */
export function chatTools(tools: readonly RetrievalTool[]): ChatCompletionTool[] {
  return tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: toolJsonSchema(t) } }));
}

/**
 * The model plans: native tool calling, the conversation so far and every
 * tool result in its message history. A failed model call (after the client's
 * retries), an open circuit or a reply without content ends it with a
 * PlannerFailure, and the loop falls back.
 */
export function llmPlanner(model: ChatModel, tools: readonly RetrievalTool[], timeoutMs: number): PlannerSession {
  const specs = chatTools(tools);
  const messages: ChatCompletionMessageParam[] = [];
  let tokens = 0;
  return {
    kind: "LLM",
    promptVersion: PLANNER_PROMPT_VERSION,
    tokensUsed: () => tokens,
    async next(view: LoopView, signal: AbortSignal): Promise<PlanStep> {
      if (messages.length === 0) {
        messages.push({ role: "system", content: plannerSystemPrompt(view.request) });
        messages.push({ role: "user", content: plannerUserPrompt(view.request, view.analysis, view.links) });
      }
      for (const outcome of view.lastOutcomes) messages.push({ role: "tool", tool_call_id: outcome.call.id, content: toolMessage(outcome) });
      if (!model.breaker.allow()) throw new PlannerFailure("the model endpoint's circuit breaker is open after repeated failures");
      let turn;
      try {
        turn = await model.complete(messages, specs, signal);
        model.breaker.success();
      } catch (err) {
        model.breaker.failure();
        throw new PlannerFailure(describeModelError(err, timeoutMs));
      }
      tokens += turn.tokens;
      const calls = (turn.message.tool_calls ?? []).filter((c) => c.type === "function");
      if (calls.length === 0) return { kind: "done", reasoning: turn.message.content?.trim() || "The model finished without a comment" };
      messages.push({ role: "assistant", content: turn.message.content ?? null, tool_calls: calls });
      return {
        kind: "calls",
        reasoning: turn.message.content?.trim() || `The model called ${calls.map((c) => c.function.name).join(", ")}`,
        calls: calls.map((c) => {
          try {
            const args: unknown = c.function.arguments.trim() ? JSON.parse(c.function.arguments) : {};
            return { id: c.id, tool: c.function.name, args };
          } catch {
            return { id: c.id, tool: c.function.name, args: null, argsError: `arguments are not valid JSON: ${c.function.arguments.slice(0, 200)}` };
          }
        }),
      };
    },
  };
}
