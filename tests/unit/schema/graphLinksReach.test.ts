import { getNamedType, isInterfaceType, isObjectType, Kind, type GraphQLNamedType, type GraphQLSchema } from "graphql";
import neo4j from "neo4j-driver";
import { beforeAll, describe, expect, it } from "vitest";
import { knowledgeLabels } from "../../../src/core/schemaFacts.js";
import { createOutboxSequencer } from "../../../src/feed/index.js";
import { createLogger } from "../../../src/logging/logger.js";
import { buildSchema } from "../../../src/schema/buildSchema.js";
import { listQueryOf } from "../../../src/schema/graphLinks.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

/**
 * Every hand-written root field (declared in `schema/`, not generated) returns
 * something a client can keep querying as a graph: a node type, or a result
 * that reaches one through its fields (a `@graphLink` or a nested result).
 * A new retrieval field that returns a dead end fails here until it links its
 * results, or is listed below with why it cannot.
 */
const NO_NODE_BY_DESIGN: Record<string, string> = {
  "Query.cypherQuery": "operator tool: rows of a read-only Cypher statement, not typed nodes",
  "Query.processHealth": "counts per task type over a window, no single node behind a row",
  "Query.extractionState": "counts of the extraction queue by status; the messages are read with messages(where: { extractionStatus })",
  "Mutation.pauseExtraction": "an operator's switch; answers with the queue's counts, as extractionState",
  "Mutation.queueExtraction": "answers with how many messages it queued",
  "Query.exportTenantPage": "a page of a tenant's export: JSON lines for a file, not nodes to query on from",
  "Mutation.importTenantLines": "counts of what an import batch merged and the lines it refused",
  "Mutation.markKnowledgeAccessed": "answers with the ids it marked; the nodes are read with knowledges(where: { id: { in } })",
  "Mutation.markKnowledgeApplied": "answers with the ids it marked, as markKnowledgeAccessed",
  "Query.apiKeys": "API keys are credentials, kept out of the graph API",
  "Mutation.createApiKey": "API keys are credentials, kept out of the graph API",
  "Mutation.revokeApiKey": "API keys are credentials, kept out of the graph API",
  "Mutation.forgetMemory": "answers with what it deleted: nothing of it is left to query on from",
  "Mutation.erasePerson": "answers with what it deleted: nothing of the person is left to query on from",
  "Mutation.correctMemory": "the corrected node may be of any forgettable type (Memory, Belief, Insight…): its id is read with that type's query",
};

let schema: GraphQLSchema;
let handWritten: string[];

beforeAll(async () => {
  const { document } = loadTypeDefs();
  // Building the schema opens no connection: a driver that is never used stands in.
  const driver = neo4j.driver("neo4j://reach.invalid");
  const outbox = createOutboxSequencer({ driver, database: "neo4j", logger: createLogger({ logLevel: "silent" }), sweepMs: 0 });
  schema = (await buildSchema({ driver, database: "neo4j", document, knowledgeLabels: knowledgeLabels(document), outbox })).schema;
  await driver.close();
  handWritten = document.definitions.flatMap((def) =>
    (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) && ["Query", "Mutation", "Subscription"].includes(def.name.value)
      ? (def.fields ?? []).map((f) => `${def.name.value}.${f.name.value}`)
      : [],
  );
});

/** Whether a type is a node (or an interface of nodes) or reaches one through its fields. */
function reachesNode(type: GraphQLNamedType, seen = new Set<string>()): boolean {
  if (seen.has(type.name)) return false;
  seen.add(type.name);
  if (listQueryOf(schema, type.name)) return true;
  if (!isObjectType(type) && !isInterfaceType(type)) return false;
  return Object.values(type.getFields()).some((f) => reachesNode(getNamedType(f.type), seen));
}

describe("retrieval results reach the graph", () => {
  it("every hand-written root field returns a node or reaches one, unless listed with a reason", () => {
    const deadEnds = handWritten.filter((key) => {
      const [root, field] = key.split(".") as [string, string];
      const type = (root === "Query" ? schema.getQueryType() : root === "Mutation" ? schema.getMutationType() : schema.getSubscriptionType())!.getFields()[field]!.type;
      return !reachesNode(getNamedType(type));
    });
    expect(deadEnds.sort()).toEqual(Object.keys(NO_NODE_BY_DESIGN).sort());
  });
});
