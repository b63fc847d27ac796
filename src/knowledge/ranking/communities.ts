import louvainModule from "graphology-communities-louvain";
import { cjsDefault } from "./cjsDefault.js";
import { graphOf, type Link } from "./graphOf.js";
import { seededRandom } from "./seededRandom.js";

const louvain = cjsDefault(louvainModule);

export interface Communities {
  /** Members of each community, largest community first, members in input order. */
  groups: string[][];
  modularity: number;
}

/**
 * Louvain communities (graphology-communities-louvain) of the subgraph with
 * its relationships undirected and weighted by how many link the same pair.
 * Seeded, so the same subgraph gives the same communities. Communities are
 * numbered largest first; ties by their first member's position in `nodes`.
 * Pure.
 */
export function communities(nodes: readonly string[], links: readonly Link[], resolution = 1, seed = 42): Communities {
  if (nodes.length === 0) return { groups: [], modularity: 0 };
  const graph = graphOf(nodes, links, "undirected");
  const detailed = louvain.detailed(graph, { getEdgeWeight: "weight", resolution, rng: seededRandom(seed) });
  const byCommunity = new Map<number, string[]>();
  for (const id of nodes) {
    const c = detailed.communities[id]!;
    const members = byCommunity.get(c) ?? [];
    members.push(id);
    byCommunity.set(c, members);
  }
  const first = (g: string[]) => nodes.indexOf(g[0]!);
  const groups = [...byCommunity.values()].sort((a, b) => b.length - a.length || first(a) - first(b));
  return { groups, modularity: graph.size === 0 ? 0 : detailed.modularity };
}
