import { Kind, type ObjectTypeDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { subjectAgent, knowledgeTypes } from "../../../src/knowledge/knowledgeArgs.js";
import { KNOWLEDGE_LABELS } from "../../../src/knowledge/knowledgeTypes.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

describe("KNOWLEDGE_LABELS", () => {
  it("is exactly the node types of the SDL that implement Knowledge", () => {
    const implementers = loadTypeDefs()
      .document.definitions.filter((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION)
      .filter((d) => d.interfaces?.some((i) => i.name.value === "Knowledge"))
      .map((d) => d.name.value);
    expect([...KNOWLEDGE_LABELS].sort()).toEqual(implementers.sort());
  });
});

describe("knowledge arguments", () => {
  const agent = { tenantId: "t", agentId: "kublai", roles: ["agent" as const] };
  const admin = { tenantId: "t", agentId: "root", roles: ["admin" as const] };

  it("takes the caller by default, itself, or anyone for an admin", () => {
    expect(subjectAgent("f.agentId", null, agent)).toBe("kublai");
    expect(subjectAgent("f.agentId", "kublai", agent)).toBe("kublai");
    expect(subjectAgent("f.agentId", "mongke", admin)).toBe("mongke");
  });

  it("refuses another agent for a non-admin (FORBIDDEN) and a malformed id (BAD_USER_INPUT naming the field)", () => {
    expect(() => subjectAgent("f.agentId", "mongke", agent)).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ code: "FORBIDDEN" }) }));
    expect(() => subjectAgent("f.agentId", "bad id!", agent)).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ code: "BAD_USER_INPUT", field: "f.agentId" }) }),
    );
  });

  it("accepts Knowledge type names only, naming the offending item", () => {
    expect(knowledgeTypes("f.types", ["Research", "Synthesis"])).toEqual(["Research", "Synthesis"]);
    expect(knowledgeTypes("f.types", undefined)).toBeNull();
    expect(() => knowledgeTypes("f.types", ["Research", "Memory) DETACH DELETE (x"])).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ code: "BAD_USER_INPUT", field: "f.types[1]" }) }),
    );
  });
});
