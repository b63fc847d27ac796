/**
 * What @neo4j/graphql 7.6 itself does with access on @cypher fields, proven
 * against the real Neo4j with two fields that deliberately leave the READ rule
 * out of their statements (added to the served SDL for this test only):
 *
 * - a field returning a node type gets that type's @authorization READ filter
 *   applied to what the statement returns, but only after the statement ran,
 *   so a LIMIT inside it counts nodes the caller may not read;
 * - a field returning a type that is not a node (a map, like PersonFact) is
 *   returned as the statement made it: nothing filters it.
 *
 * Hence the house rule the SDL follows: every @cypher statement applies
 * `visibleToCaller` to each node it reads (src/schema/expandCypherFields.ts).
 */
import { randomUUID } from "node:crypto";
import { graphql, parse, type GraphQLSchema } from "graphql";
import type { Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { jwtOf } from "../../../src/auth/claims.js";
import type { Caller } from "../../../src/core/caller.js";
import { knowledgeLabels } from "../../../src/core/schemaFacts.js";
import { createOutboxSequencer } from "../../../src/feed/index.js";
import { createDriver } from "../../../src/graph/driver.js";
import { createLogger } from "../../../src/logging/logger.js";
import { buildSchema, schemaContext, type SchemaBinding } from "../../../src/schema/buildSchema.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

const UNFILTERED = `
extend type Agent {
  "No READ rule in the statement, and a LIMIT: the newest memory first."
  unfilteredMemories(limit: Int = 10): [Memory!]!
    @cypher(columnName: "m", statement: "MATCH (this)-[:REMEMBERS]->(m:Memory) WITH m ORDER BY m.occurredAt DESC LIMIT $limit RETURN m")
  "No READ rule, and not a node type: a map per memory."
  unfilteredMemoryMaps: [MemoryMap!]!
    @cypher(columnName: "m", statement: "MATCH (this)-[:REMEMBERS]->(m:Memory) WITH m ORDER BY m.occurredAt DESC RETURN m { .content } AS m")
}
type MemoryMap { content: String! }
`;

const run = randomUUID().slice(0, 8);
const tenant = `cylib-${run}`;
const owner: Caller = { tenantId: tenant, agentId: `owner-${run}`, roles: ["agent"] };
const other: Caller = { tenantId: tenant, agentId: `other-${run}`, roles: ["agent"] };
let driver: Driver;
let schema: GraphQLSchema;
let binding: SchemaBinding;

const ask = async (caller: Caller, selection: string) => {
  const res = await graphql({
    schema,
    source: `query ($id: ID!) { agents(where: { id: { eq: $id } }) { ${selection} } }`,
    variableValues: { id: owner.agentId },
    contextValue: { ...schemaContext(binding), requestId: run, caller, jwt: jwtOf(caller), logger: createLogger({ logLevel: "silent" }), sessionConfig: { database: "neo4j" } },
  });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return (res.data as any).agents[0];
};

beforeAll(async () => {
  driver = createDriver(inject("neo4j"));
  const { source } = loadTypeDefs();
  const document = parse(`${source}\n${UNFILTERED}`);
  ({ schema, binding } = await buildSchema({ driver, database: "neo4j", document, knowledgeLabels: knowledgeLabels(document), outbox: createOutboxSequencer({ driver, database: "neo4j", logger: createLogger({ logLevel: "silent" }), sweepMs: 0 }) }));
  // The owner's agent (SHARED) remembers an older SHARED memory and a newer PRIVATE one.
  await driver.executeQuery(
    `CREATE (a:Agent {tenantId: $tenant, ownerId: $owner, id: $owner, visibility: 'SHARED', sharedWith: [], name: 'owner', role: 'r', state: 'IDLE'})
     CREATE (a)-[:REMEMBERS]->(:Memory {tenantId: $tenant, ownerId: $owner, id: $run + '-old', visibility: 'SHARED', sharedWith: [], type: 'OBSERVATION', content: 'older shared', occurredAt: datetime('2026-01-01T00:00:00Z')})
     CREATE (a)-[:REMEMBERS]->(:Memory {tenantId: $tenant, ownerId: $owner, id: $run + '-new', visibility: 'PRIVATE', sharedWith: [], type: 'OBSERVATION', content: 'newer private', occurredAt: datetime('2026-01-02T00:00:00Z')})`,
    { tenant, owner: owner.agentId, run },
  );
});

afterAll(async () => {
  await driver?.executeQuery("MATCH (n {tenantId: $tenant}) DETACH DELETE n", { tenant });
  await driver?.close();
});

describe("@neo4j/graphql 7.6 and access on @cypher fields", () => {
  it("filters a node-typed result by the node type's @authorization READ rule", async () => {
    expect((await ask(owner, "unfilteredMemories { content }")).unfilteredMemories.map((m: any) => m.content)).toEqual(["newer private", "older shared"]);
    expect((await ask(other, "unfilteredMemories { content }")).unfilteredMemories.map((m: any) => m.content)).toEqual(["older shared"]);
  });

  it("filters after the statement ran: a LIMIT in the statement counts the nodes the caller may not read", async () => {
    expect((await ask(other, "unfilteredMemories(limit: 1) { content }")).unfilteredMemories).toEqual([]);
  });

  it("does not filter a result that is not a node type: the private memory's content reaches another agent", async () => {
    expect((await ask(other, "unfilteredMemoryMaps { content }")).unfilteredMemoryMaps.map((m: any) => m.content)).toEqual(["newer private", "older shared"]);
  });

  it("the served field with the READ rule in its statement counts readable memories only (Agent.recentMemories)", async () => {
    expect((await ask(other, "recentMemories(limit: 1) { content }")).recentMemories.map((m: any) => m.content)).toEqual(["older shared"]);
  });
});
