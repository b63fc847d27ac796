import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { FactRelation } from "../../core/schemaFacts.js";
import type { Logger } from "../../logging/logger.js";
import { describeModelError, type ChatModel, type ToolTurn } from "../../llm/chatModel.js";
import type { ExtractedFact, ExtractionContext, ExtractionMessage, Extractor } from "../extractor.js";
import { halveCall, planCalls, type ExtractionCall } from "./extractionCalls.js";
import { EXTRACTION_PROMPT_VERSION, extractionSystemPrompt, extractionUserPrompt } from "./extractionPrompt.js";
import { usageCounter, type ExtractionUsage } from "./extractionUsage.js";
import { readRecordedFacts, type AnswerScope, type ReadAnswer } from "./readRecordedFacts.js";
import { RECORD_FACTS, recordFactsTool } from "./recordFactsTool.js";

export interface LlmExtractorOptions {
  chat: ChatModel;
  /** The SDL's fact relations (SchemaFacts.factRelations): the only relations the model may use. */
  relations: readonly FactRelation[];
  logger: Logger;
  /** The model's per-attempt timeout (LLM_TIMEOUT_MS), for the words of a timeout. */
  timeoutMs: number;
  /** Messages read in one call: more is cheaper per message (one prompt), fewer keeps answers short. */
  messagesPerCall?: number;
  /** Earlier messages of a conversation shown as context. */
  contextPerConversation?: number;
  maxFactsPerMessage?: number;
  minConfidence?: number;
  /** Longest answer, in tokens; a longer one is cut (finish_reason `length`) and retried. */
  maxAnswerTokens?: number;
}

export interface LlmExtractor extends Extractor {
  /** Tokens and calls spent since it was made: the worker, metrics and benchmarks report tokens per message from it. */
  usage(): ExtractionUsage;
}

/**
 * Facts read by a chat model (issue #21): a versioned prompt, one forced tool
 * call `record_facts` whose JSON schema comes from the SDL's relations, up to
 * `messagesPerCall` messages per call with earlier messages of their
 * conversations as context. Every answer is checked (readRecordedFacts): bad
 * entries are dropped; an unusable answer is asked for once more, with why
 * (a truncated one as two halves), and then yields no facts and a log line:
 * its messages end DONE with 0 facts, since the same prompt would fail the
 * same way on a later retry.
 * A model call that fails (HTTP errors after the client's retries, timeouts,
 * an open circuit) throws instead: the worker retries the batch after a
 * back-off, as the endpoint may come back.
 */
export function llmExtractor(options: LlmExtractorOptions): LlmExtractor {
  const { chat, relations, logger, timeoutMs, messagesPerCall = 20, contextPerConversation = 5, maxFactsPerMessage = 10, minConfidence = 0.5, maxAnswerTokens = 4000 } = options;
  const system = extractionSystemPrompt(relations);
  const source = `llm/${EXTRACTION_PROMPT_VERSION}`;
  const usage = usageCounter();

  async function ask(messages: ChatCompletionMessageParam[], tool: ReturnType<typeof recordFactsTool>): Promise<ToolTurn> {
    if (!chat.breaker.allow()) throw new Error("the model endpoint's circuit breaker is open after repeated failures");
    try {
      const turn = await chat.callTool(messages, tool, { maxTokens: maxAnswerTokens });
      chat.breaker.success();
      usage.counts.calls++;
      usage.counts.promptTokens += turn.promptTokens;
      usage.counts.completionTokens += turn.completionTokens;
      return turn;
    } catch (err) {
      chat.breaker.failure();
      throw new Error(describeModelError(err, timeoutMs), { cause: err });
    }
  }

  /** One call's answer, read. `retryBecause` is why the previous answer was unusable: the model is told. */
  async function askCall(call: ExtractionCall, retryBecause?: string): Promise<ReadAnswer> {
    const ids = call.messages.map((m) => m.id);
    const personIds = call.people.map((p) => p.id);
    const tool = recordFactsTool(relations, personIds, ids);
    const scope: AnswerScope = { relations, personIds: new Set(personIds), messageIds: new Set(ids), maxFactsPerMessage, minConfidence, source };
    const note = retryBecause
      ? `\n\nYour previous answer was unusable (${retryBecause}). Call ${RECORD_FACTS} again with valid JSON; keep it short (at most ${maxFactsPerMessage} facts per message, short objects).`
      : "";
    const user = extractionUserPrompt(call.people, call.context, call.messages) + note;
    return readRecordedFacts(await ask([{ role: "system", content: system }, { role: "user", content: user }], tool), scope);
  }

  /** The facts of a usable answer (its drops logged), or none and a warning. */
  function settle(call: ExtractionCall, answer: ReadAnswer): ExtractedFact[] {
    const messages = call.messages.map((m) => m.id);
    if (!answer.ok) {
      usage.counts.unusableAnswers++;
      logger.warn({ messages, reason: answer.reason, promptVersion: EXTRACTION_PROMPT_VERSION }, "LLM extraction: the model's answer was unusable twice; these messages yield no facts");
      return [];
    }
    usage.counts.droppedFacts += answer.dropped.length;
    if (answer.dropped.length) logger.warn({ messages, dropped: answer.dropped.slice(0, 20) }, `LLM extraction dropped ${answer.dropped.length} of the model's entries`);
    return answer.facts;
  }

  /**
   * One call, and at most one more round for an unusable answer: the same
   * messages again, or — when the answer was cut at the token limit — each
   * half of them, so a long answer fits.
   */
  async function extractCall(call: ExtractionCall): Promise<ExtractedFact[]> {
    usage.counts.messages += call.messages.length;
    // No listed person among these messages: nothing may be said about anyone, so the model is not asked.
    if (call.people.length === 0) return [];
    const first = await askCall(call);
    if (first.ok) return settle(call, first);
    const again = first.truncated && call.messages.length > 1 ? halveCall(call, contextPerConversation) : [call];
    const facts: ExtractedFact[] = [];
    for (const part of again) {
      if (part.people.length === 0) continue;
      usage.counts.retries++;
      facts.push(...settle(part, await askCall(part, first.reason)));
    }
    return facts;
  }

  return {
    name: "llm",
    version: EXTRACTION_PROMPT_VERSION,
    usage: () => usage.snapshot(),
    async extract(batch: readonly ExtractionMessage[], context: ExtractionContext): Promise<ExtractedFact[]> {
      const facts: ExtractedFact[] = [];
      for (const call of planCalls(batch, context.window ?? [], context.people, { messagesPerCall, contextPerConversation })) facts.push(...(await extractCall(call)));
      return facts;
    },
  };
}
