import { describe, expect, it } from "vitest";
import { keyTerms, MAX_SEARCH_TERMS, ownerScope, searchTerms, tenantScope } from "../../../src/embeddings/keyTerms.js";

describe("keyTerms", () => {
  it("puts each key under the node's tenant and under its owner, as single whitespace-free tokens", () => {
    const terms = keyTerms(["painting", "gallery"], "acme", "agent one");
    const t = tenantScope("acme");
    const o = ownerScope("acme", "agent one");
    expect(terms).toEqual([`${t}_painting`, `${t}_gallery`, `${o}_painting`, `${o}_gallery`]);
    for (const term of terms) expect(term).toMatch(/^[a-z0-9_]+$/);
  });

  it("gives a node without an owner its tenant's terms only", () => {
    expect(keyTerms(["rex"], "acme", null)).toEqual([`${tenantScope("acme")}_rex`]);
  });

  it("keeps scopes apart: another tenant, or the same owner id in another tenant, is another scope", () => {
    expect(tenantScope("acme")).not.toBe(tenantScope("globex"));
    expect(ownerScope("acme", "a1")).not.toBe(ownerScope("globex", "a1"));
    expect(ownerScope("acme", "a1")).not.toBe(ownerScope("acme", "a2"));
    // The separator keeps ("ab", "c") and ("a", "bc") apart.
    expect(ownerScope("ab", "c")).not.toBe(ownerScope("a", "bc"));
  });
});

describe("searchTerms", () => {
  it("reads the keys under each agent a search names, matching what keyTerms stored for their nodes", () => {
    const stored = keyTerms(["rex"], "acme", "a1");
    expect(searchTerms(["rex"], "acme", ["a1"])).toEqual([stored[1]]);
    expect(searchTerms(["rex", "dog"], "acme", ["a1", "a2"])).toHaveLength(4);
  });

  it("reads under the tenant when the search names no agent", () => {
    expect(searchTerms(["rex"], "acme", null)).toEqual([keyTerms(["rex"], "acme", "a1")[0]]);
    expect(searchTerms(["rex"], "acme", [])).toEqual([`${tenantScope("acme")}_rex`]);
  });

  it("stays under Lucene's clause limit: too many agents fall back to the tenant, too many keys are cut", () => {
    const keys = Array.from({ length: 300 }, (_, i) => `k${i}`);
    const agents = ["a1", "a2", "a3", "a4"];
    expect(searchTerms(keys, "acme", agents)).toEqual(keys.map((k) => `${tenantScope("acme")}_${k}`));
    const many = Array.from({ length: MAX_SEARCH_TERMS + 50 }, (_, i) => `k${i}`);
    expect(searchTerms(many, "acme", null)).toHaveLength(MAX_SEARCH_TERMS);
  });
});
