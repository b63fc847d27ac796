import { parseHeaderLine, type HeaderLine } from "../../transfer/index.js";

/** An export file of the mnemograph format: its header, and its other lines with their line numbers. */
export interface TenantExportFile {
  header: HeaderLine;
  lines: { line: number; text: string }[];
}

/**
 * Splits an export file into its header (the first non-blank line, checked
 * to be of this format and version: a TypeError else) and its data lines,
 * blank lines left out. The data lines are the gateway's to check, so the
 * rules they follow have one home (the transfer domain). Pure.
 */
export function readTenantExport(text: string): TenantExportFile {
  const all = text.split("\n").map((t, i) => ({ line: i + 1, text: t.trim() })).filter((l) => l.text !== "");
  const [first, ...lines] = all;
  if (!first) throw new TypeError("the file is empty");
  return { header: parseHeaderLine(first.text), lines };
}
