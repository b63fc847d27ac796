import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Cypher runs through the one executor (src/graph/executor.ts). The
 * dependency rule `neo4j-driver-only-in-graph` keeps neo4j-driver's imports in
 * src/graph; this test catches what an import rule cannot see: a driver that
 * reached a file through a dependency bag and is used there directly.
 */
const ROOT = join(import.meta.dirname, "../../..");
const DRIVER_API = /\.session\(|\.executeRead\(|\.executeWrite\(|\.executeQuery\(|\.beginTransaction\(|\bManagedTransaction\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") ? [relative(ROOT, path)] : [];
  });
}

describe("one executor", () => {
  const callers = sourceFiles(join(ROOT, "src"))
    .filter((file) => !file.startsWith("src/graph/"))
    .filter((file) => DRIVER_API.test(readFileSync(join(ROOT, file), "utf8")));

  it("no file outside src/graph opens a session or transaction of its own, or runs executeQuery", () => {
    expect(callers).toEqual([]);
  });
});
