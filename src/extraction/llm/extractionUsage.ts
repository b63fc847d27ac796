/** What the LLM extractor has spent so far: calls, tokens, and what it read and dropped. */
export interface ExtractionUsage {
  /** Model calls answered (retries included). */
  calls: number;
  /** Calls made again after an unusable answer. */
  retries: number;
  /** Messages sent to the model to read (context messages not counted). */
  messages: number;
  promptTokens: number;
  completionTokens: number;
  /** promptTokens + completionTokens. */
  tokens: number;
  /** tokens / messages: what reading one message costs, prompt, context and retries included. */
  tokensPerMessage: number;
  /** Calls whose answer was unusable twice: their messages yielded no facts. */
  unusableAnswers: number;
  /** Entries of usable answers dropped by validation. */
  droppedFacts: number;
}

/** Counters behind `usage()`; `snapshot` derives the totals. */
export function usageCounter() {
  const c = { calls: 0, retries: 0, messages: 0, promptTokens: 0, completionTokens: 0, unusableAnswers: 0, droppedFacts: 0 };
  return {
    counts: c,
    snapshot(): ExtractionUsage {
      const tokens = c.promptTokens + c.completionTokens;
      return { ...c, tokens, tokensPerMessage: c.messages ? tokens / c.messages : 0 };
    },
  };
}
