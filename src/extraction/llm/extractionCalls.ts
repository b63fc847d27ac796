import type { ExtractionMessage, KnownPerson } from "../extractor.js";

/** One call to the model: the messages it reads, and the earlier messages it sees for context only. */
export interface ExtractionCall {
  messages: ExtractionMessage[];
  context: ExtractionMessage[];
  /** The listed people the call's texts, authors or mentions may refer to. */
  people: KnownPerson[];
}

const byConversationThenTime = (a: ExtractionMessage, b: ExtractionMessage) =>
  (a.conversationId ?? "\uffff").localeCompare(b.conversationId ?? "\uffff") || Date.parse(a.timestamp) - Date.parse(b.timestamp);

/** The people a set of messages may refer to: authors, mentions, and everyone whose name, real name or alias occurs in a text. Pure. */
export function peopleFor(people: readonly KnownPerson[], messages: readonly ExtractionMessage[]): KnownPerson[] {
  const ids = new Set(messages.flatMap((m) => [...(m.authorPersonId ? [m.authorPersonId] : []), ...m.mentions]));
  const text = messages.map((m) => m.text.toLowerCase()).join("\n");
  const named = (p: KnownPerson) => [p.name, p.realName ?? "", ...p.aliases].some((n) => n.trim().length > 1 && text.includes(n.toLowerCase()));
  return people.filter((p) => ids.has(p.id) || named(p));
}

/** The last `n` messages of each conversation of `messages` among `earlier`, oldest first. Pure. */
function contextOf(earlier: readonly ExtractionMessage[], messages: readonly ExtractionMessage[], n: number): ExtractionMessage[] {
  const conversations = new Set(messages.map((m) => m.conversationId).filter((c): c is string => c !== undefined));
  return [...conversations].flatMap((c) => earlier.filter((m) => m.conversationId === c).slice(-n));
}

/**
 * A call cut in two, for an answer too long for the token limit: the second
 * half sees the first half's messages as context. Pure.
 */
export function halveCall(call: ExtractionCall, contextPerConversation: number): [ExtractionCall, ExtractionCall] {
  const mid = Math.ceil(call.messages.length / 2);
  const first = call.messages.slice(0, mid);
  const second = call.messages.slice(mid);
  const secondContext = contextOf([...call.context, ...first], second, contextPerConversation);
  return [
    { messages: first, context: contextOf(call.context, first, contextPerConversation), people: peopleFor(call.people, [...call.context, ...first]) },
    { messages: second, context: secondContext, people: peopleFor(call.people, [...secondContext, ...second]) },
  ];
}

/**
 * Cuts a batch into calls of at most `messagesPerCall` messages, those of one
 * conversation together and in time order, and gives each call the last
 * `contextPerConversation` earlier messages of its conversations (from the
 * window the worker read, then from the batch itself) as context. Pure.
 */
export function planCalls(
  batch: readonly ExtractionMessage[],
  window: readonly ExtractionMessage[],
  people: readonly KnownPerson[],
  { messagesPerCall, contextPerConversation }: { messagesPerCall: number; contextPerConversation: number },
): ExtractionCall[] {
  const sorted = [...batch].sort(byConversationThenTime);
  const batchIds = new Set(batch.map((m) => m.id));
  const earlierWindow = [...window].filter((m) => !batchIds.has(m.id)).sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  const calls: ExtractionCall[] = [];
  for (let start = 0; start < sorted.length; start += messagesPerCall) {
    const messages = sorted.slice(start, start + messagesPerCall);
    const context = contextOf([...earlierWindow, ...sorted.slice(0, start)], messages, contextPerConversation);
    calls.push({ messages, context, people: peopleFor(people, [...context, ...messages]) });
  }
  return calls;
}
