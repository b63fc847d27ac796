import path from "node:path";
import os from "node:os";
import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";
import { timedStart } from "./startTimings.js";
import { guardIsolation, isolationGuarded } from "./isolationGuard.js";
import type { Driver } from "neo4j-driver";
import { loadConfig, type Config } from "../../src/config/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { startApp, type App, type AppOptions } from "../../src/app/startApp.js";

export interface GraphQLResponse<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string; path?: unknown[]; extensions?: Record<string, unknown> }[];
}

export interface TestGateway {
  app: App;
  url: string;
  driver: Driver;
  /** Sends one GraphQL operation over HTTP, as the given agent. */
  request<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    agent?: string,
  ): Promise<GraphQLResponse<T>>;
  stop(): Promise<void>;
}

/**
 * Admission limits fixed for the suite's gateways, not per core: tests send bursts
 * (twenty writes at once to two gateways) that must not depend on the machine's
 * cores. admission.test.ts sets its own.
 */
export const TEST_ADMISSION_ENV = { MAX_CONCURRENT_OPERATIONS: "16", MAX_QUEUED_OPERATIONS: "32" };

/** Config for a gateway on a free port against the suite's Neo4j. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Explicitly off (allowed on loopback): these tests act as agents through the agent header.
  // The access tests build token-mode configs of their own.
  // Extraction is off: one Neo4j serves every test, and a worker would learn facts from other tests' messages.
  // The extraction tests turn it on for a tenant of their own.
  // The embedding worker does not poll: a shared gateway kept by an earlier file would otherwise embed, on its own
  // clock, what a later test wrote through another gateway and means to see pending, or embedded its own way.
  // Each gateway's own writes wake it, and tests drain it.
  const base = loadConfig({ LOG_LEVEL: "silent", PORT: "0", MNEMOGRAPH_AUTH: "off", EXTRACTION: "off", WARMUP_SECONDS: "0", EMBEDDING_POLL_SECONDS: "86400", ...TEST_ADMISSION_ENV });
  const neo4j = inject("neo4j");
  // Never the user's own screenshot folder: a gateway's sweep there would ask the suite's Neo4j which files are still named.
  const game = { ...base.game, screenshotDir: path.join(os.tmpdir(), `mnemograph-test-screenshots-${process.pid}`) };
  return { ...base, game, ...overrides, neo4j: { ...base.neo4j, ...neo4j, ...(overrides.neo4j ?? {}) } };
}

export interface TestGatewayOptions extends AppOptions {
  /** A gateway of the file's own even where one could be shared: its test stops it and looks at what stopping did. */
  own?: boolean;
}

/**
 * A real gateway (HTTP + WebSocket) on a free port against the suite's Neo4j.
 *
 * Starting one costs seconds (the @neo4j/graphql schema, the model, migrations), so a
 * worker keeps one gateway per distinct config and hands it to every file that asks for
 * the same config with no clock or extractor of its own: files already own their data
 * (their own agents and tenants), and `stop()` on a shared gateway only lets it go. A
 * file that asks twice for the same config gets a gateway of its own the second time,
 * so a test of two gateways still has two. SHARED_TEST_GATEWAYS=off starts one per call.
 */
export async function startTestGateway(config: Config = testConfig(), { own = false, ...options }: TestGatewayOptions = {}): Promise<TestGateway> {
  const file = currentTestFile();
  const ownReason = own ? "own: asked" : options.now ? "own: clock" : options.extractor ? "own: extractor" : options.feedPolls ? "own: feed polls" : reachesOutside(config) ? "own: outside server" : process.env.SHARED_TEST_GATEWAYS === "off" ? "own: sharing off" : null;
  if (ownReason) return startOwnGateway(config, options, file, ownReason);
  const key = configKey(config);
  let entry = shared.get(key);
  if (entry?.files.has(file)) return startOwnGateway(config, options, file, "own: second in file");
  if (!entry) {
    const started = startOwnGateway(config, options, file, everShared.has(key) ? "shared: again after idle" : "shared: first of its config");
    everShared.add(key);
    entry = { started, files: new Set(), users: 0, idle: null };
    shared.set(key, entry);
    // A start that failed is not kept: the next file tries again and sees the error itself.
    started.catch(() => shared.delete(key));
  }
  const taken = entry;
  taken.files.add(file);
  taken.users++;
  if (taken.idle) clearTimeout(taken.idle);
  taken.idle = null;
  const gw = await taken.started;
  let released = false;
  return {
    ...gw,
    // Let go; the gateway stops once no file has used it for a while (a later file of this worker may take it).
    async stop() {
      if (released) return;
      released = true;
      if (--taken.users > 0) return;
      taken.idle = setTimeout(() => {
        shared.delete(key);
        void gw.stop();
      }, SHARED_IDLE_MS);
      taken.idle.unref();
    },
  };
}

