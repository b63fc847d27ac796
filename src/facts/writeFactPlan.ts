import type { Caller } from "../core/caller.js";
import type { Tx } from "../graph/executor.js";
import { cypherInt } from "../graph/readQuery.js";
import { noRows, type Row } from "../graph/statement.js";
import type { FactRelation } from "../core/schemaFacts.js";
import type { StoredFact } from "./factTypes.js";
import type { FactPlan } from "./planFacts.js";

/** A fact's vector, made before the write transaction from the fact's text. */
export interface FactVector {
  vector: number[];
  key: string;
  model: string;
}

/** Relationship types go into Cypher as text: only the SDL's fact types pass. */
function relType(relations: readonly FactRelation[], type: string): string {
  if (!relations.some((r) => r.type === type)) throw new Error(`Refusing unknown fact type ${type}`);
  return type;
}

// Every statement below runs once per plan (UNWIND over its rows), not once per fact;
// rows with a vector and rows without go to two statements (no per-row branch).
const setFact = (withVector: boolean) => `
  SET r += row.props,
      r.validFrom = CASE WHEN row.validFrom IS NULL THEN null ELSE datetime(row.validFrom) END,
      r.validUntil = CASE WHEN row.validUntil IS NULL THEN null ELSE datetime(row.validUntil) END,
      r.updatedAt = datetime(), r.embeddedAt = datetime(),
      r.embeddingStatus = ${withVector ? "'READY'" : "'PENDING'"}
  ${withVector ? "WITH r, row CALL db.create.setRelationshipVectorProperty(r, 'embedding', row.vector)" : "REMOVE r.embedding"}`;

const createFacts = (type: string, withVector: boolean) => `
  UNWIND $rows AS row
  MATCH (p:Person) WHERE elementId(p) = row.subject
  MATCH (o) WHERE elementId(o) = row.object
  CREATE (p)-[r:${type}]->(o)
  SET r.createdAt = datetime(), r.source = coalesce(row.source, 'assertFacts')
  ${setFact(withVector)}`;

const updateFacts = (withVector: boolean) => `
  UNWIND $rows AS row
  MATCH ()-[r]->() WHERE elementId(r) = row.id
  ${setFact(withVector)}`;

/** A type cannot change in place: the fact moves to a new relationship with all its properties, the old one goes. */
const retypeFacts = (type: string, withVector: boolean) => `
  UNWIND $rows AS row
  MATCH (p)-[old]->(o) WHERE elementId(old) = row.id
  CREATE (p)-[r:${type}]->(o)
  SET r = properties(old)
  DELETE old
  ${setFact(withVector)}`;

const CREATE_OBJECTS = (label: string) => `
  UNWIND $objects AS row
  CREATE (o:${label} {id: row.id, tenantId: $tenantId, ownerId: $ownerId, visibility: row.visibility, sharedWith: row.sharedWith,
                      name: row.name, aliases: [], createdAt: datetime()})
  RETURN row.ref AS ref, elementId(o) AS key`;

// Objects keep at most 50 aliases (the SDL's limit); one already there (or the name itself) is not added twice.
const LEARN_ALIASES = `
  UNWIND $rows AS row
  MATCH (o) WHERE elementId(o) = row.key
  SET o.aliases = reduce(known = coalesce(o.aliases, []), alias IN row.aliases |
    CASE WHEN toLower(alias) IN [a IN known | toLower(a)] OR toLower(alias) = toLower(o.name) OR size(known) >= 50 THEN known ELSE known + alias END)`;

function propsOf(fact: StoredFact, vector: FactVector | undefined) {
  const a = fact.attributes;
  return {
    factId: fact.factId,
    confidence: fact.confidence,
    evidence: fact.evidence,
    role: a.role,
    location: a.location,
    startDate: a.startDate,
    endDate: a.endDate,
    proficiency: a.proficiency,
    yearsExperience: a.yearsExperience === null ? null : cypherInt(a.yearsExperience),
    sentiment: a.sentiment,
    basis: a.basis,
    weight: a.weight,
    attributes: a.extra ? JSON.stringify(a.extra) : null,
    contradicts: fact.contradicts,
    embeddingKey: vector?.key ?? null,
    embeddingModel: vector?.model ?? null,
  };
}

/**
 * Writes a plan inside the caller's transaction: new object nodes (stamped
 * with the caller's tenant and agent, with the visibility of the fact that
 * names them: objectScope.ts), then every touched fact, each with its vector
 * when one was made for its final text.
 */
export async function writeFactPlan(
  tx: Tx,
  caller: Caller,
  plan: FactPlan,
  relations: readonly FactRelation[],
  vectorOf: (fact: StoredFact) => FactVector | undefined,
): Promise<void> {
  const created = await createObjects(tx, caller, plan, relations);
  const aliases = new Map<string, string[]>();
  for (const { object } of plan.facts.filter((f) => f.object.learnAlias !== undefined && f.elementId === null)) {
    aliases.set(object.key, [...(aliases.get(object.key) ?? []), object.learnAlias!.slice(0, 200)]);
  }
  if (aliases.size > 0) await tx.run(noRows(LEARN_ALIASES, { rows: [...aliases].map(([key, names]) => ({ key, aliases: names })) }));

  const groups = new Map<string, { cypher: string; rows: Record<string, unknown>[] }>();
  const add = (cypher: string, row: Record<string, unknown>) => {
    const group = groups.get(cypher) ?? { cypher, rows: [] };
    group.rows.push(row);
    groups.set(cypher, group);
  };
  for (const fact of plan.facts) {
    const vector = vectorOf(fact);
    const row = { props: propsOf(fact, vector), validFrom: fact.validFrom, validUntil: fact.validUntil, vector: vector?.vector ?? null };
    const type = relType(relations, fact.type);
    const withVector = row.vector !== null;
    if (fact.elementId === null) add(createFacts(type, withVector), { ...row, subject: fact.subjectKey, object: created.get(fact.object.key) ?? fact.object.key, source: fact.source ?? null });
    else if (fact.storedType !== fact.type) add(retypeFacts(type, withVector), { ...row, id: fact.elementId });
    else add(updateFacts(withVector), { ...row, id: fact.elementId });
  }
  for (const { cypher, rows } of groups.values()) await tx.run(noRows(cypher, { rows }));
}

/** New object nodes, one statement per label; returns each planned key's element id. */
async function createObjects(tx: Tx, caller: Caller, plan: FactPlan, relations: readonly FactRelation[]): Promise<Map<string, string>> {
  const byLabel = new Map<string, Map<string, Record<string, unknown>>>();
  for (const { object: o } of plan.facts) {
    if (!o.isNew) continue;
    const label = relations.find((r) => r.target === o.label)?.target;
    if (!label) throw new Error(`Refusing unknown object label ${o.label}`);
    if (!o.access) throw new Error(`A new ${label} must carry the access of its fact`);
    const objects = byLabel.get(label) ?? new Map();
    objects.set(o.key, { ref: o.key, id: o.id, name: o.name, visibility: o.access.visibility, sharedWith: o.access.sharedWith });
    byLabel.set(label, objects);
  }
  const created = new Map<string, string>();
  for (const [label, objects] of byLabel) {
    const statement = {
      cypher: CREATE_OBJECTS(label),
      params: { tenantId: caller.tenantId, ownerId: caller.agentId, objects: [...objects.values()] },
      decode: (r: Row) => [r.string("ref"), r.string("key")] as const,
    };
    for (const [ref, key] of await tx.run(statement)) created.set(ref, key);
  }
  return created;
}
