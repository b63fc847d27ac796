// Feed: an agent's live knowledge feed over graphql-ws, newest first, each event
// with the subscription rules that selected it, as the feed itself names them
// (FeedEvent.selectedBy). `#feed?agent=a&after=42` resumes after a cursor (the
// view keeps the last one in its address, so a reload misses nothing).
import { h, replace, errorBox, cut, when } from "./dom.js";
import { knowledgeNode } from "./graphNodes.js";

const RULE = "id knowledgeTypes domains minConfidence delivery tier source { id }";

const FEED = `subscription ExplorerFeed($agentId: ID!, $after: String) { knowledgeFeed(agentId: $agentId, after: $after) {
  mode cursor events { cursor type nodeId nodeType actorAgentId ownerId domains confidence tier payload createdAt
    selectedByRuleIds selectedBy { ${RULE} }
    node { __typename id confidence createdAt ownerId domains
      ... on Belief { beliefText: content beliefState: state } ... on Insight { insightText: insight } ... on Research { researchTopic: topic }
      ... on Analysis { analysisTitle: title } ... on Content { contentTitle: title } ... on Documentation { documentationTitle: title }
      ... on Concept { conceptName: name } ... on Synthesis { synthesisText: insight } ... on WorkflowImprovement { improvementTarget: targetProcess } } }
} }`;

const RULES = `query ExplorerRules($id: ID!) { agents(where: { id: { eq: $id } }) {
  id name role broadcastDelivery subscriptionRules { ${RULE} }
} }`;

/** A rule in a few words: "DIRECT · Research in ml ≥ 0.6 from jochi (immediate)". */
function describeRule(rule) {
  const types = rule.knowledgeTypes.length && !rule.knowledgeTypes.includes("all") ? rule.knowledgeTypes.join(", ") : "any knowledge";
  const domains = rule.domains.length ? ` in ${rule.domains.join(", ")}` : "";
  const confidence = rule.minConfidence > 0 ? ` ≥ ${rule.minConfidence}` : "";
  const from = rule.source.length ? ` from ${rule.source.map((a) => a.id).join(", ")}` : " from anyone";
  return `${rule.tier} · ${types}${domains}${confidence}${from} (${rule.delivery.toLowerCase()})`;
}

/** Why the event reached the agent, as the feed says: the broadcast tier and the rules that selected it. */
function selectedBy(event) {
  const why = event.selectedBy.map(describeRule);
  const unread = event.selectedByRuleIds.length - event.selectedBy.length;
  if (unread > 0) why.push(`${unread} rule${unread > 1 ? "s" : ""} you may not read`);
  return event.tier === "BROADCAST" ? ["broadcast to every agent", ...why] : why;
}

export async function feedView(root, { api, go, me, params }) {
  const { agents } = await api.gql(`query ExplorerFeedAgents { agents(limit: 100, sort: [{ name: ASC }]) { id name role } }`);
  const agentId = params.agent ?? me.agentId ?? agents[0]?.id;
  const select = h("select", { name: "agent", onchange: (e) => go("feed", { agent: e.target.value }) },
    agents.map((a) => h("option", { value: a.id, selected: a.id === agentId }, `${a.name} (${a.role})`)));
  const state = h("span", { class: "pill", "data-state": "connecting" }, "connecting…");
  const rulesEl = h("ul", { class: "rules" });
  const list = h("ol", { class: "events" });
  replace(
    root,
    h("div", { class: "page" },
      h("h2", {}, "Live knowledge feed"),
      h("p", {}, "Agent ", select, " ", state),
      h("h3", {}, "Its subscription rules"), rulesEl,
      h("h3", {}, "Events (newest first)"), list),
  );
  if (!agentId) return replace(list, h("li", { class: "muted" }, "No agent to follow"));

  const { agents: found } = await api.gql(RULES, { id: agentId });
  const rules = found[0]?.subscriptionRules ?? [];
  replace(rulesEl, rules.length ? rules.map((r) => h("li", {}, describeRule(r))) : h("li", { class: "muted" }, "No rules: only broadcasts reach it"));

  let count = 0;
  const stop = api.subscribe(FEED, { agentId, after: params.after ?? null }, {
    next: ({ knowledgeFeed }) => {
      state.textContent = "live";
      state.dataset.state = "live";
      for (const e of knowledgeFeed.events) {
        count++;
        const node = e.node ? knowledgeNode(e.node) : null;
        list.prepend(
          h("li", { class: "event", "data-node": e.nodeId },
            h("div", { class: "meta" }, `#${e.cursor} · ${when(e.createdAt)} · ${e.type.toLowerCase().replace(/_/g, " ")} · ${knowledgeFeed.mode.toLowerCase()}`),
            h("div", { class: "title" }, node ? cut(node.label, 140) : `${e.nodeType} ${e.nodeId}`),
            h("div", { class: "meta" }, `by ${e.actorAgentId}`, e.domains.length ? ` · ${e.domains.join(", ")}` : "", e.confidence != null ? ` · confidence ${e.confidence}` : ""),
            h("div", { class: "why", "data-rules": e.selectedByRuleIds.join(" ") }, "selected by: ", selectedBy(e).join("; ")),
            node ? h("button", { class: "link", onclick: () => go("graph", { kind: node.kind, id: e.nodeId }) }, "show in graph") : null),
        );
      }
      history.replaceState(null, "", `#feed?${new URLSearchParams({ agent: agentId, after: knowledgeFeed.cursor })}`);
    },
    error: (err) => {
      state.textContent = "closed";
      state.dataset.state = "closed";
      list.prepend(h("li", {}, errorBox(err)));
    },
  });
  // The socket is open once graphql-ws acknowledges it; the subscription is read from then on.
  state.textContent = count ? "live" : "listening";
  state.dataset.state = "listening";
  return stop;
}
