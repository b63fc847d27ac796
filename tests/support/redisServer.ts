import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { stopChild } from "./childProcesses.js";

/** A redis-server this test started, on a free loopback port; `stop()` ends that process only. */
export interface TestRedis {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts Debian's redis-server (scripts/ensureRedis.sh installs it before `npm test`) as a child of the test:
 * no persistence (`--save ''`, `--appendonly no`), loopback only, on a port free a moment ago. Resolves once
 * it says it accepts connections. `port` starts it again on the port of one stopped before (a restart).
 */
export async function startTestRedis(port?: number): Promise<TestRedis> {
  for (let attempt = 1; ; attempt++) {
    const chosen = port ?? (await freePort());
    try {
      return await startOn(chosen);
    } catch (err) {
      // Another process took the free port meanwhile: try another (not when a given port was asked for).
      if (port !== undefined || attempt >= 3 || !/Address already in use/.test(String(err))) throw err;
    }
  }
}

function startOn(port: number): Promise<TestRedis> {
  const server = process.env.REDIS_SERVER_PATH ?? "redis-server";
  const child: ChildProcess = spawn(server, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (d: Buffer) => {
      output += d.toString();
      if (!/Ready to accept connections/.test(output)) return;
      child.stdout!.off("data", onData);
      // Keep reading (and dropping) what it prints, so a full pipe never blocks it.
      child.stdout!.resume();
      resolve({ url: `redis://127.0.0.1:${port}`, port, pid: child.pid!, stop: () => stopChild(child) });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    child.once("error", (err) => reject(new Error(`${server} could not be started (scripts/ensureRedis.sh installs it): ${err.message}`)));
    child.once("exit", (code) => reject(new Error(`${server} exited (${code}) before it was ready:\n${output}`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
