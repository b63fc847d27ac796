import type { ExtractionMessage, KnownPerson } from "../extractor.js";

/** Names and aliases of the tenant's people, lower-cased, to their ids. */
export type NameIndex = ReadonlyMap<string, string>;

export function nameIndex(people: readonly KnownPerson[]): NameIndex {
  const index = new Map<string, string>();
  for (const person of people) {
    for (const name of [person.name, person.realName ?? "", ...person.aliases]) {
      if (name) index.set(name.toLowerCase(), person.id);
    }
    const first = person.name.split(/\s+/)[0];
    if (first && !index.has(first.toLowerCase())) index.set(first.toLowerCase(), person.id);
  }
  return index;
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
