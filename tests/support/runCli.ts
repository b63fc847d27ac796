import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { recordStart } from "./startTimings.js";
import { currentTestFile } from "./testGateway.js";

/** The `mnemograph` bin as npm installs it (bin/mnemograph.mjs: tsx over the source in a checkout). */
export const CLI_BIN = fileURLToPath(new URL("../../bin/mnemograph.mjs", import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout as the one JSON document `--json` prints. */
  json<T = Record<string, any>>(): T;
}

/** Starts `mnemograph <args>` in its own process; `onStart` gets the child (to kill it mid-run). */
export function runCli(args: string[], env: Record<string, string> = {}, onStart?: (child: ChildProcess) => void): Promise<CliRun> {
  const began = performance.now();
  const file = currentTestFile();
  const child = spawn(process.execPath, [CLI_BIN, ...args], { env: { ...process.env, LOG_LEVEL: "silent", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  onStart?.(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      recordStart({ kind: "cli", file, ms: performance.now() - began });
      resolve({
        code,
        stdout,
        stderr,
        json: <T>() => {
          try {
            return JSON.parse(stdout) as T;
          } catch {
            throw new Error(`not JSON (exit ${code}): ${stdout}\n${stderr}`);
          }
        },
      });
    });
  });
}
