import { readFile, rename, writeFile } from "node:fs/promises";

/** What an import has done so far: enough to go on where it stopped, and to report at the end. */
export interface ImportProgress {
  /** Records of the file handled (stored, found stored, or skipped), in file order. */
  done: number;
  created: number;
  existing: number;
  memoriesCreated: number;
  skipped: SkippedRecord[];
}

export interface SkippedRecord {
  ref: string;
  error: string;
  field?: string;
}

/** Which import a checkpoint belongs to: the same file (path and size), format, remembering agent and target tenant. */
export interface ImportIdentity {
  file: string;
  size: number;
  format: string;
  agent: string | null;
  /** The tenant a mnemograph export is imported into (--tenant), when given. */
  tenant?: string | null;
}

interface CheckpointFile {
  version: 1;
  identity: ImportIdentity;
  progress: ImportProgress;
  complete: boolean;
}

export const EMPTY_PROGRESS: ImportProgress = { done: 0, created: 0, existing: 0, memoriesCreated: 0, skipped: [] };

const sameIdentity = (a: ImportIdentity, b: ImportIdentity) => a.file === b.file && a.size === b.size && a.format === b.format && a.agent === b.agent && (a.tenant ?? null) === (b.tenant ?? null);

/**
 * The progress a checkpoint file holds for this import, or null when there is
 * none or it belongs to another import (another file, size, format or agent).
 */
export async function loadCheckpoint(path: string, identity: ImportIdentity): Promise<ImportProgress | null> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  const saved = JSON.parse(text) as CheckpointFile;
  return saved.version === 1 && sameIdentity(saved.identity, identity) ? saved.progress : null;
}

/**
 * Writes the checkpoint through a temporary file and a rename: a process
 * killed while writing leaves the previous checkpoint, never half of one.
 */
export async function saveCheckpoint(path: string, identity: ImportIdentity, progress: ImportProgress, complete: boolean): Promise<void> {
  const body: CheckpointFile = { version: 1, identity, progress, complete };
  await writeFile(`${path}.tmp`, JSON.stringify(body));
  await rename(`${path}.tmp`, path);
}
