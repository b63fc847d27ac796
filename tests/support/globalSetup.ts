import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../src/config/config.js";
import { LOCAL_MODELS } from "../../src/config/embeddingModels.js";
import { provisionModel } from "../../src/embeddings/provisionModel.js";
import { startLocalNeo4j, type LocalNeo4j } from "../../src/graph/local/localNeo4j.js";
import { createLogger } from "../../src/logging/logger.js";
import { timedStart } from "./startTimings.js";
import { createDriver } from "../../src/graph/driver.js";
import { runMigrations } from "../../src/graph/migrations/runMigrations.js";
import { testStoreMigrations } from "./testStoreMigrations.js";

declare module "vitest" {
  export interface ProvidedContext {
    neo4j: { uri: string; user: string; password: string };
  }
}

/** What every project's global setup shares in this (the main) process: one Neo4j for the whole run. */
interface SharedNeo4j {
  started: Promise<{ connection: { uri: string; user: string; password: string }; stop: () => Promise<void> }>;
  users: number;
}
const SHARED = Symbol.for("mnemograph.test.neo4j");

/**
 * Starts one real Neo4j for the whole run, in a throw-away data directory, from
 * the same provisioning code the gateway uses; every database project (parallel,
 * serial, system) gets the same server, which stops when the last one is done.
 * With NEO4J_URI set, that server is used instead.
 */
export default async function setup(project: TestProject) {
  const holder = globalThis as { [SHARED]?: SharedNeo4j };
  const shared = (holder[SHARED] ??= { started: startOnce(), users: 0 });
  shared.users++;
  const { connection, stop } = await shared.started;
  project.provide("neo4j", connection);
  return async () => {
    if (--shared.users > 0) return;
    delete holder[SHARED];
    await stop();
  };
}

async function startOnce(): Promise<Awaited<SharedNeo4j["started"]>> {
  const config = loadConfig();
  // Once, before the test files start gateways in parallel.
  if (config.embeddings.provider === "local") await provisionModel(LOCAL_MODELS[config.embeddings.model]!, config.neo4j.cacheDir);
  if (config.neo4j.uri) {
    const connection = { uri: config.neo4j.uri, user: config.neo4j.user, password: config.neo4j.password };
    await migrate(connection, config.neo4j.database, createLogger({ logLevel: "warn" }));
    return { connection, stop: async () => {} };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-test-neo4j-"));
  const logger = createLogger({ logLevel: "warn" });
  // Planning is most of a test server's CPU: the suite sends thousands of statement shapes, most of them
  // once (599 by the access matrix, 489 by the fuzzer). A server that keeps them all and does not plan them
  // again as its statistics move from an empty store used 760 s of CPU instead of 825 s for a whole run.
  const neo4j = { ...config.neo4j, dataDir, heap: "1g", pageCache: "256m", queryCacheEntries: 10_000, minReplanSeconds: 3600 };
  const local: LocalNeo4j = await timedStart("neo4j", "global setup", () => startLocalNeo4j(neo4j, logger), undefined, (n) => n.pid);
  await migrate(local, config.neo4j.database, logger);
  return {
    connection: { uri: local.uri, user: local.user, password: local.password },
    stop: async () => {
      await local.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The schema, once, before any worker starts a gateway: files then start gateways side by side
 * and each finds every index in place (runMigrations sends only what is missing).
 */
async function migrate(connection: { uri: string; user: string; password: string }, database: string, logger: ReturnType<typeof createLogger>) {
  const driver = createDriver(connection);
  try {
    await timedStart("migrations", "global setup", () => runMigrations(driver, database, testStoreMigrations(), logger));
  } finally {
    await driver.close();
  }
}
