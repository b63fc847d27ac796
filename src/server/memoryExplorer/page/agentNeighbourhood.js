// An agent's neighbourhood: its beliefs, knowledge and tasks, and its memories
// summarised by type without reading them all (a busy agent has thousands).
import { agentNode, around, beliefNode, knowledgeNode, memoryNode, taskNode } from "./graphNodes.js";
import { AGENT, AGENT_MEMORIES, AGENT_MEMORY_GROUPS, MEMORY_TYPES } from "./graphQueries.js";

export { MEMORY_TYPES };

/** Memories read per request: 250 × their fields stays inside the gateway's cost limit (QUERY_MAX_COST). */
const PAGE = 250;
/** At most this many of a summarised group are read when it is opened: a summary of the remainder stays. */
const MAX_REVEAL = 2000;

const groupOf = (type) => `memories: ${type.toLowerCase()}`;

/** Memories of one type of an agent, strongest first, `count` of them from `offset` on, four pages at a time. */
async function memoriesOfType(api, id, type, offset, count) {
  const page = (from, limit) =>
    api
      .gql(AGENT_MEMORIES, { id, type, offset: from, limit })
      .then((d) => d.agents[0]?.memories ?? []);
  const pages = [];
  for (let from = offset; from < offset + count; from += PAGE) pages.push([from, Math.min(PAGE, offset + count - from)]);
  const all = [];
  for (let i = 0; i < pages.length; i += 4) all.push(...(await Promise.all(pages.slice(i, i + 4).map(([from, limit]) => page(from, limit)))).flat());
  return all;
}

/**
 * An agent's neighbourhood in two requests side by side: its beliefs, knowledge and tasks,
 * and for each memory type only the `shown` strongest memories and how many the caller may
 * read (the connection's totalCount, under the same access rules). A thousand memories cost
 * a few dozen nodes to read; a group's others are read when its summary is opened.
 */
export async function agent(api, id, limit, shown) {
  const [data, groups] = await Promise.all([api.gql(AGENT, { id, limit }), api.gql(AGENT_MEMORY_GROUPS, { id, shown })]);
  const g = groups.agents[0];
  const a = data.agents[0];
  if (!a) return null;
  const center = agentNode(a);
  const remembers = (m) => around(center, memoryNode(m), "remembers", groupOf(m.type));
  const more = {};
  for (const t of MEMORY_TYPES) {
    const read = g[t.toLowerCase()].edges.length;
    const total = g[t.toLowerCase()].totalCount;
    if (total > read) {
      more[groupOf(t)] = {
        total,
        read: async (offset, count) => (await memoriesOfType(api, id, t, offset, Math.min(count, MAX_REVEAL))).map(remembers),
      };
    }
  }
  return {
    center,
    items: [
      ...MEMORY_TYPES.flatMap((t) => g[t.toLowerCase()].edges.map((e) => remembers(e.node))),
      ...a.beliefs.map((b) => around(center, beliefNode(b), "believes", "beliefs")),
      ...a.created.map((k) => around(center, knowledgeNode(k), "created", "knowledge")),
      ...a.assignedTasks.map((t) => around(center, taskNode(t), "assigned", "tasks")),
    ],
    more,
  };
}
