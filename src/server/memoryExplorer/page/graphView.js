// Graph: one node's neighbourhood, typed by colour and shape, expanded on click,
// filtered by kind, time and confidence. A group of more than SHOWN neighbours
// is drawn as its SHOWN strongest and one summary node; a click on the summary
// draws the rest (read then, when the loader read only the SHOWN: an agent's memories).
import { h, replace, errorBox, cut, when } from "./dom.js";
import { KINDS, graphStyle } from "./graphStyle.js";
import { key, knowledgeNode } from "./graphNodes.js";
import { LIMIT, PICKERS, SHOWN } from "./graphQueries.js";
import { LOADERS } from "./neighbourhoods.js";

/** The queries a draw sent (api.timings): each one's name and round trip, the longest first. */
const queriesSince = (api, t0) => api.timings.filter((t) => t.start >= t0).map(({ operation, ms }) => ({ operation, ms })).sort((x, y) => y.ms - x.ms);
/**
 * Above this many nodes the force-directed layout costs more than a second: rings instead. Rings
 * also for the first neighbourhood drawn (a star: the force-directed layout took a third to a half
 * of its paint, 250-400 ms for 53 nodes on the loaded 2-core machine).
 */
const FORCE_LAYOUT_MAX = 150;

/** What a search hit opens in the graph, by its kind. */
function hitTarget(hit) {
  if (hit.kind === "MEMORY") return ["memory", hit.id];
  if (hit.kind === "MESSAGE") return ["message", hit.id];
  if (hit.kind === "FACT") return hit.fact?.personId ? ["person", hit.fact.personId] : null;
  if (hit.kind === "BELIEF") return ["belief", hit.id];
  if (hit.kind === "TURN" || hit.kind === "EXPERIENCE") return null;
  return ["knowledge", hit.id];
}

const nextFrame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

