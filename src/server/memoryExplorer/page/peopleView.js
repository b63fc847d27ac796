// People and facts over time: a person's dated facts (jobs, places, studies,
// projects, events) as a timeline, superseded and retracted ones kept visible,
// each with the messages that showed it.
import { h, replace, errorBox, cut, when } from "./dom.js";
import { FACT_RECORD } from "./graphNodes.js";

/** Where a fact stands: held now, no longer held (superseded or ended), or taken back. */
function standing(f) {
  if (f.retraction) return { label: `retracted ${when(f.retraction.at)}: ${f.retraction.reason}`, cls: "retracted" };
  if (!f.current) return { label: "superseded / ended", cls: "superseded" };
  return { label: "current", cls: "current" };
}

/** A date as written (`2019`, `2019-03`) or the day of a timestamp. */
const day = (d) => (d ? String(d).slice(0, 10) : null);
const span = (f) => [day(f.start ?? f.validFrom) ?? "?", day(f.end ?? f.validUntil) ?? (f.current ? "now" : "?")].join(" → ");

export async function peopleView(root, { api, go, params }) {
  const { people } = await api.gql(`query ExplorerPeople { people(limit: 200, sort: [{ name: ASC }]) { id name } }`);
  const personId = params.id ?? people[0]?.id;
  const select = h("select", { name: "person", onchange: (e) => go("people", { id: e.target.value }) },
    people.map((p) => h("option", { value: p.id, selected: p.id === personId }, p.name)));
  const body = h("div", {});
  replace(root, h("div", { class: "page" }, h("h2", {}, "People and facts over time"), h("p", {}, "Person ", select), body));
  if (!personId) return replace(body, h("p", { class: "muted" }, "No person you may read yet."));
  try {
    const { personTimeline } = await api.gql(
      `query ExplorerTimeline($id: ID!) { personTimeline(personId: $id) { found name timeline { ${FACT_RECORD} } } }`,
      { id: personId },
    );
    if (!personTimeline.found) return replace(body, h("p", { class: "muted" }, "Not found, or not yours to read."));
    const facts = personTimeline.timeline;
    replace(
      body,
      h("h3", {}, personTimeline.name, " ", h("button", { class: "link", onclick: () => go("graph", { kind: "person", id: personId }) }, "show in graph")),
      facts.length === 0 ? h("p", { class: "muted" }, "No dated facts.") : null,
      h("ol", { class: "timeline" }, facts.map((f) => {
        const s = standing(f);
        return h("li", { class: `fact ${s.cls}`, "data-fact": f.id },
          h("div", { class: "when" }, span(f)),
          h("div", { class: "what" }, h("strong", {}, f.type.replace(/_/g, " ").toLowerCase()), " ", f.object,
            h("span", { class: "meta" }, ` · confidence ${f.confidence.toFixed(2)} · ${s.label}`, f.source ? ` · ${f.source}` : "")),
          f.evidenceMessages.length
            ? h("ul", { class: "evidence" }, f.evidenceMessages.map((m) => h("li", {}, h("span", { class: "meta" }, `${when(m.timestamp)} ${m.authorName ?? "?"}: `), cut(m.content, 200))))
            : h("div", { class: "meta" }, "no evidence message you may read"));
      })),
    );
  } catch (err) {
    replace(body, errorBox(err));
  }
}
