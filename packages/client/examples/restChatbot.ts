/**
 * A chatbot that does not speak GraphQL: it posts the conversation to the
 * chatbot memory service's REST route, `POST /api/memory/retrieve`, and puts
 * the facts it gets back into its prompt. Same credentials, retries and error
 * codes as the GraphQL calls.
 *
 *   MNEMOGRAPH_API_KEY=mk_… npx tsx packages/client/examples/restChatbot.ts "Anyone work at Google?"
 */
import type { MnemographClient } from "@mnemograph/client";
import { runExample } from "./runExample.js";

/** What the route answers, as far as this bot reads it (the memory service's snake_case). */
export interface RetrieveResponse {
  facts: string[];
  confidence: "high" | "medium" | "low";
  metadata: { queries_executed: number; facts_retrieved: number; iterations_used: number; processing_time_ms: number; planner: string; run_id: string };
}

export interface ChatMessage {
  author_id: string;
  content: string;
  timestamp: string;
}

export async function restChatbot(client: MnemographClient, { channelId, messages }: { channelId: string; messages: ChatMessage[] }) {
  const retrieved = await client.rest<RetrieveResponse>("/api/memory/retrieve", { messages, channel_id: channelId, max_facts: 10 });
  const prompt = [
    "You are the channel's helpful bot. What you know about the people mentioned:",
    ...retrieved.facts.map((fact) => `- ${fact}`),
    `(confidence: ${retrieved.confidence})`,
    "",
    ...messages.map((m) => `${m.author_id}: ${m.content}`),
  ].join("\n");
  return { retrieved, prompt };
}

runExample(import.meta.url, (client) =>
  restChatbot(client, { channelId: "general", messages: [{ author_id: "user1", content: process.argv[2] ?? "Who knows Python?", timestamp: new Date().toISOString() }] }),
);
