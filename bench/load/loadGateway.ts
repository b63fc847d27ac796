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
  /** The first gateway's (the one whose Neo4j the others use). */
  url: string;
  wsUrl: string;
  dataDir: string;
  gatewayPid: number;
  /** Every gateway, the first included: one unless `gateways` asked for more. */
  all: { url: string; wsUrl: string; pid: number }[];
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
 * `gateways` > 1 starts the others on the first one's Neo4j, with the same secret and `extraEnv`
 * (which then carries the REDIS_URL and EMBEDDING_BASE_URL they share).
 */
export async function startLoadGateway(extraEnv: Record<string, string> = {}, checkout?: string, gateways = 1): Promise<LoadGateway> {
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
    ...(extraEnv.EMBEDDING_API_MODEL ? { EMBEDDING_API_MODEL: extraEnv.EMBEDDING_API_MODEL } : {}),
    ...(extraEnv.REDIS_URL ? { REDIS_URL: extraEnv.REDIS_URL } : {}),
  };
  const script = checkout ? path.resolve(checkout, "fixtures/gatewayProcess.ts") : undefined;
  const common = { ...settings, MNEMOGRAPH_AUTH: "token", JWT_SECRET: secret, JWKS_URL: "", JWT_ISSUER: "", JWT_AUDIENCE: "", LLM_BASE_URL: "", METRICS_PORT: "" };
  const child = await startChildGateway({ ...common, MNEMOGRAPH_DATA_DIR: dataDir, NEO4J_URI: "", NEO4J_BOLT_PORT: String(boltPort), ...extraEnv }, "tsx", script).catch(async (err: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  const children = [child];
  const otherDirs: string[] = [];
  let driver: Driver | null = null;
  const stop = async () => {
    await driver?.close();
    for (const c of children.slice(1).reverse()) await c.stop();
    await child.stop();
    for (const dir of otherDirs) await rm(dir, { recursive: true, force: true });
    // BENCH_KEEP_DATA=1 keeps the store and Neo4j's logs (debug.log) for a look afterwards.
    if (process.env.BENCH_KEEP_DATA) process.stderr.write(`Kept ${dataDir}\n`);
    else await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const password = (await readFile(path.join(dataDir, "neo4j-password"), "utf8")).trim();
    for (let i = 1; i < gateways; i++) {
      const own = await mkdtemp(path.join(os.tmpdir(), "mnemograph-load-gw-"));
      otherDirs.push(own);
      children.push(await startChildGateway({ ...common, MNEMOGRAPH_DATA_DIR: own, NEO4J_URI: `bolt://127.0.0.1:${boltPort}`, NEO4J_USER: "neo4j", NEO4J_PASSWORD: password, ...extraEnv }, "tsx", script));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  // Ctrl-C must not leave the gateway and its Neo4j running.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().finally(() => process.exit(130)));
  return {
    url: child.url,
    wsUrl: child.url.replace(/^http/, "ws"),
    dataDir,
    gatewayPid: child.pid!,
    all: children.map((c) => ({ url: c.url, wsUrl: c.url.replace(/^http/, "ws"), pid: c.pid! })),
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
