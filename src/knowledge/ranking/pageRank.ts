import pagerankModule from "graphology-metrics/centrality/pagerank.js";
import { cjsDefault } from "./cjsDefault.js";
import { graphOf, type Link } from "./graphOf.js";

const pagerank = cjsDefault(pagerankModule);

export interface PageRankOptions {
  /** Damping: the chance a walker follows a link rather than jumping anywhere. */
  alpha: number;
  maxIterations: number;
  /** Converged when the summed change of one iteration is below nodes × tolerance. */
  tolerance: number;
}

export const DEFAULT_PAGERANK: PageRankOptions = { alpha: 0.85, maxIterations: 200, tolerance: 1e-9 };

/**
 * PageRank of every node (graphology-metrics): relationships are followed in
 * their direction (research → the concept it discovered, contributions → the
 * synthesis), weighted by how many link the same pair; a node with no way out
 * spreads its rank over all nodes. Scores sum to 1. Pure.
 */
export function pageRanks(nodes: readonly string[], links: readonly Link[], options: PageRankOptions = DEFAULT_PAGERANK): Map<string, number> {
  if (nodes.length === 0) return new Map();
  const scores = pagerank(graphOf(nodes, links, "directed"), { getEdgeWeight: "weight", ...options });
  return new Map(Object.entries(scores));
}
