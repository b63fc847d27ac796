import type { ConversationAnalysis } from "../analyzeConversation.js";
import type { EntityLinks } from "../linkEntities.js";
import type { RetrieveRequest } from "../request.js";
import { renderExampleSessions } from "./exampleSessions.js";

/**
 * Bumped whenever a prompt's wording changes. Every run the LLM planner took
 * part in records it (RetrievalRun.promptVersion, metadata.promptVersion), so
 * reviews and helpful marks can be compared across prompt versions.
 */
export const PLANNER_PROMPT_VERSION = "retrieve-planner/2026-12-01.1";

/** The planner's instructions, with example sessions (exampleSessions.ts). Pure. */
export function plannerSystemPrompt({ maxFacts, maxIterations }: Pick<RetrieveRequest, "maxFacts" | "maxIterations">): string {
  return [
    "You are the memory agent of a group chat. Given the last messages of a conversation, find the facts from the knowledge graph that would help answer or continue it.",
    "Call the tools to look things up: people's profiles and summaries, people by organisation, skill, topic or place, people connected to a project or event, relationships between people, timelines, a channel's recent messages, and search by meaning.",
    "Check the participants first. If someone mentions an organisation, place, project or event, look up who else is connected to it; for \"who should I ask about X\", look up skills and interests.",
    "Person tools take person ids; the participants and the people named in the conversation are listed with their ids. Several tool calls in one turn run in parallel: batch independent lookups.",
    `Stop as soon as you have what the conversation needs: reply without tool calls, in one or two sentences saying what you found and why it matters. You have at most ${maxIterations} rounds and the answer keeps at most ${maxFacts} facts.`,
    "Never invent facts: only tool results count. If a lookup finds nothing, say so and move on; do not repeat the same call.",
    "",
    "Examples of good sessions (the ids are made up; use the ids of your conversation):",
    "",
    renderExampleSessions(),
  ].join("\n");
}

/** The conversation and what the analysis linked, as the model's first message. Pure. */
export function plannerUserPrompt(request: RetrieveRequest, analysis: ConversationAnalysis, links: EntityLinks): string {
  const lines = request.messages.map((m) => `[${m.timestamp ?? "?"}] ${m.authorName ?? m.authorId ?? "someone"}${m.authorId ? ` (${m.authorId})` : ""}: ${m.content}`);
  const participants = links.authors.map((a) => `${a.name ?? a.id ?? "someone"}: ${a.personId ? `person id ${a.personId}` : "not in the graph"}`);
  const named = links.entities.map((e) => `${e.name} (${e.label}${e.label === "Person" ? `, person id ${e.id}` : ""})`);
  const asks = analysis.intents.map((i) => `${i.kind}: ${i.term}`);
  return [
    `Conversation${request.channelId ? ` in channel ${request.channelId}` : ""}:`,
    ...lines,
    "",
    `Participants: ${participants.join("; ") || "unknown"}`,
    `Named in the graph: ${named.join("; ") || "nothing"}`,
    `Asked about: ${asks.join("; ") || "nothing explicit"}`,
  ].join("\n");
}
