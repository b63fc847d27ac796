import { deterministicExtractor, type ExtractedFact, type KnownPerson } from "../../../src/extraction/index.js";

export const people: KnownPerson[] = [
  { id: "p-ana", name: "Ana Souza", aliases: ["Ana"] },
  { id: "p-bob", name: "Bob Lee", aliases: ["Bobby"] },
  { id: "p-dara", name: "Dara O'Neil", aliases: ["Dee"] },
];

/** A fixed "now" every relative time in these tests resolves against. */
export const NOW = "2026-11-10T12:00:00.000Z";

/** The facts the deterministic extractor takes from `texts`, said by Ana one after another in one conversation. */
export async function extract(texts: string | string[], options: { author?: string; mentions?: string[] } = {}): Promise<ExtractedFact[]> {
  const list = Array.isArray(texts) ? texts : [texts];
  return deterministicExtractor().extract(
    list.map((text, i) => ({ id: `m${i}`, text, timestamp: NOW, authorPersonId: options.author ?? "p-ana", mentions: options.mentions ?? [], conversationId: "c1" })),
    { people },
  );
}

/** Facts as "subject RELATION object", for readable assertions. */
export const triples = (facts: readonly ExtractedFact[]) => facts.map((f) => `${f.subject} ${f.relation} ${f.object}`);
