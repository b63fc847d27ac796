import neo4j from "neo4j-driver";
import { describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { outOfScope } from "../../../src/cypherTool/outOfScope.js";

const labels = new Set(["Person", "Memory"]);
const alice: Caller = { tenantId: "t1", agentId: "alice", roles: ["agent"] };
const admin: Caller = { tenantId: "t1", agentId: "boss", roles: ["agent", "admin"] };
const node = (id: string, nodeLabels: string[], props: Record<string, unknown>) => new neo4j.types.Node(neo4j.int(0), nodeLabels, props, id);
const owned = (tenantId: string, ownerId: string, visibility = "PRIVATE", sharedWith: string[] = []) => ({ tenantId, ownerId, visibility, sharedWith });

describe("outOfScope: the result gate of a tenant's agent's query", () => {
  const mine = node("e1", ["Person"], owned("t1", "alice"));
  const shared = node("e2", ["Memory"], owned("t1", "bob", "SHARED"));
  const sharedWithMe = node("e3", ["Memory"], owned("t1", "bob", "PRIVATE", ["alice"]));
  const bobs = node("e4", ["Memory"], owned("t1", "bob"));
  const foreign = node("e5", ["Person"], owned("t2", "alice", "SHARED"));
  const internal = node("e6", ["ApiKey"], owned("t1", "alice", "SHARED"));

  it("passes what the READ rule lets the caller read, anywhere in a value", () => {
    expect(outOfScope([mine, { a: shared, b: [sharedWithMe] }, 3, "x", null], alice, labels)).toBeNull();
  });

  it("names the first node the caller may not read: another agent's private one, another tenant's, a label outside the model", () => {
    expect(outOfScope({ rows: [mine, bobs] }, alice, labels)).toBe("e4");
    expect(outOfScope([foreign], alice, labels)).toBe("e5");
    expect(outOfScope(internal, alice, labels)).toBe("e6");
  });

  it("an admin reads every node of its tenant, and still none of another", () => {
    expect(outOfScope([bobs, mine], admin, labels)).toBeNull();
    expect(outOfScope([foreign], admin, labels)).toBe("e5");
  });

  it("reads a path's nodes", () => {
    const rel = new neo4j.types.Relationship(neo4j.int(9), neo4j.int(0), neo4j.int(0), "CLOSE_TO", {}, "r1", "e1", "e5");
    const path = new neo4j.types.Path(mine, foreign, [new neo4j.types.PathSegment(mine, rel, foreign)]);
    expect(outOfScope(path, alice, labels)).toBe("e5");
  });
});
