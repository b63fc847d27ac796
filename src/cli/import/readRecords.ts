import type { ImportRecord, MessageFormat } from "./importRecord.js";
import { readDiscord } from "./readDiscord.js";
import { readJsonl } from "./readJsonl.js";
import { readLocomo } from "./readLocomo.js";

/** The reader of each format: the one place a new format is added. */
export const READERS: Record<MessageFormat, (text: string) => ImportRecord[]> = {
  jsonl: readJsonl,
  discord: readDiscord,
  locomo: readLocomo,
};
