import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { AgentsReport } from "./agents.js";

/**
 * The feed bench's agents (subscribers and writers) in a process of their own, as real agents
 * are: their WebSocket and JSON work does not share the gateways' event loop. `warm` resolves
 * when they report their warm-up done, `reported` with their report.
 */
export function forkAgents(): { agents: ChildProcess; warm: Promise<void>; reported: Promise<AgentsReport> } {
  const agents = fork(fileURLToPath(new URL("./agents.ts", import.meta.url)), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let warmedUp!: () => void;
  const warm = new Promise<void>((resolve) => (warmedUp = resolve));
  const reported = new Promise<AgentsReport>((resolve, reject) => {
    agents.on("message", (m) => {
      if ((m as { warmedUp?: boolean }).warmedUp) warmedUp();
      if ((m as { report?: AgentsReport }).report) resolve((m as { report: AgentsReport }).report);
    });
    agents.once("exit", (code) => reject(new Error(`The agents process exited with ${code}`)));
  });
  return { agents, warm, reported };
}
