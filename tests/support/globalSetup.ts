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

declare module "vitest" {
  export interface ProvidedContext {
    neo4j: { uri: string; user: string; password: string };
  }
}

/**
 * Starts one real Neo4j for the whole integration run, in a throw-away data
 * directory, from the same provisioning code the gateway uses. With NEO4J_URI
 * set, that server is used instead.
 */
export default async function setup(project: TestProject) {
  const config = loadConfig();
  // Once, before the test files start gateways in parallel.
  if (config.embeddings.provider === "local") await provisionModel(LOCAL_MODELS[config.embeddings.model]!, config.neo4j.cacheDir);
  if (config.neo4j.uri) {
    project.provide("neo4j", { uri: config.neo4j.uri, user: config.neo4j.user, password: config.neo4j.password });
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-test-neo4j-"));
  const logger = createLogger({ logLevel: "warn" });
  const local: LocalNeo4j = await timedStart("neo4j", "global setup", () => startLocalNeo4j({ ...config.neo4j, dataDir, heap: "1g", pageCache: "256m" }, logger));
  project.provide("neo4j", { uri: local.uri, user: local.user, password: local.password });
  return async () => {
    await local.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
