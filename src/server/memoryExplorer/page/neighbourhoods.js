// The neighbourhood of one node, per kind, as public GraphQL queries: what the
// graph view draws around a node it focuses on or expands. Each loader answers
// { center, items }: an item is a neighbour node and the edge that joins it to
// the center (or to another item: a fact's evidence hangs off the fact), with
// the group it is summarised in when a neighbourhood is large.

/** One knowledge node of any type, with the field that names it (aliased: the types disagree on nullability). */
const KNOWLEDGE = `
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

const MEMORY = "id type content importance confidence createdAt occurredAt ownerId";
const MESSAGE = "id content timestamp authorName";
const BELIEF = "id content confidence state createdAt ownerId sourceType";

export const key = (kind, id) => `${kind}:${id}`;

const agentNode = (a) => ({ id: key("agent", a.id), kind: "agent", ref: a.id, label: a.name ?? a.id, detail: a });
const personNode = (p) => ({ id: key("person", p.id), kind: "person", ref: p.id, label: p.name, detail: p });
const channelNode = (c) => ({ id: key("channel", c.id), kind: "channel", ref: c.id, label: c.name ?? c.id, detail: c });
const memoryNode = (m) => ({
  id: key("memory", m.id), kind: "memory", ref: m.id, label: m.content, detail: m,
  confidence: m.confidence, at: m.occurredAt ?? m.createdAt, weight: m.importance,
});
const messageNode = (m) => ({
  id: key("message", m.id), kind: "message", ref: m.id, label: `${m.authorName ?? "?"}: ${m.content}`, detail: m, at: m.timestamp,
});
const beliefNode = (b) => ({
  id: key("belief", b.id), kind: "belief", ref: b.id, label: b.content, detail: b,
  confidence: b.confidence, at: b.createdAt, faded: b.state !== "ACTIVE",
});
const taskNode = (t) => ({ id: key("task", t.id), kind: "task", ref: t.id, label: t.description, detail: t, at: t.createdAt });

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
function factNode(f) {
  const span = [f.start ?? f.validFrom?.slice(0, 10), f.end ?? f.validUntil?.slice(0, 10)].filter(Boolean).join(" – ");
  return {
    id: key("fact", f.id), kind: "fact", ref: f.id, label: `${f.type} ${f.object}${span ? ` (${span})` : ""}`, detail: f,
    confidence: f.confidence, at: f.validFrom ?? f.timestamp, faded: !f.current || Boolean(f.retraction),
  };
}

const edge = (source, target, label, faded = false) => ({ source, target, label, faded });
const around = (center, node, label, group, outward = true) => ({
  node, group, edge: outward ? edge(center.id, node.id, label) : edge(node.id, center.id, label),
});
/** The agent holding a node, by its owner id (an edge to a node the caller may not open still says whose it is). */
const heldBy = (center, ownerId) => (ownerId ? [around(center, agentNode({ id: ownerId }), "held by", "agents")] : []);

/** Memories read per request: 250 × their fields stays inside the gateway's cost limit (QUERY_MAX_COST). */
const PAGE = 250;
/** At most this many of an agent's memories are read: the counts behind a summary stop there. */
const MAX_MEMORIES = 2000;

/** An agent's memories, newest first, four pages at a time. */
async function agentMemories(api, id) {
  const page = (offset) =>
    api
      .gql(
        `query ExplorerAgentMemories($id: ID!, $offset: Int!) { agents(where: { id: { eq: $id } }, limit: 1) {
          memories(limit: ${PAGE}, offset: $offset, sort: [{ createdAt: DESC }, { id: ASC }]) { ${MEMORY} } } }`,
        { id, offset },
      )
      .then((d) => d.agents[0]?.memories ?? []);
  const all = [];
  for (let offset = 0; offset < MAX_MEMORIES; offset += 4 * PAGE) {
    const batch = await Promise.all([0, 1, 2, 3].map((i) => page(offset + i * PAGE)));
    all.push(...batch.flat());
    if (batch.some((b) => b.length < PAGE)) break;
  }
  // Pages of one sort are disjoint (id breaks createdAt's ties); keep each memory once all the same.
  return [...new Map(all.map((m) => [m.id, m])).values()];
}

async function agent(api, id, limit) {
  const [data, memories] = await Promise.all([
    api.gql(
      `query ExplorerAgent($id: ID!, $limit: Int!) { agents(where: { id: { eq: $id } }, limit: 1) {
        id name role state
        beliefs { ${BELIEF} }
        assignedTasks(limit: $limit) { id description status createdAt }
        created(limit: $limit) { ${KNOWLEDGE} }
      } }`,
      { id, limit },
    ),
    agentMemories(api, id),
  ]);
  const a = data.agents[0];
  if (!a) return null;
  const center = agentNode(a);
  memories.sort((x, y) => y.importance - x.importance);
  return {
    center,
    items: [
      ...memories.map((m) => around(center, memoryNode(m), "remembers", `memories: ${m.type.toLowerCase()}`)),
      ...a.beliefs.map((b) => around(center, beliefNode(b), "believes", "beliefs")),
      ...a.created.map((k) => around(center, knowledgeNode(k), "created", "knowledge")),
      ...a.assignedTasks.map((t) => around(center, taskNode(t), "assigned", "tasks")),
    ],
  };
}

async function memory(api, id) {
  const { memories } = await api.gql(
    `query ExplorerMemory($id: ID!) { memories(where: { id: { eq: $id } }, limit: 1) {
      ${MEMORY} tags participants conversationId
      agent { id name role } relatedAgents { id name role } aboutPeople { id name }
    } }`,
    { id },
  );
  const m = memories[0];
  if (!m) return null;
  const center = memoryNode(m);
  return {
    center,
    items: [
      ...m.agent.map((a) => around(center, agentNode(a), "remembers", "agents", false)),
      ...m.relatedAgents.map((a) => around(center, agentNode(a), "involves", "agents")),
      ...m.aboutPeople.map((p) => around(center, personNode(p), "about", "people")),
    ],
  };
}

export const FACT_RECORD = `id type object objectId objectLabel confidence validFrom validUntil start end current timestamp source
  contradicts retraction { reason at by } evidenceMessages { ${MESSAGE} }`;

async function person(api, id, limit) {
  const data = await api.gql(
    `query ExplorerPerson($id: ID!, $limit: Int!) {
      people(where: { id: { eq: $id } }, limit: 1) { id name realName aliases messages(limit: $limit, sort: [{ timestamp: DESC }]) { ${MESSAGE} } }
      personTimeline(personId: $id) { timeline { ${FACT_RECORD} } }
    }`,
    { id, limit },
  );
  const p = data.people[0];
  if (!p) return null;
  const center = personNode(p);
  const items = [];
  for (const f of data.personTimeline.timeline) {
    const fact = factNode(f);
    items.push(around(center, fact, "", "facts"));
    const object = { id: key("thing", f.objectId), kind: f.objectLabel === "Person" ? "person" : "thing", ref: f.objectId, label: f.object, detail: { label: f.objectLabel, name: f.object } };
    if (object.kind === "person") object.id = key("person", f.objectId);
    items.push({ node: object, group: "facts", follows: fact.id, edge: edge(fact.id, object.id, f.type.toLowerCase(), fact.faded) });
    for (const m of f.evidenceMessages) {
      const evidence = messageNode(m);
      items.push({ node: evidence, group: "facts", follows: fact.id, edge: edge(evidence.id, fact.id, "evidence") });
    }
  }
  for (const m of p.messages) items.push(around(center, messageNode(m), "wrote", "messages", false));
  return { center, items };
}

async function message(api, id) {
  const { messages } = await api.gql(
    `query ExplorerMessage($id: ID!) { messages(where: { id: { eq: $id } }, limit: 1) {
      ${MESSAGE} authorId author { id name } mentions { id name } channel { id name platform } replyTo { ${MESSAGE} }
    } }`,
    { id },
  );
  const m = messages[0];
  if (!m) return null;
  const center = messageNode(m);
  return {
    center,
    items: [
      ...m.author.map((p) => around(center, personNode(p), "wrote", "people", false)),
      ...m.mentions.map((p) => around(center, personNode(p), "mentions", "people")),
      ...m.channel.map((c) => around(center, channelNode(c), "in", "conversations")),
      ...m.replyTo.map((r) => around(center, messageNode(r), "replies to", "messages")),
    ],
  };
}

async function channel(api, id, limit) {
  const { channels } = await api.gql(
    `query ExplorerChannel($id: ID!, $limit: Int!) { channels(where: { id: { eq: $id } }, limit: 1) {
      id name platform messages(limit: $limit, sort: [{ timestamp: DESC }]) { ${MESSAGE} author { id name } }
    } }`,
    { id, limit },
  );
  const c = channels[0];
  if (!c) return null;
  const center = channelNode(c);
  const items = [];
  for (const m of c.messages) {
    const node = messageNode(m);
    items.push(around(center, node, "", "messages", false));
    for (const p of m.author) items.push({ node: personNode(p), group: "messages", follows: node.id, edge: edge(personNode(p).id, node.id, "wrote") });
  }
  return { center, items };
}

async function belief(api, id) {
  const { beliefs } = await api.gql(
    `query ExplorerBelief($id: ID!) { beliefs(where: { id: { eq: $id } }, limit: 1) {
      ${BELIEF} domains strength
      evolvedFrom(limit: 20) { ${BELIEF} } evolvedInto(limit: 20) { ${BELIEF} } supports(limit: 50) { ${BELIEF} } contradicts(limit: 50) { ${BELIEF} }
      accessedBy { id name role }
    } }`,
    { id },
  );
  const b = beliefs[0];
  if (!b) return null;
  const center = beliefNode(b);
  return {
    center,
    items: [
      ...heldBy(center, b.ownerId),
      ...b.evolvedFrom.map((x) => around(center, beliefNode(x), "evolved into", "history", false)),
      ...b.evolvedInto.map((x) => around(center, beliefNode(x), "evolved into", "history")),
      ...b.supports.map((x) => around(center, beliefNode(x), "supports", "support")),
      ...b.contradicts.map((x) => around(center, beliefNode(x), "contradicts", "support")),
      ...b.accessedBy.map((a) => around(center, agentNode(a), "read by", "agents")),
    ],
  };
}

async function knowledge(api, id) {
  const { knowledges } = await api.gql(
    `query ExplorerKnowledge($id: ID!) { knowledges(where: { id: { eq: $id } }, limit: 1) { ${KNOWLEDGE} accessedBy { id name role } } }`,
    { id },
  );
  const k = knowledges[0];
  if (!k) return null;
  const center = knowledgeNode(k);
  return { center, items: [...heldBy(center, k.ownerId), ...k.accessedBy.map((a) => around(center, agentNode(a), "read by", "agents"))] };
}

async function task(api, id) {
  const short = "id description status createdAt";
  const { tasks } = await api.gql(
    `query ExplorerTask($id: ID!) { tasks(where: { id: { eq: $id } }, limit: 1) {
      ${short} outcome assignedTo { id name role } spawned { ${short} } spawnedBy { ${short} } dependsOn { ${short} }
    } }`,
    { id },
  );
  const t = tasks[0];
  if (!t) return null;
  const center = taskNode(t);
  return {
    center,
    items: [
      ...t.assignedTo.map((a) => around(center, agentNode(a), "assigned", "agents", false)),
      ...t.spawned.map((x) => around(center, taskNode(x), "spawned", "tasks")),
      ...t.spawnedBy.map((x) => around(center, taskNode(x), "spawned", "tasks", false)),
      ...t.dependsOn.map((x) => around(center, taskNode(x), "depends on", "tasks")),
    ],
  };
}

/** Loaders by kind; a kind without one (a fact, an org) has no neighbourhood of its own to open. */
export const LOADERS = { agent, memory, person, message, channel, belief, knowledge, task };
