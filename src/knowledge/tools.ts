import { QueryKnowledgeDocument } from "@mnemograph/client";
import { READ, clip, declareAgentTool } from "../core/agentTool.js";

/** memory_query, declared once beside Query.memoryQuery (core/agentTool.ts). */
export const KNOWLEDGE_AGENT_TOOLS = [
  declareAgentTool({
    name: "memory_query",
    field: "memoryQuery",
    title: "Query knowledge",
    description: "Knowledge (beliefs, insights, learnings) on a topic, yours and what the team shared, most relevant first. Ask before deciding something the team may already know.",
    args: ["topic", "minConfidence", "domain", "includeShared", "limit"],
    describe: {
      topic: "The topic, in a few words.",
      min_confidence: "Leave out knowledge held with less confidence, 0..1; default 0.",
      domain: "Only knowledge filed under this domain.",
      include_shared: "Also what other agents shared with the team; default true.",
      limit: "How many items at most, 1..100; default 10.",
    },
    document: String(QueryKnowledgeDocument),
    ranges: { min_confidence: [0, 1], limit: [1, 100] },
    hints: READ,
    render: (hits) =>
      hits.length
        ? hits.map(({ knowledge: k }, i) => `${i + 1}. [${k.type} ${k.id} by ${k.ownerId}, confidence ${k.confidence}] ${clip(k.title ?? k.text)}`).join("\n")
        : "No knowledge on that topic.",
  }),
];
