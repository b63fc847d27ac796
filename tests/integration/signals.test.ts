import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Drives the real entry point (`npm start` runs the same file) with a signal, as
// an operator or a process manager would.
let dataDir: string | undefined;
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The Neo4j server among a process's children (the gateway starts it with `java … CommunityEntryPoint`). */
function neo4jChildOf(parent: number): number {
  const children = execFileSync("pgrep", ["-P", String(parent)], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  const neo4j = children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("CommunityEntryPoint"));
  if (!neo4j) throw new Error(`no Neo4j child under ${parent}`);
  return neo4j;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the gateway process", () => {
  it("on SIGTERM drains, stops its Neo4j and exits 0", async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-signals-"));
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts"], {
      env: { ...process.env, MNEMOGRAPH_AUTH: "off", PORT: "0", LOG_LEVEL: "info", MNEMOGRAPH_DATA_DIR: dataDir, NEO4J_URI: "", NEO4J_HEAP: "512m", NEO4J_PAGECACHE: "128m" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const serving = new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        output += d.toString();
        if (output.includes("Mnemograph is serving")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`exited early with ${code}:\n${output}`)));
    });
    // What the process wrote to stderr too (an uncaught error exits 1 with its stack there), for the failure message.
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    await serving;
    const neo4jPid = neo4jChildOf(child.pid!);
    expect(alive(neo4jPid)).toBe(true);

    child.kill("SIGTERM");
    // On a failure, the process's own log says why (an unclean shutdown logs its error).
    expect(await exited, output).toBe(0);
    expect(output).toContain('"msg":"Stopped"');
    expect(alive(neo4jPid)).toBe(false);
  }, 400_000);
});
