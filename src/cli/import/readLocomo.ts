import { idOf, stringField, type ImportRecord } from "./importRecord.js";

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** "1:56 pm on 8 May, 2023" → a UTC instant, or null when it reads otherwise. Pure. */
export function parseSessionDate(text: string): Date | null {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(text);
  const month = m ? MONTHS.indexOf(m[5]!.toLowerCase()) : -1;
  if (!m || month < 0) return null;
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === "pm" ? 12 : 0);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2])));
}

/** Turns of one session are this far apart: they keep their order. */
const TURN_GAP_MS = 30_000;

/**
 * LoCoMo-style conversation JSON: an array of samples, each with `sample_id`
 * and `conversation` holding `session_N` (turns: speaker, dia_id, text,
 * optional blip_caption) and `session_N_date_time`. A sample is a channel
 * (`conv-26`), a turn a message `conv-26:D1:3`, a speaker a person
 * `conv-26:Caroline`. A turn is referred to as `conv-26 D1:3`. Pure.
 */
export function readLocomo(text: string): ImportRecord[] {
  const data = JSON.parse(text) as unknown;
  const samples = Array.isArray(data) ? data : [data];
  return samples.flatMap((sample: unknown, s): ImportRecord[] => {
    const o = (sample ?? {}) as { sample_id?: unknown; conversation?: Record<string, unknown> };
    const sampleId = stringField(o.sample_id);
    if (!sampleId || !o.conversation) return [{ ref: `sample ${s}`, error: "a sample needs sample_id and conversation" }];
    const c = o.conversation;
    const channelName = [stringField(c.speaker_a), stringField(c.speaker_b)].filter(Boolean).join(" & ") || null;
    const sessions = Object.keys(c)
      .map((k) => /^session_(\d+)$/.exec(k)?.[1])
      .filter((n): n is string => n !== undefined)
      .sort((a, b) => Number(a) - Number(b));
    return sessions.flatMap((n): ImportRecord[] => {
      const start = parseSessionDate(String(c[`session_${n}_date_time`] ?? ""));
      const turns = Array.isArray(c[`session_${n}`]) ? (c[`session_${n}`] as Record<string, unknown>[]) : [];
      return turns.map((t, i): ImportRecord => {
        const dia = stringField(t.dia_id) ?? `session_${n}[${i}]`;
        const ref = `${sampleId} ${dia}`;
        const speaker = stringField(t.speaker);
        const said = stringField(t.text);
        if (!start) return { ref, error: `session_${n}_date_time is not a LoCoMo date` };
        if (!speaker || said === undefined || !stringField(t.dia_id)) return { ref, error: "a turn needs speaker, dia_id and text" };
        const caption = stringField(t.blip_caption);
        return {
          ref,
          message: {
            id: `${sampleId}:${dia}`,
            channelId: sampleId,
            channelName,
            platform: "locomo",
            authorId: `${sampleId}:${idOf(speaker)}`,
            authorName: speaker,
            content: caption ? `${said} [shares a photo: ${caption}]` : said,
            timestamp: new Date(start.getTime() + i * TURN_GAP_MS).toISOString(),
            replyTo: null,
          },
        };
      });
    });
  });
}