/**
 * A gateway that talks to a server of the test's own (an OTLP receiver, a JWKS server, a Redis) is the
 * test's own: shared, it would outlive the file by SHARED_IDLE_MS and export to a receiver the
 * file already closed (an unhandled ECONNREFUSED in whichever file runs next).
 */
function reachesOutside(config: Config): boolean {
  return Boolean(config.tracing.endpoint || config.auth.jwksUrl || config.shared.redisUrl);
}

/**
 * How long a shared gateway nobody uses stays up for a later file of the worker. The whole-database
 * files run in a vitest and a Neo4j of their own (scripts/runTests.mjs), so an idle gateway's
 * background workers (embedding, lease sweep) reach no file that counts the database; at 5 s, 27
 * of 72 starts in a run were a config started again after its gateway had gone idle.
 */
const SHARED_IDLE_MS = 60_000;

/** Configs this worker has started a shared gateway for: a second start of one means the idle wait was too short. */
const everShared = new Set<string>();

const shared = new Map<string, { started: Promise<TestGateway>; files: Set<string>; users: number; idle: ReturnType<typeof setTimeout> | null }>();

/** The same config, whatever the order its keys were spread in. */
function configKey(config: Config): string {
  return JSON.stringify(config, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value,
  );
}

/** Every gateway of this worker that has started and not stopped, shared or not. */
const running = new Set<TestGateway["app"]>();

/**
 * Waits until no gateway of this worker has embedding work left. One Neo4j serves every gateway of a worker, and
 * any of them embeds whatever it finds pending, its own way (joint or derived context vectors): a test that looks
 * at a write before it is embedded, or at how one gateway embedded it, first lets the others finish what an
 * earlier test gave them. With their polls off (testConfig), only a write through a gateway wakes it again.
 */
export async function settleGateways(): Promise<void> {
  await Promise.all([...running].map((app) => app.embeddings.drain()));
}

async function startOwnGateway(config: Config, options: AppOptions, file: string, reason: string): Promise<TestGateway> {
  // TEST_LOG_LEVEL=error shows what the gateway logs (masked errors included) while debugging a test.
  const logger = createLogger({ logLevel: (process.env.TEST_LOG_LEVEL as "error" | undefined) ?? "silent" });
  const app = await timedStart("gateway", file, () => startApp(config, logger, options), reason);
  running.add(app);
  const url = `http://127.0.0.1:${app.gateway.port}/graphql`;
  return {
    app,
    url,
    // In the parallel project, what a test sends directly must be scoped to its own data (isolationGuard.ts).
    driver: isolationGuarded() ? guardIsolation(app.driver) : app.driver,
    async request(query, variables = {}, agent) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(agent ? { "x-mnemograph-agent": agent } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as GraphQLResponse<never>;
    },
    stop: () => {
      running.delete(app);
      return app.stop();
    },
  };
}

/** A fresh agent id: every test acts as its own agent, so it owns (and removes) only its data. */
export function uniqueAgent(prefix = "test"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** Removes every node a test agent wrote. */
/**
 * Deletes what `ownerId` wrote. Files share the auth-off tenant, and a fact's object (the "Python" skill,
 * the "Google" org, the "PyCon" event) is one node per tenant, owned by whichever file named it first:
 * a node that another owner's node still points at is kept, or that file's facts would vanish mid-run.
 */
export async function removeOwnedBy(driver: Driver, ownerId: string): Promise<void> {
  await driver.executeQuery(
    `MATCH (n) WHERE n.ownerId = $ownerId
       AND NOT EXISTS { MATCH (m)-->(n) WHERE m.ownerId IS NOT NULL AND m.ownerId <> $ownerId }
     DETACH DELETE n`,
    { ownerId },
  );
}

/** The test file this worker is running (vitest keeps it on expect's state). */
export function currentTestFile(): string {
  return expect.getState().testPath ?? "unknown";
}
