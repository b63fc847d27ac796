import { MemoryContextDocument, RecordInteractionDocument } from "@mnemograph/client";
import { ADDS, READ, declareAgentTool } from "../core/agentTool.js";

const AGENT_ID = "The agent whose memory this is. Leave it out: it is you (see whoami); another agent only for an admin.";

/** The agent-memory tools of schema/agent-memory-tools.graphql, each declared once beside its SDL field (core/agentTool.ts). */
export const MEMORY_AGENT_TOOLS = [
  declareAgentTool({
    name: "memory_context",
    field: "memoryContext",
    title: "Memory context block",
    description:
      "A compact block of what an agent remembers that matters for a conversation (people in it, a topic), within a token budget (default 1000). Put it in your prompt before you reply.",
    args: ["agentId", "conversationId", "participants", "topic", "tokenBudget"],
    describe: {
      agent_id: AGENT_ID,
      conversation_id: "The conversation it is for: its memories come first.",
      participants: "Names or ids of the people in the conversation: memories about them come first.",
      topic: "What the conversation is about, in a few words.",
      token_budget: "Most tokens the block may take, 50..8000; default 1000.",
    },
    document: String(MemoryContextDocument),
    ranges: { token_budget: [50, 8000] },
    hints: READ,
    render: (r) => r.text,
  }),
  declareAgentTool({
    name: "record_interaction",
    field: "recordInteraction",
    title: "Record an interaction",
    description:
      "Remember a conversation you had: a summary, the agents and people in it. It becomes an interaction memory that the memory context and relationships draw on. Without an importance it gets 0.6; without tags, `conversation` and the topics its summary names.",
    args: ["input.agentId", "input.summary", "input.withAgents", "input.withPeople", "input.conversationId", "input.importance", "input.tags"],
    describe: {
      agent_id: AGENT_ID,
      summary: "What was said or decided, in a few sentences.",
      with_agents: "Ids of the other agents in it; an id that is no agent is kept as a person, and you yourself are left out.",
      with_people: "Names or ids of the people in it.",
      conversation_id: "The conversation or channel it happened in.",
      importance: "How much it matters, 0..1; default 0.6.",
      tags: "Tags; default `conversation` and the topics the summary names.",
    },
    document: String(RecordInteractionDocument),
    ranges: { importance: [0, 1] },
    hints: ADDS,
    render: (r) => `Recorded as memory ${r.id}.`,
  }),
];
