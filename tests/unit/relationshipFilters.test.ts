import type { GraphQLInputType, GraphQLSchema } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { loadGeneratedSchema } from "../../scripts/generatedSchema.js";
import type { Caller } from "../../src/core/caller.js";
import { createFilterGuard } from "../../src/auth/relationshipFilters.js";
import { ForbiddenError } from "../../src/errors/errors.js";

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await loadGeneratedSchema();
}, 60_000);

const agent: Caller = { tenantId: "t1", agentId: "b", roles: ["agent"] };
const admin: Caller = { tenantId: "t1", agentId: "d", roles: ["agent", "admin"] };
const readable = {
  tenantId: { eq: "t1" },
  OR: [{ ownerId: { eq: "b" } }, { visibility: { eq: "SHARED" } }, { sharedWith: { includes: "b" } }],
};
const where = (type: string) => schema.getType(type) as GraphQLInputType;

describe("createFilterGuard", () => {
  it("limits some, single and none of a relationship filter to nodes the caller may read", () => {
    const secure = createFilterGuard(schema, agent).secure;
    const probe = { content: { startsWith: "a" } };
    expect(secure({ id: { eq: "x" }, memories: { some: probe, none: probe } }, where("AgentWhere"))).toEqual({
      id: { eq: "x" },
      memories: { some: { AND: [probe, readable] }, none: { AND: [probe, readable] } },
    });
  });

  it("reads `all` as 'all readable ones match'", () => {
    const secure = createFilterGuard(schema, agent).secure;
    const probe = { importance: { gt: 0.5 } };
    expect(secure({ memories: { all: probe } }, where("AgentWhere"))).toEqual({ memories: { all: { OR: [probe, { NOT: readable }] } } });
  });

  it("secures connection filters on their node, and nested filters at every depth, AND/OR/NOT included", () => {
    const secure = createFilterGuard(schema, agent).secure;
    const inner = { relatedAgents: { some: { name: { eq: "Kublai" } } } };
    const secured = secure({ OR: [{ memoriesConnection: { some: { node: inner } } }] }, where("AgentWhere")) as any;
    const some = secured.OR[0].memoriesConnection.some;
    expect(some.AND[1]).toEqual({ node: readable });
    expect(some.AND[0].node.relatedAgents.some).toEqual({ AND: [{ name: { eq: "Kublai" } }, readable] });
  });

  it("refuses counts of related nodes in filters to non-admins, and lets admins count within their tenant", () => {
    const count = { memoriesConnection: { aggregate: { count: { nodes: { gt: 0 } } } } };
    expect(() => createFilterGuard(schema, agent).secure(count, where("AgentWhere"))).toThrowError(ForbiddenError);
    expect(createFilterGuard(schema, admin).secure(count, where("AgentWhere"))).toEqual(count);
  });

  it("gives admins the tenant as their only limit", () => {
    const secured = createFilterGuard(schema, admin).secure({ memories: { some: { type: { eq: "INSIGHT" } } } }, where("AgentWhere"));
    expect(secured).toEqual({ memories: { some: { AND: [{ type: { eq: "INSIGHT" } }, { tenantId: { eq: "t1" } }] } } });
  });

  it("leaves filters on the node's own fields alone, and secures filters inside mutation inputs too", () => {
    const secure = createFilterGuard(schema, agent).secure;
    expect(secure({ content: { contains: "x" }, tags: { includes: "y" } }, where("MemoryWhere"))).toEqual({ content: { contains: "x" }, tags: { includes: "y" } });
    const connect = { where: { node: { id: { eq: "a" }, memories: { some: { id: { eq: "m" } } } } } };
    const secured = secure(connect, where("MemoryAgentConnectFieldInput")) as any;
    expect(secured.where.node.memories.some).toEqual({ AND: [{ id: { eq: "m" } }, readable] });
  });
});
