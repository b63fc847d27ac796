import { ReflectDocument, ShareKnowledgeDocument } from "@mnemograph/client";
import { ADDS, ADDS_ONCE, clip, declareAgentTool } from "../core/agentTool.js";

/**
 * The agent team's memory tools of schema/belief-tools.graphql, each declared
 * once beside its SDL field (core/agentTool.ts): MCP derives its input schema
 * from the field's arguments.
 */
export const BELIEF_AGENT_TOOLS = [
  declareAgentTool({
    name: "memory_store",
    field: "memoryStore",
    title: "Store a memory",
    description:
      "Remember something you learned: a BELIEF (what you hold true, with a confidence 0..1), an INSIGHT (a category optional), an EXPERIENCE (what happened, with an outcome), or RESEARCH, a CONCEPT, CONTENT, an ANALYSIS or DOCUMENTATION (first line: its topic or title). Confident knowledge joins the team's shared pool. Store right after you learn something worth keeping.",
    describe: {
      content: "What to remember, in a sentence or a short paragraph (at most 20,000 characters). For RESEARCH, CONCEPT, CONTENT, ANALYSIS and DOCUMENTATION its first line is the topic or title.",
      type: "The kind of memory; default BELIEF.",
      confidence: "How sure you are, 0..1; default 0.5. At 0.7 or above it joins the team's shared pool. Ignored for an EXPERIENCE.",
      domains: 'Topics it is about, e.g. ["deploys"] (at most 20): memory_query filters by them, and reflection files beliefs under them.',
      category: "For an INSIGHT only; default GENERAL.",
      outcome: "For an EXPERIENCE only: how it went.",
    },
    ranges: { confidence: [0, 1] },
    // No `document`: the client's operation declares $type non-null; the generated one lets the SDL's default (BELIEF) apply.
    hints: ADDS,
    render: (r) => `Stored ${String(r.kind).toLowerCase()} ${r.id}${r.pooled ? " (joined the shared pool)" : ""}.`,
  }),
  declareAgentTool({
    name: "memory_reflect",
    field: "memoryReflect",
    title: "Reflect",
    description: "Look back over your recent experiences and form beliefs from them (a Reflection with the insights gained). Use it after a run of work or a failure.",
    describe: { limit: "How many of your newest unreflected experiences to consider, 1..200; default 50." },
    document: String(ReflectDocument),
    ranges: { limit: [1, 200] },
    hints: ADDS,
    render: (r) => [clip(r.content, 600), ...(r.insightsGained ?? []).map((i) => `- ${clip(i)}`)].join("\n"),
  }),
  declareAgentTool({
    name: "memory_share",
    field: "memoryShare",
    title: "Share knowledge",
    description: "Put one of your knowledge items (by id) into the team's shared pool, so the other agents' feeds receive it.",
    describe: { knowledge_id: "The id of your knowledge item, as memory_store or memory_query gave it." },
    document: String(ShareKnowledgeDocument),
    hints: ADDS_ONCE,
    render: (r) => `Shared as ${r.id}.`,
  }),
];

