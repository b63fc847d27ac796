import neo4j, { type Driver } from "neo4j-driver";
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
export async function loadKnownPeople(driver: Driver, database: string, tenantId: string, ids: readonly string[], texts: readonly string[]): Promise<KnownPerson[]> {
  const result = await driver.executeQuery(PEOPLE, { tenantId, ids: [...new Set(ids)], names: nameCandidates([...texts, ...texts.map(withoutAt)], 20_000) }, { database, routing: neo4j.routing.READ });
  return result.records.map((r) => ({ id: r.get("id"), name: r.get("name"), realName: r.get("realName"), aliases: r.get("aliases") }));
}
