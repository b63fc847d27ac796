import { BadUserInputError } from "../errors/errors.js";

/**
 * Where an export stopped: the phase (nodes, then relationships), the index
 * of the label being read (transferTypes' sorted labels) and the last node id
 * of that label read. Opaque to clients: base64url JSON.
 */
export interface ExportCursor {
  phase: "nodes" | "relationships";
  label: number;
  after: string | null;
}

export const FIRST_CURSOR: ExportCursor = { phase: "nodes", label: 0, after: null };

export const encodeCursor = (c: ExportCursor) => Buffer.from(JSON.stringify([c.phase, c.label, c.after])).toString("base64url");

/** The cursor a page returned, or BAD_USER_INPUT naming `field` for anything else. Pure. */
export function decodeCursor(text: string, labelCount: number, field: string): ExportCursor {
  try {
    const [phase, label, after] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if ((phase === "nodes" || phase === "relationships") && Number.isInteger(label) && (label as number) >= 0 && (label as number) < labelCount && (after === null || typeof after === "string")) {
      return { phase, label: label as number, after: after as string | null };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new BadUserInputError(`${field}: not a cursor an export page returned`, field);
}

/** The cursor after a page of `label` that returned `read` of the `asked` rows, the last with id `lastId`; null at the end. Pure. */
export function nextCursor(c: ExportCursor, labelCount: number, read: number, asked: number, lastId: string | null): ExportCursor | null {
  if (read === asked && lastId !== null) return { ...c, after: lastId };
  if (c.label + 1 < labelCount) return { phase: c.phase, label: c.label + 1, after: null };
  return c.phase === "nodes" ? { phase: "relationships", label: 0, after: null } : null;
}
