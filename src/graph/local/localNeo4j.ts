import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import neo4j from "neo4j-driver";
import type { Neo4jConfig } from "../../config/config.js";
import type { Logger } from "../../logging/logger.js";
import { freePort } from "./freePort.js";
import { ensureLocalPassword } from "./localPassword.js";
import { neo4jJvmArgs, renderNeo4jConf } from "./neo4jConf.js";
import { provisionNeo4j } from "./provisionNeo4j.js";

/** What the supervisor says of the embedded server: it exited by itself, runs again after a restart, or was given up. */
export type LocalNeo4jState = "down" | "up" | "failed";

/** A Neo4j server running as a child process of the gateway (or of the test suite), restarted if it dies. */
export interface LocalNeo4j {
  uri: string;
  user: string;
  password: string;
  version: string;
  /** The running server's process id (a restart changes it). */
  readonly pid: number | undefined;
  /** Calls `listener` on every change the supervisor sees; returns the unsubscribe. */
  onStateChange(listener: (state: LocalNeo4jState) => void): () => void;
  /** Stops the server cleanly (SIGTERM, then SIGKILL after the grace period); no restart follows. */
  stop(): Promise<void>;
}

/** How the supervisor restarts a server that exited without being asked to. */
export interface RestartPolicy {
  /** Restarts allowed within `windowMs`; one more exit than that and it gives up. */
  maxRestarts: number;
  windowMs: number;
  /**
   * The first exit in the window is restarted at once (a killed or crashed
   * server; every second of waiting is a second of refused requests); the next
   * after this long, doubled for each further one (at most `maxDelayMs`).
   */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { maxRestarts: 5, windowMs: 600_000, firstDelayMs: 1000, maxDelayMs: 30_000 };

const STARTUP_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 30_000;

/**
 * Provisions (first time only) and starts Neo4j Community from Maven jars, with
 * its data under `config.dataDir`, and waits until Bolt answers queries. If the
 * server then exits by itself (killed, crashed), it is started again on the
 * same port and data, with backoff, a bounded number of times: Neo4j recovers
 * its store from the transaction log, so every committed write is still there.
 */
export async function startLocalNeo4j(config: Neo4jConfig, logger: Logger, policy: RestartPolicy = DEFAULT_RESTART_POLICY): Promise<LocalNeo4j> {
  const runtime = await provisionNeo4j(config.cacheDir, (m) => logger.info(m));
  const home = config.dataDir;
  const dirs = {
    conf: path.join(home, "conf"),
    data: path.join(home, "data"),
    logs: path.join(home, "logs"),
    run: path.join(home, "run"),
  };
  for (const dir of Object.values(dirs)) await mkdir(dir, { recursive: true });

  const boltPort = config.boltPort || (await freePort());
  await writeFile(
    path.join(dirs.conf, "neo4j.conf"),
    renderNeo4jConf({
      boltPort,
      dataDir: dirs.data,
      logsDir: dirs.logs,
      runDir: dirs.run,
      pluginsDir: runtime.pluginsDir,
      heap: config.heap,
      pageCache: config.pageCache,
      txTimeoutSeconds: config.txTimeoutSeconds,
      minReplanSeconds: config.minReplanSeconds,
      queryCacheEntries: config.queryCacheEntries,
    }),
  );

  const classpath = [path.join(runtime.pluginsDir, "*"), path.join(runtime.libDir, "*")].join(path.delimiter);
  const args = [
    ...neo4jJvmArgs(config.heap),
    "-cp",
    classpath,
    "org.neo4j.server.CommunityEntryPoint",
    `--home-dir=${home}`,
    `--config-dir=${dirs.conf}`,
    "--console-mode",
  ];
  const uri = `bolt://127.0.0.1:${boltPort}`;
  logger.info({ boltPort, home }, `Starting Neo4j ${runtime.version}`);
  let server = spawnServer(args);
  try {
    await waitForBolt(uri, server.exited, server.tail);
  } catch (err) {
    await stopChild(server.child, server.exited);
    throw err;
  }
  const password = await ensureLocalPassword(home, uri);
  logger.info({ uri }, "Neo4j is ready");

  const listeners = new Set<(state: LocalNeo4jState) => void>();
  const emit = (state: LocalNeo4jState) => listeners.forEach((l) => l(state));
  const restarts: number[] = [];
  let stopping = false;
  let wake: (() => void) | null = null;

  // Watches one server process: an exit nobody asked for starts the next one.
  const supervise = (current: RunningServer) => {
    void current.exited.then(async (code) => {
      if (stopping || current !== server) return;
      emit("down");
      for (;;) {
        const now = Date.now();
        while (restarts.length && now - restarts[0]! > policy.windowMs) restarts.shift();
        if (restarts.length >= policy.maxRestarts) {
          logger.fatal({ code, restarts: restarts.length, windowMs: policy.windowMs }, "Neo4j keeps exiting: no more restarts; requests get SERVICE_UNAVAILABLE");
          emit("failed");
          return;
        }
        const delay = restarts.length === 0 ? 0 : Math.min(policy.firstDelayMs * 2 ** (restarts.length - 1), policy.maxDelayMs);
        restarts.push(now);
        logger.error({ code, delayMs: delay, restart: restarts.length, tail: current.tail().split("\n").slice(-5) }, "Neo4j exited unexpectedly: restarting it");
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
        if (stopping) return;
        server = spawnServer(args);
        try {
          await waitForBolt(uri, server.exited, server.tail);
          logger.info({ uri, pid: server.child.pid }, "Neo4j restarted and answers again");
          emit("up");
          supervise(server);
          return;
        } catch (err) {
          logger.error({ err }, "Neo4j did not come back");
          await stopChild(server.child, server.exited);
          if (stopping) return;
        }
      }
    });
  };
  supervise(server);

  return {
    uri,
    user: "neo4j",
    password,
    version: runtime.version,
    get pid() {
      return server.child.pid;
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopping = true;
      (wake as (() => void) | null)?.();
      await stopChild(server.child, server.exited);
    },
  };
}

interface RunningServer {
  child: ChildProcess;
  exited: Promise<number | null>;
  tail: () => string;
}

function spawnServer(args: string[]): RunningServer {
  const child = spawn("java", args, { stdio: ["ignore", "pipe", "pipe"] });
  const tail = captureTail(child);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, tail };
}

/** Keeps the last lines the server printed, to explain a failed start. */
function captureTail(child: ChildProcess): () => string {
  const lines: string[] = [];
  const push = (d: Buffer) => {
    lines.push(...d.toString().split("\n").filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  child.stdout?.on("data", push);
  child.stderr?.on("data", push);
  return () => lines.join("\n");
}

async function waitForBolt(uri: string, exited: Promise<number | null>, tail: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let dead: number | null | undefined;
  void exited.then((code) => (dead = code));
  // Any answer from Bolt, even "credentials expired" or "unauthorized", means the server is up.
  const driver = neo4j.driver(uri, neo4j.auth.basic("probe", "probe"), { connectionTimeout: 2000 });
  try {
    for (;;) {
      if (dead !== undefined) throw new Error(`Neo4j exited with code ${dead} during start-up:\n${tail()}`);
      if (Date.now() > deadline) throw new Error(`Neo4j did not open Bolt within ${STARTUP_TIMEOUT_MS} ms:\n${tail()}`);
      try {
        await driver.verifyConnectivity();
        return;
      } catch (err) {
        const code = (err as { code?: string }).code ?? "";
        if (code.startsWith("Neo.ClientError.Security")) return;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await driver.close();
  }
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
