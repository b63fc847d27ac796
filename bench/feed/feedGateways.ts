/**
 * The gateways of bench:feed's many-tenants run (manyTenants.ts): `--gateways` of them on one embedded Neo4j,
 * sharing a Redis of the bench's own when there are several (REDIS_URL, as a deployment of several gateways
 * would), with tokens on. Either apps in the bench's own process, each with its own driver (the default), or,
 * with `processes`, one OS process each (fixtures/gatewayProcess.ts through bench/load's startLoadGateway), as
 * a deployment runs them: then the gateways do not share an event loop, and each one's CPU is its own.
 * Either way each gateway's statements to Neo4j are counted from its driver's debug log (one Bolt RUN a
 * statement: the feed's, the workers', @neo4j/graphql's).
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Driver } from "neo4j-driver";
import { startRedis } from "../support/redisServer.js";
import { startLoadGateway } from "../load/loadGateway.js";
import { loadConfig } from "../../src/config/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { startApp, type App } from "../../src/app/startApp.js";
import { signToken } from "../../src/auth/tokens.js";

export interface FeedGateways {
  /** Gateway g's GraphQL URL (http). */
  url(g: number): string;
  /** A driver on the shared Neo4j, for the bench's own setup and read-back. */
  driver: Driver;
  /** Statements each gateway has sent so far. */
  statements(): Promise<number[]>;
  /** The gateways' process ids: the bench's own, once, when they run in it. */
  pids: number[];
  redis: boolean;
  token(tenantId: string, agentId: string): Promise<string>;
  stop(): Promise<void>;
}

/** Settings of every gateway of the run, beside what the two ways of starting them set. */
const SETTINGS = { WARMUP_SECONDS: "0", RATE_LIMIT_PER_MINUTE: "1000000" };

export async function startFeedGateways(gateways: number, processes: boolean): Promise<FeedGateways> {
  const redis = gateways > 1 ? await startRedis() : null;
  try {
    const started = processes ? await inChildProcesses(gateways, redis?.url) : await inThisProcess(gateways, redis?.url);
    return { ...started, redis: redis !== null, stop: () => started.stop().finally(() => redis?.stop()) };
  } catch (err) {
    await redis?.stop();
    throw err;
  }
}

async function inThisProcess(gateways: number, redisUrl: string | undefined): Promise<Omit<FeedGateways, "redis">> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-bench-"));
  const secret = `bench-${randomUUID()}-${randomUUID()}`;
  const counts: number[] = [];
  const apps: App[] = [];
  const stop = async () => {
    for (const app of [...apps].reverse()) await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (let g = 0; g < gateways; g++) {
      const first = apps[0]?.localNeo4j;
      const config = loadConfig({
        ...process.env,
        ...SETTINGS,
        PORT: "0",
        MNEMOGRAPH_AUTH: "token",
        JWT_SECRET: secret,
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        MNEMOGRAPH_DATA_DIR: dataDir,
        NEO4J_HEAP: process.env.NEO4J_HEAP ?? "2g",
        NEO4J_PAGECACHE: process.env.NEO4J_PAGECACHE ?? "1g",
        ...(first ? { NEO4J_URI: first.uri, NEO4J_USER: first.user, NEO4J_PASSWORD: first.password } : {}),
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      });
      counts.push(0);
      apps.push(await startApp(config, createLogger({ logLevel: config.logLevel }), { boltLog: (line) => line.includes(" C: RUN ") && (counts[g] = counts[g]! + 1) }));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: (g) => `http://127.0.0.1:${apps[g]!.gateway.port}/graphql`,
    driver: apps[0]!.driver,
    statements: async () => [...counts],
    pids: [process.pid],
    token: (tenantId, agentId) => signToken(secret, { tenantId, agentId, roles: ["agent"] }, 7200),
    stop,
  };
}

async function inChildProcesses(gateways: number, redisUrl: string | undefined): Promise<Omit<FeedGateways, "redis">> {
  const countsDir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-bench-statements-"));
  const gw = await startLoadGateway({ ...SETTINGS, STATEMENTS_DIR: countsDir, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) }, undefined, gateways).catch(async (err: unknown) => {
    await rm(countsDir, { recursive: true, force: true });
    throw err;
  });
  const driver = await gw.driver();
  const countOf = async (pid: number) => Number((await readFile(path.join(countsDir, String(pid)), "utf8").catch(() => "0")) || 0);
  return {
    url: (g) => gw.all[g]!.url,
    driver,
    statements: () => Promise.all(gw.all.map((g) => countOf(g.pid))),
    pids: gw.all.map((g) => g.pid),
    token: (tenantId, agentId) => gw.token(tenantId, agentId),
    stop: () => gw.stop().finally(() => rm(countsDir, { recursive: true, force: true })),
  };
}
