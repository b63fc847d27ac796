import { spawn, type ChildProcess } from "node:child_process";

/** Runs a command to its end: its exit code (null when killed) and what it printed. */
export function runToEnd(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    proc.stdout.on("data", (d: Buffer) => (output += d.toString()));
    proc.stderr.on("data", (d: Buffer) => (output += d.toString()));
    proc.once("error", reject);
    proc.once("exit", (code) => resolve({ code, output }));
  });
}

/** Stops a child still running: SIGTERM, then SIGKILL if it has not exited within 30 s. */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}
