import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { retrieveContextEndUser } from "../../../src/server/limits/endUser.js";

describe("retrieveContextEndUser", () => {
  const messages = [{ authorId: "u-alice", content: "hi" }, { authorId: "u-bob", content: "who knows Rust?" }];

  it("is the author of the last message, from variables or inline, under an alias too", () => {
    const byVariable = parse(`mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { facts } }`);
    expect(retrieveContextEndUser(byVariable, undefined, { input: { messages } })).toBe("u-bob");
    const inline = parse(`mutation { r: retrieveContext(input: { messages: [{ authorId: "u-1", content: "a" }, { authorId: "u-2", content: "b" }] }) { facts } }`);
    expect(retrieveContextEndUser(inline, undefined, {})).toBe("u-2");
    const nested = parse(`mutation ($last: String) { retrieveContext(input: { messages: [{ authorId: $last, content: "b" }] }) { facts } }`);
    expect(retrieveContextEndUser(nested, undefined, { last: "u-9" })).toBe("u-9");
  });

  it("is null when the last message names no author or the operation does not retrieve", () => {
    const doc = parse(`mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { facts } }`);
    expect(retrieveContextEndUser(doc, undefined, { input: { messages: [{ authorId: "u-1", content: "a" }, { content: "b" }] } })).toBeNull();
    expect(retrieveContextEndUser(doc, undefined, { input: { messages: [] } })).toBeNull();
    expect(retrieveContextEndUser(parse(`{ searchMemories(input: { query: "x" }) { tookMs } }`), undefined, {})).toBeNull();
  });
});
