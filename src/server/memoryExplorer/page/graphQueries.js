// The graph view's first queries, as documents: the pickers it lists on opening and an
// agent's neighbourhood. Plain strings with no browser API, so the gateway's start-up
// warm-up (src/app/warmUp.ts, through ../explorerWarmUp.ts) sends these very documents
// and Neo4j has their plans cached before a person opens the page: @neo4j/graphql turns
// the same document into the same Cypher, and Neo4j caches plans by the Cypher's text.
import { BELIEF, KNOWLEDGE, MEMORY } from "./graphNodes.js";

/** Neighbours drawn per group before the rest are summarised. */
export const SHOWN = 12;
/** Neighbours read per relationship (an agent's memories are read by type: agentNeighbourhood.js). */
export const LIMIT = 100;
/** The SDL's MemoryType values (schema/memories.graphql; tests/unit/server/explorerMemoryTypes.test.ts keeps the two alike). */
export const MEMORY_TYPES = ["OBSERVATION", "LEARNING", "INSIGHT", "INTERACTION"];
/** Strongest first; createdAt and id break ties, so pages of one group are disjoint. */
const STRONGEST = "[{ importance: DESC }, { createdAt: DESC }, { id: ASC }]";
/** The same order, as a connection's sort. */
const STRONGEST_EDGES = "[{ node: { importance: DESC } }, { node: { createdAt: DESC } }, { node: { id: ASC } }]";

/** What the graph view lists to pick from when it opens. */
export const PICKERS = `query ExplorerPickers {
  agents(limit: 50, sort: [{ name: ASC }]) { id name role }
  people(limit: 50, sort: [{ name: ASC }]) { id name }
  channels(limit: 30) { id name platform }
  knowledges(limit: 30, sort: [{ createdAt: DESC }]) { __typename id confidence createdAt ownerId domains
    ... on Belief { beliefText: content beliefState: state } ... on Insight { insightText: insight } ... on Research { researchTopic: topic } }
}`;

/** An agent, its beliefs, knowledge and tasks ($limit of each). */
export const AGENT = `query ExplorerAgent($id: ID!, $limit: Int!) { agents(where: { id: { eq: $id } }, limit: 1) {
  id name role state
  beliefs { ${BELIEF} }
  assignedTasks(limit: $limit) { id description status createdAt }
  created(limit: $limit) { ${KNOWLEDGE} }
} }`;

/**
 * Per memory type, the agent's $shown strongest memories and how many the caller may read, one
 * connection each (alias: the type in lower case): its totalCount and its first $shown edges come
 * from one pass over the agent's memories, sorted before they are projected. (A `memories` list
 * beside a `totalCount` read them twice and converted every memory's dates before sorting.)
 */
export const AGENT_MEMORY_GROUPS = `query ExplorerAgentMemoryGroups($id: ID!, $shown: Int!) { agents(where: { id: { eq: $id } }, limit: 1) {
${MEMORY_TYPES.map((t) => `  ${t.toLowerCase()}: memoriesConnection(where: { node: { type: { eq: ${t} } } }, sort: ${STRONGEST_EDGES}, first: $shown) { totalCount edges { node { ${MEMORY} } } }`).join("\n")}
} }`;

/** One page of an agent's memories of one type, strongest first (a summary opened). */
export const AGENT_MEMORIES = `query ExplorerAgentMemories($id: ID!, $type: MemoryType!, $offset: Int!, $limit: Int!) { agents(where: { id: { eq: $id } }, limit: 1) {
  memories(where: { type: { eq: $type } }, sort: ${STRONGEST}, offset: $offset, limit: $limit) { ${MEMORY} }
} }`;

/**
 * The documents above with variables of the shapes the page sends, for an agent `agentId`
 * (the warm-up's own): what the start-up warm-up runs once.
 */
export const warmUpReads = (agentId) => [
  { name: "ExplorerPickers", document: PICKERS, variables: {} },
  { name: "ExplorerAgent", document: AGENT, variables: { id: agentId, limit: LIMIT } },
  { name: "ExplorerAgentMemoryGroups", document: AGENT_MEMORY_GROUPS, variables: { id: agentId, shown: SHOWN } },
  { name: "ExplorerAgentMemories", document: AGENT_MEMORIES, variables: { id: agentId, type: MEMORY_TYPES[0], offset: SHOWN, limit: 250 } },
];
