// What each kind of node looks like. One table: the legend, the filters and
// Cytoscape's stylesheet are all read from it.

export const KINDS = {
  agent: { title: "Agent", color: "#3b6fd8", shape: "round-rectangle", size: 46 },
  person: { title: "Person", color: "#2a9d8f", shape: "ellipse", size: 44 },
  channel: { title: "Conversation", color: "#577590", shape: "barrel", size: 40 },
  memory: { title: "Memory", color: "#e9c46a", shape: "ellipse", size: 26 },
  fact: { title: "Fact", color: "#f4a261", shape: "diamond", size: 30 },
  message: { title: "Message", color: "#8d99ae", shape: "rectangle", size: 22 },
  belief: { title: "Belief", color: "#9b5de5", shape: "hexagon", size: 32 },
  knowledge: { title: "Knowledge", color: "#00a6d6", shape: "pentagon", size: 32 },
  task: { title: "Task", color: "#ef476f", shape: "triangle", size: 30 },
  thing: { title: "Org, place, skill…", color: "#adb5bd", shape: "round-tag", size: 28 },
  summary: { title: "More (click to draw)", color: "#dee2e6", shape: "octagon", size: 40 },
};

export function graphStyle() {
  const byKind = Object.entries(KINDS).map(([kind, k]) => ({
    selector: `node[kind = "${kind}"]`,
    style: { "background-color": k.color, shape: k.shape, width: k.size, height: k.size },
  }));
  return [
    {
      selector: "node",
      style: {
        label: "data(label)",
        "font-size": 9,
        "font-family": "system-ui, sans-serif",
        color: "#222",
        "text-valign": "bottom",
        "text-margin-y": 3,
        "text-wrap": "ellipsis",
        "text-max-width": 120,
        "border-width": 1,
        "border-color": "#fff",
        "min-zoomed-font-size": 7,
      },
    },
    ...byKind,
    { selector: "node.focus", style: { "border-width": 4, "border-color": "#1d3557", "font-size": 11, "font-weight": "bold" } },
    { selector: "node:selected", style: { "border-width": 4, "border-color": "#e63946" } },
    { selector: "node.faded", style: { opacity: 0.45, "border-style": "dashed", "border-color": "#555", "border-width": 2 } },
    { selector: 'node[kind = "summary"]', style: { "font-size": 10, "font-weight": "bold", "text-valign": "center", "text-margin-y": 0, "text-max-width": 90, "text-wrap": "wrap", "border-color": "#6c757d", "border-width": 1 } },
    { selector: "node.hidden, edge.hidden", style: { display: "none" } },
    {
      selector: "edge",
      style: {
        width: 1.2,
        "line-color": "#b8c0cc",
        "target-arrow-color": "#b8c0cc",
        "target-arrow-shape": "triangle",
        "arrow-scale": 0.7,
        "curve-style": "bezier",
        label: "data(label)",
        "font-size": 7,
        color: "#6c757d",
        "text-rotation": "autorotate",
        "min-zoomed-font-size": 8,
      },
    },
    { selector: "edge.faded", style: { "line-style": "dashed", opacity: 0.5 } },
  ];
}
