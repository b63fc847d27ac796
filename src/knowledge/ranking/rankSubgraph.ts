import { communities } from "./communities.js";
import type { Link } from "./graphOf.js";
import { pageRanks } from "./pageRank.js";

export interface RankedNode {
  id: string;
  pageRank: number;
  /** Index of its community in `groups` (0: the largest). */
  community: number;
}

export interface RankedSubgraph {
  /** Every node, highest PageRank first (ties by id). */
  ranked: RankedNode[];
  /** Community members, largest community first, each highest PageRank first. */
  groups: RankedNode[][];
  modularity: number;
}

/** PageRank and Louvain communities of one subgraph, put together. Pure. */
export function rankSubgraph(nodes: readonly string[], links: readonly Link[]): RankedSubgraph {
  const scores = pageRanks(nodes, links);
  const found = communities(nodes, links);
  const communityOf = new Map(found.groups.flatMap((members, c) => members.map((id) => [id, c] as const)));
  const byRank = (a: RankedNode, b: RankedNode) => b.pageRank - a.pageRank || a.id.localeCompare(b.id);
  const ranked = nodes.map((id) => ({ id, pageRank: scores.get(id) ?? 0, community: communityOf.get(id) ?? 0 })).sort(byRank);
  const groups = found.groups.map(() => [] as RankedNode[]);
  for (const node of ranked) groups[node.community]!.push(node);
  return { ranked, groups, modularity: found.modularity };
}

/** The `max` domains members carry most, most frequent first (ties alphabetical). Pure. */
export function topDomains(domainLists: readonly (readonly string[])[], max = 5): string[] {
  const counts = new Map<string, number>();
  for (const domains of domainLists) for (const d of new Set(domains)) counts.set(d, (counts.get(d) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, max).map(([d]) => d);
}
