import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

export interface BenchRedis {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * A redis-server of the bench's own (Debian's: `bash scripts/ensureRedis.sh` installs it; REDIS_SERVER_PATH
 * names another), on a free loopback port, without persistence.
 */
export async function startRedis(): Promise<BenchRedis> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const server = process.env.REDIS_SERVER_PATH ?? "redis-server";
  const child: ChildProcess = spawn(server, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => /Ready to accept connections/.test(d.toString()) && resolve());
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code})`)));
    child.once("error", (err) => reject(new Error(`${server} could not start (${err.message}): run bash scripts/ensureRedis.sh`)));
  });
  child.stdout!.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
