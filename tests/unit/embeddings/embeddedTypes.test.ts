import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { embeddedTypes } from "../../../src/embeddings/embeddedTypes.js";
import { embeddingText } from "../../../src/embeddings/embeddingText.js";
import { migrationsFor } from "../../../src/app/migrations.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

describe("@embedded types", () => {
  it("are read off the SDL with their fields, and each gets a vector and a status index", () => {
    const { document } = loadTypeDefs();
    const types = embeddedTypes(document);
    expect(types).toContainEqual({ label: "Memory", fields: ["content"], contextBy: "conversationId" });
    expect(types).toContainEqual({ label: "Research", fields: ["topic", "findings"] });
    const names = migrationsFor(document).map((m) => m.name);
    for (const { label } of types) {
      expect(names).toContain(`${label.toLowerCase()}_embedding`);
      expect(names).toContain(`${label.toLowerCase()}_embedding_status`);
    }
    expect(names).toContain("memory_context_embedding");
  });

  it("refuse a field that is not a String field of the type, or a type without embeddingStatus", () => {
    const sdl = (directive: string, extra = "embeddingStatus: String") =>
      parse(`type Note @node ${directive} { id: ID! text: String! count: Int ${extra} }`);
    expect(() => embeddedTypes(sdl('@embedded(from: ["count"])'))).toThrow(/not a String field/);
    expect(() => embeddedTypes(sdl('@embedded(from: ["missing"])'))).toThrow(/not a String field/);
    expect(() => embeddedTypes(sdl('@embedded(from: ["text"])', ""))).toThrow(/no embeddingStatus/);
    expect(embeddedTypes(sdl('@embedded(from: ["text"])'))).toEqual([{ label: "Note", fields: ["text"] }]);
  });

  it("embed the non-empty fields joined by new lines", () => {
    expect(embeddingText(["Title", null, "  ", "Body"])).toBe("Title\nBody");
    expect(embeddingText([null])).toBe("");
  });
});
