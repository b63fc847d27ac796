/** A person as the mention finder knows them: every name they go by. */
export interface KnownPerson {
  id: string;
  name: string;
  names: string[];
}

export interface Mention {
  name: string;
  personId: string;
  personName: string;
  mentionedInMessage: number;
}

/** A phrase like "my brother": who it points at is found through the author's relationships. */
export interface ImplicitPhrase {
  reference: string;
  /** The word that names the relationship: `brother`. */
  word: string;
  /** Fact types that could hold it, most likely first. */
  types: string[];
  mentionedInMessage: number;
}

const KIN = ["brother", "sister", "mom", "mother", "dad", "father", "wife", "husband", "son", "daughter", "cousin", "uncle", "aunt", "grandma", "grandpa", "sibling", "partner"];
const FRIENDS = ["friend", "best friend", "buddy", "girlfriend", "boyfriend", "roommate"];
const WORK = ["boss", "manager", "coworker", "co-worker", "colleague", "teammate", "mentor", "the new hire"];

const PHRASE = new RegExp(`\\b(?:(?:my|our)\\s+(${[...KIN, ...FRIENDS, ...WORK].join("|")})|(the new hire))\\b`, "gi");

function typesOf(word: string): string[] {
  if (KIN.includes(word)) return ["RELATED_TO", "CLOSE_TO"];
  if (FRIENDS.includes(word)) return ["CLOSE_TO", "RELATED_TO", "INTERACTED_WITH"];
  return ["INTERACTED_WITH", "CLOSE_TO"];
}

/** Every 1-to-3-word sequence of the texts, lower-cased, punctuation trimmed: what a name could be. Pure. */
export function nameCandidates(texts: readonly string[], max = 5000): string[] {
  const grams = new Set<string>();
  for (const text of texts) {
    const words = text.toLowerCase().split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}@]+|[^\p{L}\p{N}]+$/gu, "").replace(/'s$/, "")).filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      for (let n = 1; n <= 3 && i + n <= words.length; n++) grams.add(words.slice(i, i + n).join(" "));
    }
  }
  return [...grams].slice(0, max);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Names of known people written in each message (whole words, any case), once per person and message. Pure. */
export function findMentions(contents: readonly string[], people: readonly KnownPerson[]): Mention[] {
  const mentions: Mention[] = [];
  contents.forEach((content, index) => {
    for (const person of people) {
      for (const name of [...person.names].sort((a, b) => b.length - a.length)) {
        const found = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "iu").exec(content);
        if (found) {
          mentions.push({ name: found[0], personId: person.id, personName: person.name, mentionedInMessage: index });
          break;
        }
      }
    }
  });
  return mentions;
}

/** "my brother", "our manager", "the new hire" in each message. Pure. */
export function findImplicitPhrases(contents: readonly string[]): ImplicitPhrase[] {
  return contents.flatMap((content, index) =>
    [...content.matchAll(PHRASE)].map((m) => {
      const word = (m[1] ?? m[2]!).toLowerCase();
      return { reference: m[0], word, types: typesOf(word), mentionedInMessage: index };
    }),
  );
}
