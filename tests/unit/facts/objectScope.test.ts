import { describe, expect, it } from "vitest";
import { objectScope } from "../../../src/facts/objectScope.js";

describe("objectScope: a fact's object is read by exactly the fact's readers", () => {
  it("a fact about a SHARED person: objects must be SHARED, a new one is SHARED", () => {
    expect(objectScope({ ownerId: "alice", visibility: "SHARED", sharedWith: ["bob"] }, "alice")).toEqual({ key: "SHARED", visibility: "SHARED", readers: null, sharedWith: [] });
  });

  it("a fact about the caller's PRIVATE person: a new object is private to the caller", () => {
    expect(objectScope({ ownerId: "alice", visibility: "PRIVATE", sharedWith: [] }, "alice")).toEqual({ key: "PRIVATE:alice", visibility: "PRIVATE", readers: ["alice"], sharedWith: [] });
  });

  it("a private person shared with others: the new object is shared with the same agents, and the key does not depend on their order", () => {
    const a = objectScope({ ownerId: "alice", visibility: "PRIVATE", sharedWith: ["carol", "bob", "bob"] }, "alice");
    const b = objectScope({ ownerId: "alice", visibility: "PRIVATE", sharedWith: ["bob", "carol"] }, "alice");
    expect(a).toEqual({ key: "PRIVATE:alice,bob,carol", visibility: "PRIVATE", readers: ["alice", "bob", "carol"], sharedWith: ["bob", "carol"] });
    expect(b.key).toBe(a.key);
  });

  it("asserted by an agent the person is shared with, or by an admin: the object is shared with the person's owner", () => {
    expect(objectScope({ ownerId: "alice", visibility: "PRIVATE", sharedWith: ["bob"] }, "bob").sharedWith).toEqual(["alice"]);
    expect(objectScope({ ownerId: "alice", visibility: "PRIVATE", sharedWith: [] }, "root").sharedWith).toEqual(["alice"]);
  });
});
