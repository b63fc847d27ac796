import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse, type DocumentNode } from "graphql";

/** The `schema/` folder: one SDL file per domain. */
export const SCHEMA_DIR = fileURLToPath(new URL("../../schema/", import.meta.url));

/** Reads every `.graphql` file of `schema/` in name order and joins them into one document. */
export function loadTypeDefs(dir = SCHEMA_DIR): { source: string; document: DocumentNode } {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".graphql"))
    .sort();
  const source = files.map((f) => `# ---- ${f}\n${readFileSync(path.join(dir, f), "utf8")}`).join("\n");
  return { source, document: parse(source) };
}
