import { DirectedGraph, UndirectedGraph } from "graphology";

/** A directed relationship between two nodes of the subgraph. */
export interface Link {
  source: string;
  target: string;
}

/**
 * The subgraph as a graphology graph: `directed`, or undirected for community
 * detection. Parallel relationships (and, undirected, the two directions)
 * fold into one edge whose `weight` counts them; self-loops and links to
 * nodes outside the subgraph are dropped. Pure.
 */
export function graphOf(nodes: readonly string[], links: readonly Link[], type: "directed" | "undirected"): DirectedGraph | UndirectedGraph {
  const options = { multi: false, allowSelfLoops: false };
  const graph = type === "directed" ? new DirectedGraph(options) : new UndirectedGraph(options);
  for (const id of nodes) graph.mergeNode(id);
  for (const { source, target } of links) {
    if (source === target || !graph.hasNode(source) || !graph.hasNode(target)) continue;
    graph.updateEdge(source, target, (attr: Record<string, unknown>) => ({ ...attr, weight: ((attr.weight as number | undefined) ?? 0) + 1 }));
  }
  return graph;
}