export async function graphView(root, { api, go, params }) {
  const canvas = h("div", { class: "canvas", id: "graph-canvas" });
  const details = h("aside", { class: "details" }, h("p", { class: "muted" }, "Click a node to see it; a click also draws its neighbours."));
  const status = h("div", { class: "status muted" });
  const results = h("ul", { class: "picklist" });
  const query = h("input", { type: "search", name: "q", placeholder: "Search memories, messages, facts…" });
  const pickers = h("div", {});
  const kinds = new Set(Object.keys(KINDS));
  const since = h("input", { type: "date", name: "since", onchange: () => applyFilters() });
  const minConfidence = h("input", { type: "range", name: "minConfidence", min: 0, max: 1, step: 0.05, value: 0, oninput: () => applyFilters() });
  const confidenceLabel = h("span", { class: "muted" }, "0");
  const legend = h(
    "ul",
    { class: "legend" },
    Object.entries(KINDS).map(([kind, k]) =>
      h(
        "li",
        {},
        h("label", {}, h("input", { type: "checkbox", checked: true, "data-kind": kind, onchange: (e) => (e.target.checked ? kinds.add(kind) : kinds.delete(kind), applyFilters()) }),
          h("span", { class: `swatch shape-${k.shape}`, style: `background:${k.color}` }), k.title),
      ),
    ),
  );

  replace(
    root,
    h(
      "div",
      { class: "graph-layout" },
      h(
        "aside",
        { class: "sidebar" },
        h("form", { class: "search", onsubmit: (e) => (e.preventDefault(), runSearch()) }, query, h("button", { type: "submit" }, "Search")),
        results,
        pickers,
        h("h3", {}, "Show"),
        legend,
        h("label", { class: "filter" }, "Since ", since),
        h("label", { class: "filter" }, "Min. confidence ", minConfidence, confidenceLabel),
      ),
      h("section", { class: "stage" }, status, canvas),
      details,
    ),
  );

  const cy = cytoscape({ container: canvas, style: graphStyle(), wheelSensitivity: 0.3, minZoom: 0.05, maxZoom: 3 });
  /** Paint times, read by the Playwright test and shown in the status line. */
  const paints = [];
  window.__explorer = { cy, paints };
  const summarised = new Map();
  const expanded = new Set();

  function applyFilters() {
    const min = Number(minConfidence.value);
    confidenceLabel.textContent = min.toFixed(2);
    const from = since.value ? new Date(since.value).toISOString() : null;
    cy.batch(() => {
      cy.nodes().forEach((n) => {
        const d = n.data();
        const hide = !n.hasClass("focus") && (!kinds.has(d.kind) || (d.confidence != null && d.confidence < min) || (from && d.at && d.at < from));
        n.toggleClass("hidden", Boolean(hide));
      });
    });
  }

  function addNode(node, added) {
    if (cy.getElementById(node.id).nonempty() || added.has(node.id)) return;
    added.set(node.id, { group: "nodes", data: { ...node, label: cut(node.label, 48) }, classes: node.faded ? "faded" : "" });
  }

  function addEdge(e, added, edges) {
    const id = `${e.source}->${e.target}:${e.label}`;
    if (cy.getElementById(id).nonempty()) return;
    edges.set(id, { group: "edges", data: { id, source: e.source, target: e.target, label: e.label }, classes: e.faded ? "faded" : "" });
  }

  /** Adds items (and whatever follows them) to the pending elements. */
  function take(items, followers, added, edges) {
    for (const item of items) {
      addNode(item.node, added);
      edges.set(Symbol(), item.edge);
      for (const f of followers.get(item.node.id) ?? []) {
        addNode(f.node, added);
        edges.set(Symbol(), f.edge);
      }
    }
  }

  async function draw(centerId, build) {
    const t0 = performance.now();
    // The first neighbourhood on an empty canvas is a star: rings around its centre are its picture, at once.
    const first = cy.elements().empty();
    const added = new Map();
    const pending = new Map();
    await build(added, pending);
    const loadedMs = performance.now() - t0;
    const edges = new Map();
    for (const e of pending.values()) addEdge(e, added, edges);
    const known = (id) => added.has(id) || cy.getElementById(id).nonempty();
    cy.batch(() => {
      cy.add([...added.values()]);
      cy.add([...edges.values()].filter((e) => known(e.data.source) && known(e.data.target)));
    });
    applyFilters();
    const visible = cy.nodes(":visible");
    const focus = cy.$(".focus");
    const layout =
      !first && visible.length <= FORCE_LAYOUT_MAX
        ? { name: "cose", animate: false, randomize: false, nodeRepulsion: () => 9000, idealEdgeLength: () => 70, numIter: 600, fit: true, padding: 30 }
        : {
            name: "concentric",
            fit: true,
            padding: 20,
            minNodeSpacing: 4,
            concentric: (n) => (n.hasClass("focus") ? 3 : n.id() === centerId || n.edgesWith(focus).nonempty() ? 2 : 1),
            levelWidth: () => 1,
          };
    const laidOutFrom = performance.now();
    visible.union(visible.connectedEdges()).layout(layout).run();
    const layoutMs = Math.round(performance.now() - laidOutFrom);
    await nextFrame();
    const ms = Math.round(performance.now() - t0);
    paints.push({ center: centerId, nodes: cy.nodes().length, ms, loadMs: Math.round(loadedMs), drawMs: Math.round(ms - loadedMs), layoutMs, queries: queriesSince(api, t0) });
    canvas.dataset.nodes = String(cy.nodes().length);
    canvas.dataset.lastPaintMs = String(ms);
    status.textContent = `${cy.nodes().length} nodes, ${cy.edges().length} edges · ${ms} ms (read ${Math.round(loadedMs)}, drawn ${Math.round(ms - loadedMs)})`;
  }

  /** A summary node standing for `count` more of `group` around `centerId`; `read(added, pending)` answers them as items (and their followers). */
  function summarise(centerId, group, count, read, added, pending) {
    const summaryId = `summary:${centerId}:${group}`;
    summarised.set(summaryId, { read });
    addNode({ id: summaryId, kind: "summary", label: `+${count} more ${group}` }, added);
    pending.set(Symbol(), { source: centerId, target: summaryId, label: "" });
  }

  /** Reads a node's neighbourhood and draws it, large groups summarised. */
  async function expand(kind, id) {
    const load = LOADERS[kind];
    if (!load) return;
    const nodeKey = key(kind, id);
    expanded.add(nodeKey);
    status.textContent = "Loading…";
    await draw(nodeKey, async (added, pending) => {
      const hood = await load(api, id, LIMIT, SHOWN);
      if (!hood) throw new Error(`No ${kind} ${id} that you may read`);
      addNode(hood.center, added);
      const direct = new Map();
      const followers = new Map();
      for (const item of hood.items) {
        if (item.follows) followers.set(item.follows, [...(followers.get(item.follows) ?? []), item]);
        else direct.set(item.group, [...(direct.get(item.group) ?? []), item]);
      }
      for (const [group, items] of direct) {
        const fresh = items.filter((i) => cy.getElementById(i.node.id).empty());
        take(items.slice(0, SHOWN), followers, added, pending);
        const rest = fresh.filter((i) => !added.has(i.node.id));
        if (rest.length > 0) summarise(hood.center.id, group, rest.length, async () => ({ rest, followers }), added, pending);
      }
      // Groups the loader read only in part: the summary counts the group's others, read when it is opened.
      for (const [group, more] of Object.entries(hood.more ?? {})) summariseUnread(hood.center.id, group, more, direct.get(group)?.length ?? 0, added, pending);
      cy.$(".focus").removeClass("focus");
      if (!cy.getElementById(hood.center.id).empty()) cy.getElementById(hood.center.id).addClass("focus");
      else added.get(hood.center.id).classes += " focus";
    });
  }

  /**
   * A summary of a group's members from `offset` on, not read yet (`more` of the loader); opening it
   * reads them, and a summary of those beyond what one read takes stays.
   */
  function summariseUnread(centerId, group, more, offset, added, pending) {
    const count = more.total - offset;
    if (count <= 0) return;
    const read = async (drawing, edges) => {
      const rest = await more.read(offset, count);
      if (rest.length > 0) summariseUnread(centerId, group, more, offset + rest.length, drawing, edges);
      return { rest: rest.filter((i) => cy.getElementById(i.node.id).empty()), followers: new Map() };
    };
    summarise(centerId, group, count, read, added, pending);
  }

  /** A click on a summary: draw what it stood for. */
  async function reveal(summaryId) {
    const { read } = summarised.get(summaryId) ?? {};
    if (!read) return;
    const center = cy.getElementById(summaryId).incomers("node").id();
    cy.getElementById(summaryId).remove();
    summarised.delete(summaryId);
    await draw(center, async (added, pending) => {
      const { rest, followers } = await read(added, pending);
      take(rest, followers, added, pending);
    });
  }

  async function focusOn(kind, id) {
    cy.elements().remove();
    expanded.clear();
    summarised.clear();
    history.replaceState(null, "", `#graph?${new URLSearchParams({ kind, id })}`);
    try {
      await expand(kind, id);
      const node = cy.getElementById(key(kind, id));
      if (node.nonempty()) showDetails(node.data());
    } catch (err) {
      replace(status, errorBox(err));
    }
  }

  function showDetails(d) {
    const fields = Object.entries(d.detail ?? {}).filter(([, v]) => v !== null && typeof v !== "object");
    const links = [];
    if (LOADERS[d.kind]) links.push(h("button", { onclick: () => focusOn(d.kind, d.ref) }, "Centre here"));
    if (d.kind === "person") links.push(h("button", { onclick: () => go("people", { id: d.ref }) }, "Timeline"));
    if (d.kind === "belief") links.push(h("button", { onclick: () => go("beliefs", { id: d.ref }) }, "History"));
    if (d.kind === "agent") links.push(h("button", { onclick: () => go("feed", { agent: d.ref }) }, "Live feed"));
    replace(
      details,
      h("h3", {}, h("span", { class: "swatch", style: `background:${KINDS[d.kind]?.color}` }), KINDS[d.kind]?.title ?? d.kind),
      h("p", { class: "content" }, d.detail?.content ?? d.label),
      d.faded ? h("p", { class: "badge" }, "no longer holds") : null,
      h("table", { class: "fields" }, fields.map(([k, v]) => h("tr", {}, h("th", {}, k), h("td", {}, k.endsWith("At") || k === "timestamp" ? when(v) : cut(v, 200))))),
      d.detail?.evidenceMessages?.length ? [h("h4", {}, "Evidence"), h("ul", {}, d.detail.evidenceMessages.map((m) => h("li", {}, `${m.authorName ?? "?"}: ${m.content}`)))] : null,
      h("div", { class: "actions" }, links),
    );
  }

  cy.on("tap", "node", async (e) => {
    const d = e.target.data();
    if (d.kind === "summary") return reveal(d.id).catch((err) => replace(status, errorBox(err)));
    showDetails(d);
    if (!expanded.has(d.id) && LOADERS[d.kind]) await expand(d.kind, d.ref).catch((err) => replace(status, errorBox(err)));
  });

  async function runSearch() {
    const text = query.value.trim();
    if (!text) return;
    replace(results, h("li", { class: "muted" }, "Searching…"));
    try {
      const { searchMemories } = await api.gql(
        `query ExplorerSearch($input: SearchMemoriesInput!) { searchMemories(input: $input) {
          hits { kind id content score ownerId fact { personId personName } } } }`,
        { input: { query: text, limit: 20 } },
      );
      const hits = searchMemories.hits;
      replace(
        results,
        hits.length === 0 ? h("li", { class: "muted" }, "Nothing found") : null,
        hits.map((hit) => {
          const target = hitTarget(hit);
          return h("li", {}, h("button", { class: "pick", disabled: !target, onclick: () => target && focusOn(...target), title: hit.content },
            h("span", { class: "kind" }, hit.kind.toLowerCase()), cut(hit.content, 70)));
        }),
      );
    } catch (err) {
      replace(results, errorBox(err));
    }
  }

  async function loadPickers() {
    const data = await api.gql(PICKERS);
    const list = (title, items) =>
      items.length ? [h("h3", {}, title), h("ul", { class: "picklist" }, items.map(([kind, id, label]) => h("li", {}, h("button", { class: "pick", onclick: () => focusOn(kind, id) }, label))))] : null;
    replace(
      pickers,
      list("Agents", data.agents.map((a) => ["agent", a.id, `${a.name} (${a.role})`])),
      list("People", data.people.map((p) => ["person", p.id, p.name])),
      list("Conversations", data.channels.map((c) => ["channel", c.id, c.name ?? c.id])),
      list("Knowledge", data.knowledges.map((k) => { const n = knowledgeNode(k); return [n.kind, k.id, cut(n.label, 50)]; })),
    );
  }

  await loadPickers().catch((err) => replace(pickers, errorBox(err)));
  if (params.kind && params.id) await focusOn(params.kind, params.id);
  else status.textContent = "Pick an agent, a person, a conversation or a piece of knowledge, or search.";
  return () => cy.destroy();
}
