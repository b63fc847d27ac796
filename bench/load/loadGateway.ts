/**
 * The gateway under test for bench:load and bench:fault: one child process
 * (fixtures/childGateway.ts) serving in token mode, with a JWT_SECRET of
 * this run, on its own embedded Neo4j in a throw-away MNEMOGRAPH_DATA_DIR. The
 * default rate limits are set explicitly, and no LLM (retrieveContext plans
 * deterministically). A driver of this process reads the store back once the
 * load is over.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import neo4j, { type Driver } from "neo4j-driver";
import { signToken } from "../../src/auth/tokens.js";
import { freePort } from "../../src/graph/local/freePort.js";
import { startChildGateway } from "../../fixtures/childGateway.js";
import { findNeo4jPid } from "../support/procStats.js";

export interface LoadGateway {
  url: string;
  wsUrl: string;
  dataDir: string;
  gatewayPid: number;
  /** The embedded Neo4j's current process (a restart changes it). */
  neo4jPid(): number | null;
  /** The settings the gateway was started with, for the report. */
  settings: Record<string, string>;
  /** A token for an agent of a tenant, valid for the whole run. */
  token(tenant: string, agentId: string): Promise<string>;
  /** Reads the store directly (verification after the load). */
  driver(): Promise<Driver>;
  stop(): Promise<void>;
}

/**
 * `extraEnv` adds settings for a run that looks inside the gateway (bench:profile: tracing, a CPU profile).
 * `checkout` runs another version's gateway (a checkout of the repository with its node_modules), for
 * a before-and-after comparison on one machine in one session.
 */
export async function startLoadGateway(extraEnv: Record<string, string> = {}, checkout?: string): Promise<LoadGateway> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-load-"));
  const secret = randomBytes(32).toString("base64url");
  const boltPort = await freePort();
  const settings = {
    NEO4J_HEAP: process.env.NEO4J_HEAP ?? "2g",
    NEO4J_PAGECACHE: process.env.NEO4J_PAGECACHE ?? "1g",
    RATE_LIMIT_PER_MINUTE: "600",
    RATE_LIMITS: "retrieveContext=10",
    // Settings a run may change for a side-by-side comparison (bench:load with NEO4J_BOOKMARKS=on against the default).
    NEO4J_BOOKMARKS: process.env.NEO4J_BOOKMARKS ?? "auto",
    // The gateway's defaults (per core) unless a run sets them, as a side-by-side comparison does.
    ...(process.env.MAX_CONCURRENT_OPERATIONS ? { MAX_CONCURRENT_OPERATIONS: process.env.MAX_CONCURRENT_OPERATIONS } : {}),
    ...(process.env.MAX_QUEUED_OPERATIONS ? { MAX_QUEUED_OPERATIONS: process.env.MAX_QUEUED_OPERATIONS } : {}),
    ...(process.env.NEO4J_REPLAN_SECONDS ? { NEO4J_REPLAN_SECONDS: process.env.NEO4J_REPLAN_SECONDS } : {}),
    ...(process.env.EMBEDDING_THREADS ? { EMBEDDING_THREADS: process.env.EMBEDDING_THREADS } : {}),
    ...(process.env.EMBEDDING_CONTEXT ? { EMBEDDING_CONTEXT: process.env.EMBEDDING_CONTEXT } : {}),
    ...(extraEnv.EMBEDDING_BASE_URL ? { EMBEDDING_BASE_URL: extraEnv.EMBEDDING_BASE_URL } : {}),
  };
  const child = await startChildGateway({
    ...settings,
    MNEMOGRAPH_AUTH: "token",
    JWT_SECRET: secret,
    JWKS_URL: "",
    JWT_ISSUER: "",
    JWT_AUDIENCE: "",
    MNEMOGRAPH_DATA_DIR: dataDir,
    NEO4J_URI: "",
    NEO4J_BOLT_PORT: String(boltPort),
    LLM_BASE_URL: "",
    METRICS_PORT: "",
    ...extraEnv,
  }, "tsx", checkout ? path.resolve(checkout, "fixtures/gatewayProcess.ts") : undefined).catch(async (err: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  let driver: Driver | null = null;
  const stop = async () => {
    await driver?.close();
    await child.stop();
    // BENCH_KEEP_DATA=1 keeps the store and Neo4j's logs (debug.log) for a look afterwards.
    if (process.env.BENCH_KEEP_DATA) process.stderr.write(`Kept ${dataDir}\n`);
    else await rm(dataDir, { recursive: true, force: true });
  };
  // Ctrl-C must not leave the gateway and its Neo4j running.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().finally(() => process.exit(130)));
  return {
    url: child.url,
    wsUrl: child.url.replace(/^http/, "ws"),
    dataDir,
    gatewayPid: child.pid!,
    neo4jPid: () => findNeo4jPid(dataDir),
    settings,
    token: (tenant, agentId) => signToken(secret, { tenantId: tenant, agentId, roles: ["agent"] }, 4 * 3600),
    async driver() {
      const password = (await readFile(path.join(dataDir, "neo4j-password"), "utf8")).trim();
      driver ??= neo4j.driver(`bolt://127.0.0.1:${boltPort}`, neo4j.auth.basic("neo4j", password));
      return driver;
    },
    stop,
  };
}
