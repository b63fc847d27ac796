/**
 * Fails when the committed files of `src/generated/` are not what `npm run
 * codegen` would write now: the schema, the operations or codegen.ts changed
 * without regenerating. Generates in memory and writes nothing.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "@graphql-codegen/cli";
import config from "../codegen.js";

interface GeneratedFile {
  filename: string;
  content: string;
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));

async function committedContent(filename: string): Promise<string | null> {
  try {
    return await readFile(path.resolve(ROOT, filename), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/** Why a committed file is stale, or null when it matches what codegen produces. */
function describeStaleness(expected: string, committed: string | null): string | null {
  if (committed === null) return "missing";
  if (committed === expected) return null;
  const expectedLines = expected.split("\n");
  const committedLines = committed.split("\n");
  const firstDifference = expectedLines.findIndex((line, i) => line !== committedLines[i]);
  const line = firstDifference === -1 ? expectedLines.length + 1 : firstDifference + 1;
  return `differs from line ${line}`;
}

let files: GeneratedFile[];
try {
  files = await generate({ ...config, cwd: ROOT, silent: true }, false);
} catch (err) {
  // An operation that no longer validates against the schema lands here, with its file and line.
  console.error(`codegen:check could not generate: ${(err as Error).message}`);
  process.exit(1);
}
const stale: string[] = [];
for (const { filename, content } of files) {
  const reason = describeStaleness(content, await committedContent(filename));
  if (reason) stale.push(`  ${path.relative(ROOT, path.resolve(ROOT, filename))}: ${reason}`);
}
// The whole run, start-up and schema build included: this check runs in every `npm test`.
const seconds = process.uptime().toFixed(1);

if (stale.length > 0) {
  const fix = "Run `npm run codegen` and commit the result.";
  console.error([`Generated types are stale (checked in ${seconds}s):`, ...stale, fix].join("\n"));
  process.exit(1);
}
console.log(`codegen:check OK: ${files.length} generated files match the schema and operations (${seconds}s).`);
