import { readFile } from "node:fs/promises";

/** One dialog turn of a LoCoMo conversation, as the gateway will store it. */
export interface LocomoTurn {
  diaId: string;
  speaker: string;
  text: string;
  occurredAt: string;
}

export interface LocomoQuestion {
  /** Index among every question of the sample (category 5 included), as `--dump` reports it. */
  qaIndex: number;
  question: string;
  category: number;
  evidence: string[];
}

export interface LocomoSample {
  sampleId: string;
  turns: LocomoTurn[];
  questions: LocomoQuestion[];
}

interface RawTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

/** What the gateway stores for a turn: "<speaker>: <text>". */
export const turnContent = (t: LocomoTurn) => `${t.speaker}: ${t.text}`;

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** "1:56 pm on 8 May, 2023" → a UTC instant. */
export function parseSessionDate(text: string): Date {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(text);
  if (!m) throw new Error(`Unrecognised LoCoMo session date: ${text}`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === "pm" ? 12 : 0);
  const month = MONTHS.indexOf(m[5]!.toLowerCase());
  if (month < 0) throw new Error(`Unrecognised month in ${text}`);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2])));
}

/**
 * Reads a LoCoMo file: the dialog turns (speaker, text, and the caption of a
 * shared photo, which is part of what was said) and the questions. Never the
 * observation or summary fields. Turns of a session get its date plus 30 s
 * per turn, so they keep their order as a chat's messages would.
 */
export async function readLocomo(path: string): Promise<LocomoSample[]> {
  const raw = JSON.parse(await readFile(path, "utf8")) as {
    sample_id: string;
    conversation: Record<string, unknown>;
    qa: { question: string; category: number; evidence?: string[] }[];
  }[];
  return raw.map((sample) => {
    const c = sample.conversation;
    const sessions = Object.keys(c)
      .map((k) => /^session_(\d+)$/.exec(k)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const turns = sessions.flatMap((n) => {
      const start = parseSessionDate(String(c[`session_${n}_date_time`])).getTime();
      return (c[`session_${n}`] as RawTurn[]).map((t, i) => ({
        diaId: t.dia_id,
        speaker: t.speaker,
        text: t.blip_caption ? `${t.text} [shares a photo: ${t.blip_caption}]` : t.text,
        occurredAt: new Date(start + i * 30_000).toISOString(),
      }));
    });
    const questions = sample.qa.map((q, qaIndex) => ({ qaIndex, question: q.question, category: q.category, evidence: evidenceIds(q.evidence ?? []) }));
    return { sampleId: sample.sample_id, turns, questions };
  });
}

/** A few evidence entries hold several ids in one string ("D8:6; D9:17"): split them. */
export function evidenceIds(entries: readonly string[]): string[] {
  return [...new Set(entries.flatMap((e) => e.split(/[;,\s]+/)).filter((id) => /^D\d+:\d+$/.test(id)))];
}
