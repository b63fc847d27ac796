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

/** A Neo4j server running as a child process of the gateway (or of the test suite). */
export interface LocalNeo4j {
  uri: string;
  user: string;
  password: string;
  version: string;
  pid: number | undefined;
  /** Stops the server cleanly (SIGTERM, then SIGKILL after the grace period). */
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 30_000;

/**
 * Provisions (first time only) and starts Neo4j Community from Maven jars, with
 * its data under `config.dataDir`, and waits until Bolt answers queries.
 */
export async function startLocalNeo4j(config: Neo4jConfig, logger: Logger): Promise<LocalNeo4j> {
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
  logger.info({ boltPort, home }, `Starting Neo4j ${runtime.version}`);
  const child = spawn("java", args, { stdio: ["ignore", "pipe", "pipe"] });
  const tail = captureTail(child);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const uri = `bolt://127.0.0.1:${boltPort}`;
  try {
    await waitForBolt(uri, exited, tail);
    const password = await ensureLocalPassword(home, uri);
    logger.info({ uri }, "Neo4j is ready");
    return {
      uri,
      user: "neo4j",
      password,
      version: runtime.version,
      pid: child.pid,
      stop: () => stopChild(child, exited),
    };
  } catch (err) {
    await stopChild(child, exited);
    throw err;
  }
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
