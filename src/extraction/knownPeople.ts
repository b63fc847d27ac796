import { executor, type GraphTarget } from "../graph/executor.js";
import type { Row } from "../graph/statement.js";
import { tenantNodes } from "../graph/tenantNodes.js";
import { nameCandidates } from "../people/index.js";
import type { KnownPerson } from "./extractor.js";

/** Read through the tenant's part of the (tenantId, id) index (graph/tenantNodes.ts): a label scan read every tenant's people. */
export const PEOPLE = `
  ${tenantNodes("p", "Person", "$tenantId")}
    AND (p.id IN $ids OR toLower(p.name) IN $names OR toLower(coalesce(p.realName, '')) IN $names
     OR any(a IN coalesce(p.aliases, []) WHERE toLower(a) IN $names))
  RETURN p.id AS id, p.name AS name, p.realName AS realName, coalesce(p.aliases, []) AS aliases
  LIMIT 5000`;

/** `@ana` names Ana too. */
const withoutAt = (text: string) => text.replace(/@(?=[\p{L}\p{N}])/gu, "");

/**
 * The people of one tenant a batch of messages may name: its authors and
 * mentions, and everyone whose name, real name or alias occurs in a text.
 */
export async function loadKnownPeople(driver: GraphTarget["driver"], database: string, tenantId: string, ids: readonly string[], texts: readonly string[]): Promise<KnownPerson[]> {
  const statement = {
    cypher: PEOPLE,
    params: { tenantId, ids: [...new Set(ids)], names: nameCandidates([...texts, ...texts.map(withoutAt)], 20_000) },
    decode: (r: Row): KnownPerson => ({ id: r.string("id"), name: r.string("name"), realName: r.stringOrNull("realName"), aliases: r.strings("aliases") }),
  };
  return executor({ driver, database }).readTransaction((tx) => tx.run(statement));
}
