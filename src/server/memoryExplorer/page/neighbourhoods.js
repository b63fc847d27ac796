// The neighbourhood of one node, per kind, as public GraphQL queries: what the
// graph view draws around a node it focuses on or expands. Each loader answers
// { center, items, more? }: an item is a neighbour node and the edge that joins it
// to the center (or to another item: a fact's evidence hangs off the fact), with
// the group it is summarised in when a neighbourhood is large. `more`, by group,
// is a group read only in part: its total and how to read the others
// (`read(offset, count)`, strongest first, as items).

import { BELIEF, KNOWLEDGE, MEMORY, MESSAGE, FACT_RECORD, agentNode, around, beliefNode, channelNode, edge, factNode, heldBy, key, knowledgeNode, memoryNode, messageNode, personNode, taskNode } from "./graphNodes.js";
import { agent } from "./agentNeighbourhood.js";

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
