// The explorer's graph nodes and edges: what each kind of node is read with
// (its GraphQL selection) and how it is drawn (id, kind, label, time,
// confidence, faded). The neighbourhood loaders build their items from these.

/** One knowledge node of any type, with the field that names it (aliased: the types disagree on nullability). */
export const KNOWLEDGE = `
  __typename id confidence createdAt ownerId domains
  ... on Belief { beliefText: content beliefState: state }
  ... on Concept { conceptName: name }
  ... on Research { researchTopic: topic }
  ... on Content { contentTitle: title }
  ... on Analysis { analysisTitle: title }
  ... on Insight { insightText: insight }
  ... on Synthesis { synthesisText: insight }
  ... on Documentation { documentationTitle: title }
  ... on WorkflowImprovement { improvementTarget: targetProcess improvementStatus: status }
  ... on Opportunity { opportunityText: description }
  ... on CodeReview { reviewTarget: target }
`;

export const MEMORY = "id type content importance confidence createdAt occurredAt ownerId";
export const MESSAGE = "id content timestamp authorName";
export const BELIEF = "id content confidence state createdAt ownerId sourceType";

export const key = (kind, id) => `${kind}:${id}`;

export const agentNode = (a) => ({ id: key("agent", a.id), kind: "agent", ref: a.id, label: a.name ?? a.id, detail: a });
export const personNode = (p) => ({ id: key("person", p.id), kind: "person", ref: p.id, label: p.name, detail: p });
export const channelNode = (c) => ({ id: key("channel", c.id), kind: "channel", ref: c.id, label: c.name ?? c.id, detail: c });
export const memoryNode = (m) => ({
  id: key("memory", m.id), kind: "memory", ref: m.id, label: m.content, detail: m,
  confidence: m.confidence, at: m.occurredAt ?? m.createdAt, weight: m.importance,
});
export const messageNode = (m) => ({
  id: key("message", m.id), kind: "message", ref: m.id, label: `${m.authorName ?? "?"}: ${m.content}`, detail: m, at: m.timestamp,
});
export const beliefNode = (b) => ({
  id: key("belief", b.id), kind: "belief", ref: b.id, label: b.content, detail: b,
  confidence: b.confidence, at: b.createdAt, faded: b.state !== "ACTIVE",
});
export const taskNode = (t) => ({ id: key("task", t.id), kind: "task", ref: t.id, label: t.description, detail: t, at: t.createdAt });

/** A knowledge node; a belief among them is drawn as a belief. */
export function knowledgeNode(k) {
  if (k.__typename === "Belief") return beliefNode({ ...k, content: k.beliefText, state: k.beliefState });
  const name = k.insightText ?? k.synthesisText ?? k.researchTopic ?? k.contentTitle ?? k.analysisTitle ?? k.conceptName ??
    k.documentationTitle ?? k.improvementTarget ?? k.opportunityText ?? k.reviewTarget ?? k.id;
  return {
    id: key("knowledge", k.id), kind: "knowledge", ref: k.id, label: `${k.__typename}: ${name}`, detail: k,
    confidence: k.confidence, at: k.createdAt,
  };
}

/** A fact about a person (a FactRecord), faded when it no longer holds or was retracted. */
export function factNode(f) {
  const span = [f.start ?? f.validFrom?.slice(0, 10), f.end ?? f.validUntil?.slice(0, 10)].filter(Boolean).join(" – ");
  return {
    id: key("fact", f.id), kind: "fact", ref: f.id, label: `${f.type} ${f.object}${span ? ` (${span})` : ""}`, detail: f,
    confidence: f.confidence, at: f.validFrom ?? f.timestamp, faded: !f.current || Boolean(f.retraction),
  };
}

export const edge = (source, target, label, faded = false) => ({ source, target, label, faded });
export const around = (center, node, label, group, outward = true) => ({
  node, group, edge: outward ? edge(center.id, node.id, label) : edge(node.id, center.id, label),
});
/** The agent holding a node, by its owner id (an edge to a node the caller may not open still says whose it is). */
export const heldBy = (center, ownerId) => (ownerId ? [around(center, agentNode({ id: ownerId }), "held by", "agents")] : []);

/** A fact's fields as personTimeline answers them, with its evidence. */
export const FACT_RECORD = `id type object objectId objectLabel confidence validFrom validUntil start end current timestamp source
  contradicts retraction { reason at by } evidenceMessages { ${MESSAGE} }`;
