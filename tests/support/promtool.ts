import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

/**
 * Prometheus' promtool: PROMTOOL, else on PATH, else where scripts/ensurePromtool.sh (run before
 * `npm test`) puts it. Throws, naming that script, when there is none.
 */
export function promtool(): string {
  if (process.env.PROMTOOL) return process.env.PROMTOOL;
  try {
    execFileSync("promtool", ["--version"], { stdio: "ignore" });
    return "promtool";
  } catch {
    const cached = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "mnemograph", "promtool");
    if (existsSync(cached)) return cached;
    throw new Error("promtool is missing: run `bash scripts/ensurePromtool.sh` (npm test runs it first)");
  }
}
