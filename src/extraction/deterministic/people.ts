import type { ExtractionMessage, KnownPerson } from "../extractor.js";

/** Names and aliases of the tenant's people, lower-cased, to their ids, as one conversation reads them. */
export type NameIndex = ReadonlyMap<string, string>;

/** The tenant's names split once per batch: those one person has, and those several share (two Hanas). */
export interface PeopleNames {
  unique: ReadonlyMap<string, string>;
  shared: ReadonlyMap<string, readonly string[]>;
}

const add = (map: Map<string, Set<string>>, name: string, id: string) => map.set(name, (map.get(name) ?? new Set()).add(id));

/**
 * Every name, real name and alias of the people, and each person's first name
 * unless it is someone's whole name or alias. The order of `people` changes
 * nothing.
 */
export function peopleNames(people: readonly KnownPerson[]): PeopleNames {
  const whole = new Map<string, Set<string>>();
  const first = new Map<string, Set<string>>();
  for (const person of people) {
    for (const name of [person.name, person.realName ?? "", ...person.aliases]) {
      if (name) add(whole, name.toLowerCase(), person.id);
    }
    const firstName = person.name.split(/\s+/)[0];
    if (firstName) add(first, firstName.toLowerCase(), person.id);
  }
  for (const [name, ids] of first) if (!whole.has(name)) whole.set(name, ids);
  const unique = new Map<string, string>();
  const shared = new Map<string, string[]>();
  for (const [name, ids] of whole) {
    if (ids.size === 1) unique.set(name, [...ids][0]!);
    else shared.set(name, [...ids].sort());
  }
  return { unique, shared };
}

/**
 * The names as a conversation reads them. A name several people share names
 * the one of them who takes part in the conversation (wrote in it or was
 * @-mentioned, in the batch or its window); when none or more than one does,
 * it names nobody: a fact about the wrong Hana is worse than none.
 */
export function nameIndexFor(names: PeopleNames, participants: ReadonlySet<string>): NameIndex {
  if (names.shared.size === 0) return names.unique;
  const index = new Map(names.unique);
  for (const [name, ids] of names.shared) {
    const here = ids.filter((id) => participants.has(id));
    if (here.length === 1) index.set(name, here[0]!);
  }
  return index;
}

/** Who takes part in each conversation of these messages: their authors and @-mentioned people. */
export function conversationParticipants(messages: readonly ExtractionMessage[]): Map<string, Set<string>> {
  const byConversation = new Map<string, Set<string>>();
  for (const message of messages) {
    const conversation = message.conversationId ?? "";
    const people = byConversation.get(conversation) ?? new Set<string>();
    if (message.authorPersonId) people.add(message.authorPersonId);
    for (const id of message.mentions) people.add(id);
    byConversation.set(conversation, people);
  }
  return byConversation;
}

/** The last known person a text names (by name, alias or @-mention), for the pronouns of later messages. */
export function lastNamedPerson(message: ExtractionMessage, index: NameIndex): string | undefined {
  let last: { at: number; id: string } | undefined;
  for (const m of message.text.matchAll(/@?([A-Za-z][\w']+)/g)) {
    const id = index.get(m[1]!.toLowerCase());
    if (id && id !== message.authorPersonId && (!last || m.index! >= last.at)) last = { at: m.index!, id };
  }
  return last?.id ?? message.mentions.find((id) => id !== message.authorPersonId);
}

/** Who a subject word names: "I"/"me" → the author, he/she/they → the conversation's last named person, a name or alias → its person. */
export function resolvePerson(word: string | undefined, message: ExtractionMessage, index: NameIndex, lastNamed: string | undefined): string | undefined {
  if (word === undefined) return message.authorPersonId;
  const key = word.replace(/^@/, "").toLowerCase();
  if (key === "i" || key === "me" || key === "myself" || key === "we") return message.authorPersonId;
  if (key === "he" || key === "she" || key === "they") {
    const namedHere = lastNamedPerson(message, index);
    return namedHere && namedHere !== lastNamed ? undefined : lastNamed;
  }
  const id = index.get(key);
  // An @handle that is no name or alias (a Discord nickname): the message's one mention, when it has exactly one.
  if (!id && word.startsWith("@") && message.mentions.length === 1) return message.mentions[0];
  return id;
}
