import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { startApp, type App } from "../../src/app/startApp.js";
import { graphqlRequest } from "./graphqlRequest.js";

export interface BenchGateway {
  app: App;
  /** One GraphQL operation over HTTP, as `agent`; throws on GraphQL errors. */
  request<T>(query: string, variables: Record<string, unknown>, agent: string): Promise<T>;
  stop(): Promise<void>;
}

/**
 * A real gateway for a benchmark: the embedded Neo4j in a throw-away data
 * directory (or NEO4J_URI), tokens off on loopback, agents named by header.
 * Settings come from the environment like `npm start` (EMBEDDING_MODEL…).
 * With `keepDataDir`, Neo4j's data lives there and outlives the run.
 */
export async function startBenchGateway(env: NodeJS.ProcessEnv = process.env, options: { keepDataDir?: string } = {}): Promise<BenchGateway> {
  // A kept data directory lets a later run reuse a graph that took minutes to load and embed.
  const dataDir = options.keepDataDir ?? (await mkdtemp(path.join(os.tmpdir(), "mnemograph-bench-")));
  const config = loadConfig({
    ...env,
    PORT: "0",
    MNEMOGRAPH_AUTH: "off",
    LOG_LEVEL: env.LOG_LEVEL ?? "warn",
    MNEMOGRAPH_DATA_DIR: dataDir,
    NEO4J_HEAP: env.NEO4J_HEAP ?? "2g",
    NEO4J_PAGECACHE: env.NEO4J_PAGECACHE ?? "1g",
    RATE_LIMIT_PER_MINUTE: "1000000",
  });
  const app = await startApp(config, createLogger({ logLevel: config.logLevel }));
  const url = `http://127.0.0.1:${app.gateway.port}/graphql`;
  const stop = async () => {
    await app.stop();
    if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  // Ctrl-C during a long run must not leave the embedded Neo4j running.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void stop().finally(() => process.exit(130)));
  }
  return {
    app,
    request: <T>(query: string, variables: Record<string, unknown>, agent: string) => graphqlRequest<T>(url, query, variables, agent),
    stop,
  };
}
