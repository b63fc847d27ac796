import { Kind, type EnumTypeDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

/** The explorer's page is plain browser JavaScript: its module is loaded as the browser loads it, untyped. */
const page = "../../../src/server/memoryExplorer/page/agentNeighbourhood.js";

describe("the memory explorer's memory types", () => {
  it("are exactly the SDL's MemoryType values: an agent's neighbourhood is read type by type, so a type missing from the page would never be drawn", async () => {
    const { MEMORY_TYPES } = (await import(page)) as { MEMORY_TYPES: string[] };
    const memoryType = loadTypeDefs().document.definitions.find(
      (d): d is EnumTypeDefinitionNode => d.kind === Kind.ENUM_TYPE_DEFINITION && d.name.value === "MemoryType",
    );
    expect(memoryType).toBeDefined();
    expect([...MEMORY_TYPES].sort()).toEqual(memoryType!.values!.map((v) => v.name.value).sort());
  });
});
