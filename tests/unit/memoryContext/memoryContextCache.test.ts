import { describe, expect, it } from "vitest";
import { createMemoryContextCache, MEMORY_CONTEXT_TTL_MS } from "../../../src/memory/context/memoryContextCache.js";

function setup() {
  let now = 1_000_000;
  const cache = createMemoryContextCache<{ text: string }>({ clock: () => now });
  const put = (key: string, agent = "kublai", tenant = "t1") => cache.set(key, { text: key }, cache.stamp(tenant, agent));
  return { cache, put, advance: (ms: number) => (now += ms) };
}

describe("memory-context cache", () => {
  it("serves an entry until 5 minutes have passed on the injected clock, not after", () => {
    const { cache, put, advance } = setup();
    put("k");
    advance(MEMORY_CONTEXT_TTL_MS - 1);
    expect(cache.get("k", "t1", "kublai")).toEqual({ text: "k" });
    advance(2);
    expect(cache.get("k", "t1", "kublai")).toBeUndefined();
  });

  it("invalidating an agent drops its entries and keeps other agents'", () => {
    const { cache, put } = setup();
    put("k-kublai", "kublai");
    put("k-mongke", "mongke");
    cache.invalidateAgent("t1", "kublai");
    expect(cache.get("k-kublai", "t1", "kublai")).toBeUndefined();
    expect(cache.get("k-mongke", "t1", "mongke")).toEqual({ text: "k-mongke" });
  });

  it("invalidating a tenant drops every agent's entries in it, and no other tenant's", () => {
    const { cache, put } = setup();
    put("a", "kublai", "t1");
    put("b", "mongke", "t1");
    put("c", "kublai", "t2");
    cache.invalidateTenant("t1");
    expect(cache.get("a", "t1", "kublai")).toBeUndefined();
    expect(cache.get("b", "t1", "mongke")).toBeUndefined();
    expect(cache.get("c", "t2", "kublai")).toEqual({ text: "c" });
  });

  it("a value computed while a write committed is never served: its stamp predates the write", () => {
    const { cache } = setup();
    const stamp = cache.stamp("t1", "kublai");
    cache.invalidateAgent("t1", "kublai");
    cache.set("k", { text: "read before the write" }, stamp);
    expect(cache.get("k", "t1", "kublai")).toBeUndefined();
  });

  it("after an invalidation, a value stamped afterwards is cached again", () => {
    const { cache, put } = setup();
    cache.invalidateAgent("t1", "kublai");
    put("k");
    expect(cache.get("k", "t1", "kublai")).toEqual({ text: "k" });
  });

  it("agent and tenant names cannot collide into one generation key", () => {
    const { cache, put } = setup();
    put("k", "b", "a:");
    cache.invalidateAgent("a", ":b");
    expect(cache.get("k", "a:", "b")).toEqual({ text: "k" });
  });

  it("invalidateAll makes every tenant's entries stale, and one computed across it too (missed invalidations from other gateways)", () => {
    const { cache, put } = setup();
    put("a", "kublai", "t1");
    put("b", "mongke", "t2");
    const stamp = cache.stamp("t1", "kublai");
    cache.invalidateAll();
    cache.set("c", { text: "read before" }, stamp);
    expect(cache.get("a", "t1", "kublai")).toBeUndefined();
    expect(cache.get("b", "t2", "mongke")).toBeUndefined();
    expect(cache.get("c", "t1", "kublai")).toBeUndefined();
    put("d", "kublai", "t1");
    expect(cache.get("d", "t1", "kublai")).toEqual({ text: "d" });
  });
});
