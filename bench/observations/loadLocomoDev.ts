/**
 * The five LoCoMo development conversations and their authors' observations,
 * read from `../shared/datasets` beside the repository (never copied into it:
 * CC BY-NC 4.0). Each turn becomes an extraction message whose author is its
 * speaker, a person of the conversation's own tenant-like id space.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import type { ExtractionMessage, KnownPerson } from "../../src/extraction/index.js";

const DATASETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/datasets");

export interface Observation {
  conversation: string;
  speakerId: string;
  speaker: string;
  text: string;
  /** Message ids of the turns it rests on. */
  evidence: string[];
}

export interface LocomoConversation {
  id: string;
  people: KnownPerson[];
  /** Every turn, oldest first, as the worker would hand it to an extractor. */
  messages: ExtractionMessage[];
}

interface RawTurn { speaker: string; dia_id: string; text: string }

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** "1:56 pm on 8 May, 2023" → ISO instant (UTC: the dataset names no zone). */
export function sessionTime(text: string): string {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(text);
  if (!m) throw new Error(`unreadable LoCoMo session time: ${text}`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === "pm" ? 12 : 0);
  const month = MONTHS.indexOf(m[5]!.toLowerCase());
  if (month < 0) throw new Error(`unreadable month in LoCoMo session time: ${text}`);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]))).toISOString();
}

function readDataset<T>(file: string): T {
  const at = path.join(DATASETS, file);
  if (!existsSync(at)) throw new Error(`${at} is missing: the LoCoMo development set lives in ../shared/datasets beside the repository (see ../shared/README.md); it is not copied into the project`);
  return JSON.parse(readFileSync(at, "utf8")) as T;
}

const personId = (conversation: string, speaker: string) => `${conversation}-${speaker.toLowerCase()}`;
const messageId = (conversation: string, dia: string) => `${conversation}:${dia}`;

export function loadLocomoDev(): { conversations: LocomoConversation[]; observations: Observation[] } {
  const raw = readDataset<{ sample_id: string; conversation: Record<string, unknown> }[]>("locomo-dev.json");
  const rawObs = readDataset<{ sample_id: string; observations: { speaker: string; observation: string; evidence: string[] }[] }[]>("locomo-dev-observations.json");
  const conversations = raw.map(({ sample_id: id, conversation: c }) => {
    const speakers = [c.speaker_a as string, c.speaker_b as string];
    const people = speakers.map((name) => ({ id: personId(id, name), name, aliases: [] }));
    const sessions = Object.keys(c).map((k) => /^session_(\d+)$/.exec(k)).filter((m) => m !== null).map((m) => Number(m[1])).sort((a, b) => a - b);
    const messages: ExtractionMessage[] = [];
    for (const s of sessions) {
      const start = Date.parse(sessionTime(c[`session_${s}_date_time`] as string));
      for (const [i, turn] of (c[`session_${s}`] as RawTurn[]).entries()) {
        // Turns a second apart: their order is kept and every relative time resolves against the session's date.
        messages.push({ id: messageId(id, turn.dia_id), text: turn.text, timestamp: new Date(start + i * 1000).toISOString(), authorPersonId: personId(id, turn.speaker), mentions: [], conversationId: id });
      }
    }
    return { id, people, messages };
  });
  const observations = rawObs.flatMap(({ sample_id: conversation, observations }) =>
    observations.map((o) => ({ conversation, speakerId: personId(conversation, o.speaker), speaker: o.speaker, text: o.observation, evidence: o.evidence.map((d) => messageId(conversation, d.trim())) })),
  );
  return { conversations, observations };
}
