import type { MemoryType } from "./contextMemory.js";

/** The block's sections in the Discord agent squad's priority order, with their headings. */
export const SECTIONS: readonly { type: MemoryType; heading: string }[] = [
  { type: "INSIGHT", heading: "Key Insights" },
  { type: "LEARNING", heading: "Recent Learnings" },
  { type: "INTERACTION", heading: "Relevant Interactions" },
  { type: "OBSERVATION", heading: "Recent Observations" },
];

/** One dated line of the block and the memory it cites. */
export interface BlockLine {
  section: string;
  type: MemoryType;
  memoryId: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Content as printed (possibly cut short). */
  content: string;
}

/** `[Agent Memory Context - Kublai]` */
export const headerLine = (agentName: string): string => `[Agent Memory Context - ${agentName}]`;

/** `Current Focus: …` closes the block when a topic is known (the Discord agent squad). */
export const focusLine = (topic: string): string => `Current Focus: ${topic}`;

/** `- [2024-01-15] The queue bottlenecks under load (mem:<id>)`: the citation is the memory id, in full; without it, the Discord squad's line. */
export const memoryLine = (date: string, content: string, memoryId: string, cite = true): string =>
  cite ? `- [${date}] ${content} (mem:${memoryId})` : `- [${date}] ${content}`;

/** `Key Insights:` */
export const headingLine = (heading: string): string => `${heading}:`;

/**
 * The block's text: the header, then each non-empty section (heading, lines)
 * in SECTIONS order, each after a blank line, then the focus line. Lines keep
 * the order they are given in. Pure.
 */
export function renderBlock(header: string, lines: readonly BlockLine[], focus: string | null, cite = true): string {
  const parts = [header];
  for (const { type, heading } of SECTIONS) {
    const inSection = lines.filter((l) => l.type === type);
    if (inSection.length === 0) continue;
    parts.push("", headingLine(heading), ...inSection.map((l) => memoryLine(l.date, l.content, l.memoryId, cite)));
  }
  if (focus !== null) parts.push("", focus);
  return parts.join("\n");
}
