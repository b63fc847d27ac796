import { describe, expect, it } from "vitest";
import { communities } from "../../../src/knowledge/ranking/communities.js";
import { rankSubgraph, topDomains } from "../../../src/knowledge/ranking/rankSubgraph.js";

const clique = (ids: string[]) => ids.flatMap((a, i) => ids.slice(i + 1).map((b) => ({ source: a, target: b })));
const A = ["a1", "a2", "a3", "a4"];
const B = ["b1", "b2", "b3", "b4"];
const BRIDGE = { source: "a1", target: "b1" };

describe("communities (Louvain)", () => {
  it("finds two 4-cliques joined by one edge, with modularity 2·(6/13 − (13/26)²)", () => {
    const found = communities([...A, ...B], [...clique(A), ...clique(B), BRIDGE]);
    expect(found.groups).toEqual([A, B]);
    expect(found.modularity).toBeCloseTo(2 * (6 / 13 - 0.25), 9);
  });

  it("gives the same communities on every call (seeded) and whatever the direction of the links", () => {
    const reversed = [...clique(B), ...clique(A), BRIDGE].map(({ source, target }) => ({ source: target, target: source }));
    for (let i = 0; i < 3; i++) expect(communities([...A, ...B], reversed).groups).toEqual([A, B]);
  });

  it("puts the larger community first and leaves an isolated node alone", () => {
    const found = communities(["lonely", ...B, "c1", "c2", "c3"], [...clique(["c1", "c2", "c3"]), ...clique(B)]);
    expect(found.groups).toEqual([B, ["c1", "c2", "c3"], ["lonely"]]);
  });

  it("is empty for no nodes", () => {
    expect(communities([], [])).toEqual({ groups: [], modularity: 0 });
  });
});

describe("rankSubgraph", () => {
  it("orders every node by PageRank and files it under its community, members most central first", () => {
    // a1 is the only node linking across, and every link points into a1's clique or at a1.
    const links = [...clique(A), ...clique(B), { source: "b1", target: "a1" }];
    const ranked = rankSubgraph([...A, ...B], links);
    expect(ranked.ranked).toHaveLength(8);
    expect(ranked.ranked.map((r) => r.pageRank)).toEqual([...ranked.ranked.map((r) => r.pageRank)].sort((x, y) => y - x));
    expect(ranked.groups.map((g) => g.map((n) => n.id).sort())).toEqual([A, B]);
    for (const [c, group] of ranked.groups.entries()) for (const n of group) expect(n.community).toBe(c);
    // a4 receives from a1, a2, a3 and passes nothing on: the sink of the directed clique.
    expect(ranked.ranked[0]!.id).toBe("a4");
  });
});

describe("topDomains", () => {
  it("counts each domain once per member, most frequent first, ties alphabetical, at most max", () => {
    expect(topDomains([["ops", "ops", "ai"], ["ai"], ["z", "b"]], 3)).toEqual(["ai", "b", "ops"]);
  });
});
