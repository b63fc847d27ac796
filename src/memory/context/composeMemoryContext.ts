import { isoDay, memoryDate, type ContextMemory } from "./contextMemory.js";
import { SECTIONS, focusLine, headerLine, headingLine, memoryLine, renderBlock, type BlockLine } from "./renderBlock.js";
import { capChars, tokensOf, truncateToTokens } from "./tokens.js";

export interface ComposeOptions {
  agentName: string;
  /** What the `Current Focus:` line says: the agent's most recent open task, else the conversation's topic. */
  topic: string | null;
  tokenBudget: number;
  /** Content longer than this is cut with `…` even when the budget has room (the Discord agent squad cuts at 150). */
  maxLineChars?: number;
  /** A line is cut to fit the budget only if at least this many tokens are left for it. */
  minLineTokens?: number;
  /** Lines cite their memory (`(mem:<id>)`); the Discord squad's block does not. */
  cite?: boolean;
  /** At most this many lines of a type. */
  sectionCaps?: Partial<Record<ContextMemory["type"], number>>;
  /** At most this many lines in all. */
  maxLines?: number;
}

/**
 * The Discord agent squad's block as its bot builds it (`_get_agent_memory_context`):
 * no citations, content cut at 150 characters, at most 3 insights, 3 learnings,
 * 3 interactions (`interactions[:3]`) and 2 observations (`limit=2`): 11 lines
 * at most, as its code writes them (the "top 10" of its risks table is
 * get_memories_for_conversation's limit, not this block's).
 */
export const COMPACT: Pick<ComposeOptions, "cite" | "maxLineChars" | "sectionCaps"> = {
  cite: false,
  maxLineChars: 150,
  sectionCaps: { INSIGHT: 3, LEARNING: 3, INTERACTION: 3, OBSERVATION: 2 },
};

export interface ComposedBlock {
  text: string;
  tokenCount: number;
  lines: BlockLine[];
}

/** Tokens a piece adds to the block, counted with the newline that joins it. */
const cost = (piece: string) => tokensOf(`\n${piece}`);

/**
 * The Discord agent squad's block from memories ranked best first, within `tokenBudget`
 * tokens as gpt-tokenizer counts the final text. Sections take turns in
 * priority order (insights, learnings, interactions, observations), each
 * offering its next most relevant memory, so a tight budget still shows the
 * best of each kind; a line that does not fit is cut short when enough room is
 * left, and skipped otherwise. The estimate made while choosing is checked
 * against the exact count of the rendered text, dropping the last chosen lines
 * until it fits. Pure.
 */
export function composeMemoryContext(ranked: readonly ContextMemory[], options: ComposeOptions): ComposedBlock {
  const { tokenBudget, maxLineChars = 300, minLineTokens = 16, cite = true, sectionCaps = {}, maxLines = Infinity } = options;
  const header = fitHeader(options.agentName, tokenBudget);
  const focusCandidate = options.topic ? focusLine(capChars(options.topic, 200)) : null;
  let used = tokensOf(header);
  const focus = focusCandidate !== null && used + cost("") + cost(focusCandidate) <= tokenBudget ? focusCandidate : null;
  if (focus !== null) used += cost("") + cost(focus);

  const queues = SECTIONS.map((s) => ({ ...s, pending: ranked.filter((m) => m.type === s.type).slice(0, sectionCaps[s.type] ?? Infinity), opened: false }));
  const chosen: BlockLine[] = [];
  while (queues.some((q) => q.pending.length > 0) && chosen.length < maxLines) {
    for (const queue of queues) {
      if (chosen.length >= maxLines) break;
      const memory = queue.pending.shift();
      if (!memory) continue;
      const date = isoDay(memoryDate(memory));
      const opening = queue.opened ? 0 : cost("") + cost(headingLine(queue.heading));
      const room = tokenBudget - used - opening;
      const lineCost = (content: string) => cost(memoryLine(date, content, memory.id, cite));
      let content = capChars(memory.content, maxLineChars);
      let tokens = lineCost(content);
      if (tokens > room) {
        if (room < minLineTokens) continue;
        const cut = truncateToTokens(content, room, lineCost);
        if (cut === null) continue;
        content = cut;
        tokens = lineCost(cut);
      }
      used += opening + tokens;
      queue.opened = true;
      chosen.push({ section: queue.heading, type: memory.type, memoryId: memory.id, date, content });
    }
  }
  return fitExactly(header, chosen, focus, tokenBudget, cite);
}

/** The header, with the agent's name cut short if even it would break the budget. */
function fitHeader(agentName: string, tokenBudget: number): string {
  const name = capChars(agentName, 80);
  return headerLine(truncateToTokens(name, tokenBudget, (n) => tokensOf(headerLine(n))) ?? "…");
}

/**
 * Renders, then drops the last chosen lines (and at last the focus line) while
 * the exact count is over budget: the estimate can be off by a token a line.
 */
function fitExactly(header: string, chosen: BlockLine[], focusLine: string | null, tokenBudget: number, cite: boolean): ComposedBlock {
  const lines = [...chosen];
  let focus = focusLine;
  for (;;) {
    const ordered = SECTIONS.flatMap((s) => lines.filter((l) => l.type === s.type));
    const text = renderBlock(header, ordered, focus, cite);
    const tokenCount = tokensOf(text);
    if (tokenCount <= tokenBudget || (lines.length === 0 && focus === null)) return { text, tokenCount, lines: ordered };
    if (lines.length > 0) lines.pop();
    else focus = null;
  }
}
