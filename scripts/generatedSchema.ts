import type { GraphQLSchema } from "graphql";
import neo4j from "neo4j-driver";
import { buildSchema } from "../src/schema/buildSchema.js";
import { loadTypeDefs } from "../src/schema/loadTypeDefs.js";
import { knowledgeLabels } from "../src/core/schemaFacts.js";
import { createOutboxSequencer } from "../src/feed/index.js";
import { createLogger } from "../src/logging/logger.js";

/**
 * The schema clients see, built exactly as the gateway builds it but without
 * a database: @neo4j/graphql only needs a driver to execute, so a driver that
 * is never connected stands in for the real one. Reusing `buildSchema` (rather
 * than a copy of its `features`) keeps codegen from drifting from the server.
 */
export async function loadGeneratedSchema(): Promise<GraphQLSchema> {
  // Creating a driver opens no connection; closing it releases nothing but the object.
  const driver = neo4j.driver("neo4j://codegen.invalid");
  try {
    const { document } = loadTypeDefs();
    const outbox = createOutboxSequencer({ driver, database: "neo4j", logger: createLogger({ logLevel: "silent" }), sweepMs: 0 });
    const { schema } = await buildSchema({ driver, database: "neo4j", document, knowledgeLabels: knowledgeLabels(document), outbox });
    return schema;
  } finally {
    await driver.close();
  }
}
