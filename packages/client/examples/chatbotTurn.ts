/**
 * A chat-bot turn (the chatbot memory service's bot): read the memory context
 * for the conversation, reply with it in the prompt, and record the exchange so
 * the next turn remembers it.
 *
 *   MNEMOGRAPH_API_KEY=mk_… MNEMOGRAPH_AGENT_ID=chatbot npx tsx packages/client/examples/chatbotTurn.ts
 */
import { MemoryContextDocument, RecordInteractionDocument, type MnemographClient } from "@mnemograph/client";
import { runExample } from "./runExample.js";

export interface ChatTurn {
  /** The bot's agent id: the one its API key acts as. */
  agentId: string;
  conversationId: string;
  user: string;
  message: string;
  /** The model call; given the memory block and the message, the reply. */
  reply?: (memory: string, message: string) => Promise<string> | string;
}

/** Stands in for the language model: says what it would have been given. */
const echoModel = (memory: string, message: string) => `You said "${message}". I remember: ${memory.trim() ? memory.split("\n").length : 0} line(s).`;

export async function chatbotTurn(client: MnemographClient, { agentId, conversationId, user, message, reply = echoModel }: ChatTurn) {
  const { memoryContext } = await client.request(MemoryContextDocument, { agentId, conversationId, participants: [user], topic: message, tokenBudget: 500 });
  const answer = await reply(memoryContext.text, message);
  const { recordInteraction } = await client.request(RecordInteractionDocument, {
    input: { agentId, withPeople: [user], conversationId, summary: `${user} said: ${message} — replied: ${answer}`, importance: 0.6, tags: ["chat"] },
  });
  return { memory: memoryContext, reply: answer, recorded: recordInteraction };
}

runExample(import.meta.url, (client) =>
  chatbotTurn(client, { agentId: process.env.MNEMOGRAPH_AGENT_ID ?? "chatbot", conversationId: "example-conversation", user: "alice", message: process.argv[2] ?? "I moved to Lisbon last month" }),
);
