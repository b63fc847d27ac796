import type { GraphQLSchema } from "graphql";
import { inject } from "vitest";
import { apiKeyResolvers } from "../../../src/apiKeys/apiKeyResolvers.js";
import { apiKeyStore } from "../../../src/apiKeys/apiKeyStore.js";
import { createDriver } from "../../../src/graph/driver.js";
import { buildSchema } from "../../../src/schema/buildSchema.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { knowledgeLabels } from "../../../src/core/schemaFacts.js";
import { createOutboxSequencer } from "../../../src/feed/index.js";
import { createLogger } from "../../../src/logging/logger.js";

/**
 * The schema the gateway serves, built by the same code, so tables generated
 * from it grow with `schema/`. Needed while tests are collected, before any
 * gateway starts; building it does not query the database.
 */
export async function servedSchema(database = "neo4j"): Promise<GraphQLSchema> {
  const driver = createDriver(inject("neo4j"));
  try {
    const { document } = loadTypeDefs();
    const { schema } = await buildSchema({ driver, database, document, knowledgeLabels: knowledgeLabels(document), resolvers: apiKeyResolvers(apiKeyStore(driver, database)), outbox: createOutboxSequencer({ driver, database, logger: createLogger({ logLevel: "silent" }), sweepMs: 0 }) });
    return schema;
  } finally {
    await driver.close();
  }
}
