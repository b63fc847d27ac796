import { CorrectMemoryDocument, ForgetMemoryDocument } from "@mnemograph/client";
import { REMOVES, REPLACES, declareAgentTool } from "../core/agentTool.js";

/** memory_update and memory_forget, declared once beside their SDL fields (core/agentTool.ts). */
export const FORGET_AGENT_TOOLS = [
  declareAgentTool({
    name: "memory_update",
    field: "correctMemory",
    title: "Correct a memory",
    description:
      "Correct something you stored that turned out wrong or outdated, by its id (from memory_store or a search hit). Searches then find only the new text; the old one is kept as history. A belief gets a new id (the old one is superseded). Messages cannot be corrected: forget them.",
    describe: {
      id: "The id of what to correct.",
      content: "The corrected text, whole (it replaces the old one; at most 20,000 characters).",
      reason: 'Why it changed, kept with the history; default "corrected".',
    },
    document: String(CorrectMemoryDocument),
    // It replaces what searches return, though the earlier text stays in the history.
    hints: REPLACES,
    render: (r) => `Corrected ${String(r.nodeType).toLowerCase()} ${r.id} (earlier version kept as ${String(r.previousVersionId)}).`,
  }),
  declareAgentTool({
    name: "memory_forget",
    field: "forgetMemory",
    title: "Forget a memory",
    description:
      "Forget something you stored or recorded, by its id: a memory, a message, a belief or other knowledge. It is deleted with its earlier versions and copies, and no tool returns it any more. Use it when a person asks you to forget something, or it must not be kept.",
    describe: { id: "The id of what to forget (from memory_store, record_interaction or a search hit)." },
    document: String(ForgetMemoryDocument),
    // Forgetting again finds nothing (NOT_FOUND) and removes nothing more.
    hints: REMOVES,
    render: (r) => `Forgot ${String(r.nodeType).toLowerCase()} ${r.id}.`,
  }),
];
