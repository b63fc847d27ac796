import neo4j, { type Driver } from "neo4j-driver";
import type { KnownPerson } from "./extractor.js";

const PEOPLE = `
  MATCH (p:Person {tenantId: $tenantId})
  WHERE p.id IN $ids OR toLower(p.name) IN $names OR toLower(coalesce(p.realName, '')) IN $names
     OR any(a IN coalesce(p.aliases, []) WHERE toLower(a) IN $names)
  RETURN p.id AS id, p.name AS name, p.realName AS realName, coalesce(p.aliases, []) AS aliases
  LIMIT 5000`;

/** Most words a name is made of, for the candidates read from the texts. */
const MAX_NAME_WORDS = 3;

/**
 * What in a text might be a person's name: every run of one to three words
 * (`@handles` with and without the `@`), lower-cased. Pure.
 */
export function nameCandidates(texts: readonly string[]): string[] {
  const names = new Set<string>();
  for (const text of texts) {
    const words = text.toLowerCase().match(/@?[\p{L}\p{N}][\p{L}\p{N}._'-]*/gu) ?? [];
    for (let i = 0; i < words.length; i++) {
      let name = "";
      for (let n = 0; n < MAX_NAME_WORDS && i + n < words.length; n++) {
        const word = words[i + n]!.replace(/[.'-]+$/, "");
        name = n === 0 ? word : `${name} ${word}`;
        names.add(name);
        if (name.startsWith("@")) names.add(name.slice(1));
      }
    }
  }
  return [...names];
}

/**
 * The people of one tenant a batch of messages may name: its authors and
 * mentions, and everyone whose name, real name or alias occurs in a text.
 */
export async function loadKnownPeople(driver: Driver, database: string, tenantId: string, ids: readonly string[], texts: readonly string[]): Promise<KnownPerson[]> {
  const result = await driver.executeQuery(PEOPLE, { tenantId, ids: [...new Set(ids)], names: nameCandidates(texts) }, { database, routing: neo4j.routing.READ });
  return result.records.map((r) => ({ id: r.get("id"), name: r.get("name"), realName: r.get("realName"), aliases: r.get("aliases") }));
}
