import { describe, expect, it } from "vitest";
import { pageRanks } from "../../../src/knowledge/ranking/pageRank.js";

describe("pageRanks", () => {
  it("gives the textbook values of A→B, A→C, B→C, C→A with damping 0.85", () => {
    // Solving PR = 0.15/3 + 0.85·(inflow) by hand: A 0.38779, B 0.21481, C 0.39740.
    const ranks = pageRanks(["A", "B", "C"], [
      { source: "A", target: "B" },
      { source: "A", target: "C" },
      { source: "B", target: "C" },
      { source: "C", target: "A" },
    ]);
    expect(ranks.get("A")).toBeCloseTo(0.38779, 4);
    expect(ranks.get("B")).toBeCloseTo(0.21481, 4);
    expect(ranks.get("C")).toBeCloseTo(0.3974, 4);
  });

  it("spreads a node with no way out over all nodes, so a star's centre gets 0.15/4 + 0.85·(3/4 + 1/4·…)", () => {
    // Leaves l1..l3 → hub; the hub dangles. By symmetry each leaf has x, the hub 1 - 3x,
    // and x = 0.15/4 + 0.85·(1 - 3x)/4, so x = 0.25 / 1.6375.
    const ranks = pageRanks(["hub", "l1", "l2", "l3"], ["l1", "l2", "l3"].map((l) => ({ source: l, target: "hub" })));
    const leaf = 0.25 / 1.6375;
    expect(ranks.get("l1")).toBeCloseTo(leaf, 6);
    expect(ranks.get("hub")).toBeCloseTo(1 - 3 * leaf, 6);
  });

  it("sums to 1, folds parallel relationships into a weight, ignores self-loops and links leaving the node set", () => {
    const once = pageRanks(["a", "b", "c"], [{ source: "a", target: "b" }, { source: "a", target: "c" }]);
    const twice = pageRanks(["a", "b", "c"], [
      { source: "a", target: "b" },
      { source: "a", target: "b" },
      { source: "a", target: "c" },
      { source: "a", target: "a" },
      { source: "a", target: "outside" },
    ]);
    expect([...twice.values()].reduce((s, x) => s + x, 0)).toBeCloseTo(1, 9);
    expect(twice.get("b")!).toBeGreaterThan(twice.get("c")!);
    expect(once.get("b")).toBeCloseTo(once.get("c")!, 12);
    expect(twice.has("outside")).toBe(false);
  });

  it("is empty for no nodes, and uniform for nodes without links", () => {
    expect(pageRanks([], []).size).toBe(0);
    const ranks = pageRanks(["x", "y"], []);
    expect(ranks.get("x")).toBeCloseTo(0.5, 9);
  });
});
