import neo4j from "neo4j-driver";
import { describe, expect, it } from "vitest";
import { schemaFactsOf } from "../../../src/app/schemaFacts.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { decodeCursor, encodeCursor, FIRST_CURSOR, nextCursor } from "../../../src/transfer/exportCursor.js";
import { exportedProperties } from "../../../src/transfer/exportLines.js";
import { planImport } from "../../../src/transfer/importLines.js";
import { decodeValue, encodeValue } from "../../../src/transfer/propertyCodec.js";
import { transferTenant } from "../../../src/transfer/transferAccess.js";
import { transferTypes } from "../../../src/transfer/transferTypes.js";
import { parse } from "graphql";

const types = schemaFactsOf(loadTypeDefs().document).transfer;

describe("transferTypes", () => {
  it("reads the @node labels and @relationship types of the SDL, and nothing of the gateway's bookkeeping", () => {
    expect(types.labels).toEqual(expect.arrayContaining(["Memory", "Message", "Person", "Org", "Belief", "Concept", "GameSession", "Turn"]));
    expect(types.labels).not.toContain("ApiKey");
    expect(types.relationshipTypes).toEqual(expect.arrayContaining(["WORKS_AT", "PREVIOUSLY", "EVOLVED_INTO", "HAS_TURN", "REMEMBERS"]));
    expect([...types.labels]).toEqual([...types.labels].sort());
  });

  it("refuses a type name that could not safely enter Cypher text", () => {
    const sdl = 'type A @node { id: ID! b: [A!]! @relationship(type: "X`]-() DETACH DELETE n //", direction: OUT) }';
    expect(() => transferTypes(parse(sdl))).toThrow(/unsafe/);
  });
});

describe("propertyCodec", () => {
  it("round-trips integers, floats (whole ones too), strings, lists and temporal values", () => {
    const values = [neo4j.int(42), 0.25, 1, "text", true, [neo4j.int(1), neo4j.int(2)], new neo4j.types.DateTime(2026, 2, 1, 10, 0, 0, 123000000, 0), new neo4j.types.Date(2026, 2, 1), new neo4j.types.LocalDateTime(2026, 2, 1, 10, 0, 0, 0)];
    for (const value of values) {
      const json = JSON.parse(JSON.stringify(encodeValue(value)));
      expect(String(decodeValue(json))).toBe(String(value));
      expect(encodeValue(decodeValue(json))).toEqual(encodeValue(value));
    }
    expect(encodeValue(1)).toEqual({ $float: 1 });
    expect(encodeValue(neo4j.int(1))).toBe(1);
  });

  it("keeps a date-time's zone", () => {
    const zoned = new neo4j.types.DateTime(2026, 2, 1, 10, 0, 0, 0, undefined, "Europe/Paris");
    expect(String(decodeValue(encodeValue(zoned)))).toBe(String(zoned));
  });

  it("refuses an object that is not one of its tags, and a malformed date", () => {
    expect(() => decodeValue({ $where: "x" })).toThrow(TypeError);
    expect(() => decodeValue({ $datetime: "yesterday" })).toThrow(TypeError);
  });
});

describe("exportedProperties", () => {
  it("leaves vectors and the worker's record out and marks the node PENDING, unless vectors are asked for", () => {
    const stored = { tenantId: "t", content: "x", embedding: [0.5, 0.25], embeddingKey: "k", embeddingModel: "m", embeddingStatus: "READY" };
    expect(exportedProperties(stored, false)).toEqual({ content: "x", embeddingStatus: "PENDING" });
    expect(exportedProperties(stored, true)).toEqual({ content: "x", embedding: [0.5, 0.25], embeddingKey: "k", embeddingModel: "m", embeddingStatus: "READY" });
    expect(Object.keys(exportedProperties({ b: "1", a: "2" }, false))).toEqual(["a", "b"]);
  });

  it("never exports the search keys' terms, which name the exporting tenant, and marks their node PENDING even with vectors", () => {
    const stored = { tenantId: "t", content: "x", keys: ["x"], keyTerms: ["tabc_x", "odef_x"], embedding: [0.5], embeddingKey: "k", embeddingStatus: "READY" };
    expect(exportedProperties(stored, true)).toEqual({ content: "x", keys: ["x"], embedding: [0.5], embeddingKey: "k", embeddingStatus: "PENDING" });
    expect(exportedProperties(stored, false)).toEqual({ content: "x", keys: ["x"], embeddingStatus: "PENDING" });
  });
});

