// Beliefs: a belief's line of evolution as a timeline (`Belief.history`), each
// step with what supported and contradicted it and the reflection that formed it.
import { h, replace, errorBox, cut, when } from "./dom.js";

const STEP = "id content confidence strength state sourceType createdAt ownerId domains";
/**
 * What each step links to, read by id: the history is a @cypher list, and relationship fields nested in it are read separately.
 * Not the evolution's `at`: an EVOLVED_INTO written by a nested connect has none, and the non-null field then fails the query.
 */
const LINKS = `id evolvedFromConnection(first: 1) { edges { properties { reason } } }
  supports(limit: 10) { id content } contradicts(limit: 10) { id content }
  formedIn(limit: 3) { id content trigger createdAt }`;

export async function beliefsView(root, { api, go, params }) {
  const { beliefs } = await api.gql(`query ExplorerBeliefs { beliefs(limit: 200, sort: [{ createdAt: DESC }]) { id content state ownerId } }`);
  const beliefId = params.id ?? beliefs[0]?.id;
  const select = h("select", { name: "belief", onchange: (e) => go("beliefs", { id: e.target.value }) },
    beliefs.map((b) => h("option", { value: b.id, selected: b.id === beliefId }, `${cut(b.content, 70)} (${b.ownerId}, ${b.state.toLowerCase()})`)));
  const body = h("div", {});
  replace(root, h("div", { class: "page" }, h("h2", {}, "How a belief changed"), h("p", {}, "Belief ", select), body));
  if (!beliefId) return replace(body, h("p", { class: "muted" }, "No belief you may read yet."));
  try {
    const data = await api.gql(
      `query ExplorerBeliefHistory($id: ID!) {
        beliefs(where: { id: { eq: $id } }, limit: 1) { id history { ${STEP} } }
        supporters: beliefs(where: { supports: { some: { id: { eq: $id } } } }, limit: 50) { id content ownerId confidence }
        challengers: beliefs(where: { contradicts: { some: { id: { eq: $id } } } }, limit: 50) { id content ownerId confidence }
      }`,
      { id: beliefId },
    );
    const belief = data.beliefs[0];
    if (!belief) return replace(body, h("p", { class: "muted" }, "Not found, or not yours to read."));
    const { beliefs: linked } = await api.gql(
      `query ExplorerBeliefLinks($ids: [ID!]!) { beliefs(where: { id: { in: $ids } }, limit: 50) { ${LINKS} } }`,
      { ids: belief.history.map((b) => b.id) },
    );
    const links = new Map(linked.map((l) => [l.id, l]));
    const none = { evolvedFromConnection: { edges: [] }, supports: [], contradicts: [], formedIn: [] };
    const others = (title, list) => list.length ? [h("h4", {}, title), h("ul", {}, list.map((b) => h("li", {}, cut(b.content, 160), h("span", { class: "meta" }, ` · ${b.ownerId} · ${b.confidence.toFixed(2)}`))))] : null;
    replace(
      body,
      h("ol", { class: "timeline" }, belief.history.map((step) => {
        const b = { ...none, ...step, ...links.get(step.id) };
        const reason = b.evolvedFromConnection.edges[0]?.properties;
        return h("li", { class: `fact ${b.state === "ACTIVE" ? "current" : "superseded"} ${b.id === beliefId ? "chosen" : ""}`, "data-belief": b.id },
          h("div", { class: "when" }, when(b.createdAt)),
          h("div", { class: "what" }, b.content,
            h("span", { class: "meta" }, ` · ${b.state.toLowerCase()} · confidence ${b.confidence.toFixed(2)} · strength ${b.strength.toFixed(2)} · from ${b.sourceType.toLowerCase()} · ${b.ownerId}`)),
          reason ? h("div", { class: "meta" }, `evolved because: ${reason.reason}`) : null,
          b.formedIn.map((r) => h("div", { class: "meta" }, `formed in reflection ${when(r.createdAt)}: ${cut(r.trigger ?? r.content, 140)}`)),
          b.supports.length ? h("div", { class: "meta" }, "supports: ", b.supports.map((x) => cut(x.content, 60)).join("; ")) : null,
          b.contradicts.length ? h("div", { class: "meta" }, "contradicts: ", b.contradicts.map((x) => cut(x.content, 60)).join("; ")) : null,
          h("button", { class: "link", onclick: () => go("graph", { kind: "belief", id: b.id }) }, "show in graph"));
      })),
      others("Supported by", data.supporters),
      others("Contradicted by", data.challengers),
    );
  } catch (err) {
    replace(body, errorBox(err));
  }
}
