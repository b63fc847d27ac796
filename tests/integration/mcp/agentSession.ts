import { randomBytes } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { expect } from "vitest";

/**
 * A scripted agent session through the official MCP client: every write a
 * new agent makes through the tools, each with a word of its own, then
 * memory_search for that word, polled until found or 2 s after the write.
 * Transport-agnostic (the caller connects the client), so the same flow runs
 * over stdio and over /mcp, and later steps (correct, forget) can be added.
 */
export type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, any> };

export const callTool = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;
export const textOf = (r: ToolResult) => r.content.map((c) => c.text ?? "").join("\n");

/** A word no other test writes: letters only, so no analyzer splits or stems it. */
export function uniqueWord(tag: string): string {
  const letters = [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join("");
  return `${tag}${letters}`;
}

/** One thing written: how the agent wrote it, its word, and the kind and id memory_search must show. */
export interface Written {
  door: string;
  word: string;
  kind: string;
  /** The id memory_search must show; null when the write's answer names none (then the kind and word must match). */
  id: string | null;
  writtenAt: number;
}

/** The deadline the acceptance sets: found within 2 s of the write. */
export const FIND_WITHIN_MS = 2000;

/**
 * memory_search for `w.word` until a hit of its kind (and id) shows; how long after the write the search
 * that found it was sent. What the 2 s bound is about is visibility (the write is searchable at once:
 * full-text at commit, not after the embedding worker), so a search sent within 2 s must find it; how
 * long one search takes on a loaded machine is bench:search's to measure, not this test's.
 */
export async function findThroughSearch(client: Client, w: Written): Promise<number> {
  const deadline = w.writtenAt + FIND_WITHIN_MS;
  let last = "";
  for (;;) {
    const sent = Date.now();
    const r = await callTool(client, "memory_search", { query: `${w.word} rollout`, limit: 10 });
    expect(r.isError, textOf(r)).toBeFalsy();
    last = textOf(r);
    const lines = last.split("\n").filter((l) => l.includes(`[${w.kind} `) && (w.id === null ? l.includes(w.word) : l.includes(` ${w.id}]`)));
    if (lines.length > 0) return sent - w.writtenAt;
    if (sent > deadline) throw new Error(`${w.door}: memory_search sent ${sent - w.writtenAt} ms after the write did not show the ${w.kind} with "${w.word}"; last answer:\n${last}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const idIn = (text: string, pattern: RegExp) => {
  const id = pattern.exec(text)?.[1];
  expect(id, text).toBeTruthy();
  return id!;
};

/**
 * Every write an MCP-only agent can make today, each with its own word: what
 * memory_search must then find. `onWritten` runs right after each write (the
 * session searches there, so each write's 2 s start at its own answer).
 */
export async function writeEverything(client: Client, agentId: string, onWritten: (w: Written) => Promise<void>): Promise<Written[]> {
  const written: Written[] = [];
  const wrote = async (w: Written) => {
    written.push(w);
    await onWritten(w);
  };
  const store = async (type: string, extra: Record<string, unknown> = {}) => {
    const word = uniqueWord(type.toLowerCase().slice(0, 4));
    const r = await callTool(client, "memory_store", { content: `The ${word} rollout failed twice on Tuesday because the cache was cold.`, type, ...extra });
    expect(r.isError, textOf(r)).toBeFalsy();
    await wrote({ door: `memory_store ${type}`, word, kind: type, id: idIn(textOf(r), /^Stored \w+ (\S+?)(?: \(|\.$)/), writtenAt: Date.now() });
  };
  await store("BELIEF", { confidence: 0.6 });
  await store("INSIGHT", { category: "TECHNICAL" });
  await store("EXPERIENCE", { outcome: "FAILED" });
  for (const type of ["RESEARCH", "CONCEPT", "CONTENT", "ANALYSIS", "DOCUMENTATION"]) await store(type);

  const interaction = uniqueWord("intr");
  const recorded = await callTool(client, "record_interaction", { agent_id: agentId, summary: `Talked with Dana about the ${interaction} rollout and the cold cache.`, with_people: ["Dana"] });
  expect(recorded.isError, textOf(recorded)).toBeFalsy();
  await wrote({ door: "record_interaction", word: interaction, kind: "MEMORY", id: idIn(textOf(recorded), /memory (\S+?)\.$/), writtenAt: Date.now() });

  const session = await callTool(client, "start_game_session", { goal: "Reach the next town", max_turns: 10 });
  expect(session.isError, textOf(session)).toBeFalsy();
  const sessionId = idIn(textOf(session), /^Session (\S+) is/);
  const turnWord = uniqueWord("turn");
  const turn = await callTool(client, "record_turn", {
    session_id: sessionId,
    number: 1,
    analysis: `A sign by the road reads ${turnWord}; the rollout of the bridge is blocked.`,
    button_presses: ["UP"],
    success: true,
  });
  expect(turn.isError, textOf(turn)).toBeFalsy();
  await wrote({ door: "record_turn", word: turnWord, kind: "TURN", id: `${sessionId}_turn_1`, writtenAt: Date.now() });
  return written;
}