describe("export cursor", () => {
  it("round-trips, and moves from a label's end to the next label, then to relationships, then ends", () => {
    const c = { phase: "nodes" as const, label: 1, after: "m-9" };
    expect(decodeCursor(encodeCursor(c), 3, "f")).toEqual(c);
    expect(nextCursor(c, 3, 5, 5, "m-14")).toEqual({ ...c, after: "m-14" });
    expect(nextCursor(c, 3, 2, 5, "m-11")).toEqual({ phase: "nodes", label: 2, after: null });
    expect(nextCursor({ ...c, label: 2 }, 3, 0, 5, null)).toEqual({ phase: "relationships", label: 0, after: null });
    expect(nextCursor({ phase: "relationships", label: 2, after: null }, 3, 1, 5, "x")).toBeNull();
    expect(FIRST_CURSOR).toEqual({ phase: "nodes", label: 0, after: null });
  });

  it("refuses a cursor it did not make with BAD_USER_INPUT naming the field", () => {
    for (const bad of ["nonsense", encodeCursor({ phase: "nodes", label: 99, after: null }), Buffer.from('["drop",0,null]').toString("base64url")]) {
      expect(() => decodeCursor(bad, 3, "exportTenantPage.cursor")).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ code: "BAD_USER_INPUT", field: "exportTenantPage.cursor" }) }));
    }
  });
});

describe("planImport", () => {
  const node = (label: string, id: string, properties: object = {}) => JSON.stringify({ kind: "node", label, labels: [label], id, properties });
  it("groups nodes by label and relationships by type and ends; facts are keyed by factId", () => {
    const plan = planImport(
      [
        { line: 2, text: node("Person", "p1", { name: "Frank", createdAt: { $datetime: "2026-01-01T00:00:00Z" } }) },
        { line: 3, text: node("Org", "o1") },
        { line: 4, text: JSON.stringify({ kind: "relationship", type: "WORKS_AT", from: { label: "Person", id: "p1" }, to: { label: "Org", id: "o1" }, properties: { factId: "f1", confidence: 0.9 } }) },
      ],
      types,
    );
    expect(plan.refused).toEqual([]);
    expect(plan.nodes.get("Person")!.rows[0]!.properties.createdAt).toBeInstanceOf(neo4j.types.DateTime);
    expect([...plan.relationships.values()]).toEqual([expect.objectContaining({ type: "WORKS_AT", from: "Person", to: "Org", keyed: true, rows: [expect.objectContaining({ line: 4, factId: "f1" })] })]);
  });

  it("refuses, by line number, what is not JSON, a label or type the SDL does not declare (injection attempts included) and a reserved property", () => {
    const plan = planImport(
      [
        { line: 2, text: "{oops" },
        { line: 3, text: node("ApiKey", "k1") },
        { line: 4, text: node("Person`) DETACH DELETE n //", "x") },
        { line: 5, text: JSON.stringify({ kind: "relationship", type: "WORKS_AT]->() DELETE n //", from: { label: "Person", id: "p" }, to: { label: "Org", id: "o" }, properties: {} }) },
        { line: 6, text: node("Person", "p2", { tenantId: "other" }) },
        { line: 7, text: JSON.stringify({ kind: "edge" }) },
        { line: 8, text: node("Person", "p3", { name: { $cypher: "x" } }) },
      ],
      types,
    );
    expect(plan.refused.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(plan.nodes.size + plan.relationships.size).toBe(0);
  });
});

describe("transferTenant", () => {
  const caller = (roles: ("agent" | "admin")[], operator = false) => ({ tenantId: "t1", agentId: "a", roles, operator });
  it("lets the tenant's admin transfer it and the operator any tenant", () => {
    expect(transferTenant(caller(["agent", "admin"]), undefined, "f", "export")).toBe("t1");
    expect(transferTenant(caller(["agent"], true), "t2", "f", "export")).toBe("t2");
  });

  it("refuses an agent, and an admin asking for another tenant, with FORBIDDEN and the rule", () => {
    expect(() => transferTenant(caller(["agent"]), undefined, "f", "export")).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ code: "FORBIDDEN", rule: "TENANT_ADMIN_ONLY" }) }));
    expect(() => transferTenant(caller(["agent", "admin"]), "t2", "f", "export")).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ code: "FORBIDDEN", rule: "OPERATOR_ONLY" }) }));
    expect(() => transferTenant(caller(["agent", "admin"]), "bad tenant!", "f", "export")).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ code: "BAD_USER_INPUT", field: "f" }) }));
  });
});
