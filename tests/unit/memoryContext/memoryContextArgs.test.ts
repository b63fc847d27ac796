import { describe, expect, it } from "vitest";
import { parseMemoryContextArgs } from "../../../src/memory/context/memoryContextArgs.js";
import { tagsForWords } from "../../../src/memory/context/topicTags.js";

const fails = (args: Parameters<typeof parseMemoryContextArgs>[0]) => {
  try {
    parseMemoryContextArgs(args);
  } catch (err) {
    const e = err as { message: string; extensions: { code: string; field: string } };
    return { code: e.extensions.code, field: e.extensions.field, message: e.message };
  }
  throw new Error("expected BAD_USER_INPUT");
};

describe("memoryContext arguments", () => {
  it("normalises participants and topic, and defaults the budget to 1000", () => {
    expect(parseMemoryContextArgs({ agentId: "kublai", participants: [" Mongke", "alice", "mongke"], topic: "  Queue\n load  " })).toEqual({
      agentId: "kublai",
      conversationId: null,
      participants: ["alice", "mongke"],
      topic: "Queue load",
      topicTerms: ["queue", "load"],
      tokenBudget: 1000,
      format: "CITED",
    });
  });

  it.each([49, 8001, -1, 0])("refuses tokenBudget %i, naming the field and the limits", (tokenBudget) => {
    const err = fails({ agentId: "kublai", tokenBudget });
    expect(err).toMatchObject({ code: "BAD_USER_INPUT", field: "memoryContext.tokenBudget" });
    expect(err.message).toContain("between 50 and 8000");
  });

  it("refuses a malformed agent id, too many participants and an overlong topic", () => {
    expect(fails({ agentId: "bad id" }).field).toBe("memoryContext.agentId");
    expect(fails({ agentId: "k", participants: Array.from({ length: 51 }, (_, i) => `p${i}`) }).field).toBe("memoryContext.participants");
    expect(fails({ agentId: "k", topic: "x".repeat(1001) }).field).toBe("memoryContext.topic");
    expect(fails({ agentId: "k", conversationId: "c".repeat(201) }).field).toBe("memoryContext.conversationId");
  });
});

describe("memoryContext's topic and format", () => {
  it("adds the topic tags a conversation's words mean: 'implement a function' matches the tag code", () => {
    const req = parseMemoryContextArgs({ agentId: "temujin", topic: "Can you implement a function for the deploy?" });
    expect(req.topicTerms).toEqual(expect.arrayContaining(["implement", "function", "deploy", "code", "operations"]));
    expect(tagsForWords(["hello", "world"])).toEqual([]);
  });

  it("format is CITED by default, COMPACT on request, and nothing else", () => {
    expect(parseMemoryContextArgs({ agentId: "a" }).format).toBe("CITED");
    expect(parseMemoryContextArgs({ agentId: "a", format: "COMPACT" }).format).toBe("COMPACT");
    expect(() => parseMemoryContextArgs({ agentId: "a", format: "FANCY" })).toThrow(/memoryContext.format must be one of CITED, COMPACT/);
  });
});
