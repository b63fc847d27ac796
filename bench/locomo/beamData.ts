import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { LocomoQuestion, LocomoSample, LocomoTurn } from "./locomoData.js";

/**
 * BEAM's question types as categories of the retrieval report, numbered after
 * LoCoMo's 1-5. Abstention questions have no evidence and are left out, as
 * LoCoMo's adversarial ones.
 */
export const BEAM_CATEGORIES: Record<number, string> = {
  11: "information extraction",
  12: "multi-session reasoning",
  13: "knowledge update",
  14: "temporal reasoning",
  15: "event ordering",
  16: "contradiction resolution",
  17: "summarization",
  18: "instruction following",
  19: "preference following",
};
const CATEGORY_OF: Record<string, number> = Object.fromEntries(
  Object.entries(BEAM_CATEGORIES).map(([n, name]) => [name.replace(/[ -]/g, "_"), Number(n)]),
);

/** What the gateway stores for a message: at most the content limit of a memory (two BEAM 100K messages are longer). */
export const MAX_CONTENT = 20_000;

interface RawMessage {
  role: string;
  id: number;
  content: string;
  time_anchor?: string;
}

/** "March-15-2024" → a UTC instant; anything else → null. */
function parseAnchor(text: string | undefined): number | null {
  if (!text) return null;
  const t = Date.parse(`${text.replace(/-/g, " ")} UTC`);
  return Number.isNaN(t) ? null : t;
}

/** Every id inside a `source_chat_ids` value (a list, or lists under names such as first_statement). */
function ids(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(ids);
  if (value && typeof value === "object") return Object.values(value).flatMap(ids);
  return typeof value === "number" ? [value] : [];
}

/**
 * Reads BEAM chats (a folder of `<n>/chat.json` and `<n>/probing_questions/probing_questions.json`,
 * as in github.com/mohammadtavakoli78/BEAM under chats/100K) into the shape the LoCoMo bench
 * ingests: one turn per message (`M<id>`, speaker "user" or "assistant"), dated by the chat's
 * time anchors and a minute apart, and the probing questions whose evidence is the messages
 * named in `source_chat_ids`.
 */
export async function readBeam(dir: string): Promise<LocomoSample[]> {
  const chats = (await readdir(dir)).filter((n) => /^\d+$/.test(n)).sort((a, b) => Number(a) - Number(b));
  const samples: LocomoSample[] = [];
  for (const chat of chats) {
    const batches = JSON.parse(await readFile(path.join(dir, chat, "chat.json"), "utf8")) as { time_anchor?: string; turns: RawMessage[][] }[];
    let at = Date.UTC(2024, 0, 1);
    const turns: LocomoTurn[] = [];
    for (const batch of batches) {
      for (const message of batch.turns.flat()) {
        const anchor = parseAnchor(message.time_anchor) ?? parseAnchor(batch.time_anchor);
        at = anchor !== null && anchor > at ? anchor : at + 60_000;
        turns.push({ diaId: `M${message.id}`, speaker: message.role, text: message.content, occurredAt: new Date(at).toISOString() });
      }
    }
    const raw = JSON.parse(await readFile(await questionsFile(dir, chat), "utf8")) as Record<string, { question: string; source_chat_ids?: unknown }[]>;
    let qaIndex = 0;
    const questions: LocomoQuestion[] = [];
    for (const [type, list] of Object.entries(raw)) {
      for (const q of list) {
        const evidence = [...new Set(ids(q.source_chat_ids).map((id) => `M${id}`))];
        const category = CATEGORY_OF[type];
        if (category !== undefined && evidence.length > 0) questions.push({ qaIndex, question: q.question, category, evidence });
        qaIndex++;
      }
    }
    samples.push({ sampleId: `beam-${chat}`, turns, questions });
  }
  return samples;
}

async function questionsFile(dir: string, chat: string): Promise<string> {
  const nested = path.join(dir, chat, "probing_questions", "probing_questions.json");
  return readFile(nested).then(() => nested, () => path.join(dir, chat, "probing_questions.json"));
}
