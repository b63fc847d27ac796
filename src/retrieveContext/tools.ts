import { RetrieveContextDocument } from "@mnemograph/client";
import { READ, declareAgentTool } from "../core/agentTool.js";

/** retrieve_context, declared once beside Mutation.retrieveContext (core/agentTool.ts). */
export const RETRIEVE_AGENT_TOOLS = [
  declareAgentTool({
    name: "retrieve_context",
    field: "retrieveContext",
    title: "Retrieve context for a conversation",
    description:
      "Given the last messages of a conversation, finds the facts about the people in it and the snippets that matter (several retrieval tools, planned for you), with a confidence. Use it when a reply depends on who the people are.",
    args: ["input.messages", "input.channelId", "input.maxFacts"],
    describe: {
      messages: "The last messages of the conversation, oldest first.",
      "messages.author_id": "The author's id on the platform, when known.",
      "messages.author_name": "The author's name as shown.",
      "messages.content": "What they wrote.",
      "messages.timestamp": "When it was written (ISO-8601), if known.",
      channel_id: "The channel the conversation is in.",
      max_facts: "How many facts at most, 1..100; default 30.",
    },
    document: String(RetrieveContextDocument),
    // A lookup: the only thing it writes is a private trace of the run, for review.
    hints: READ,
    render: (r) => [`Confidence: ${String(r.confidence).toLowerCase()}.`, ...r.facts.map((f) => `- ${f}`)].join("\n"),
  }),
];
