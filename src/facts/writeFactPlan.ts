import neo4j, { type ManagedTransaction } from "neo4j-driver";
import type { Caller } from "../core/caller.js";
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

const SET_FACT = `
  SET r += $props,
      r.validFrom = CASE WHEN $validFrom IS NULL THEN null ELSE datetime($validFrom) END,
      r.validUntil = CASE WHEN $validUntil IS NULL THEN null ELSE datetime($validUntil) END,
      r.updatedAt = datetime(), r.embeddedAt = datetime(),
      r.embeddingStatus = CASE WHEN $vector IS NULL THEN 'PENDING' ELSE 'READY' END
  WITH r
  CALL (r) {
    WITH r WHERE $vector IS NOT NULL
    CALL db.create.setRelationshipVectorProperty(r, 'embedding', $vector)
  }
  CALL (r) {
    WITH r WHERE $vector IS NULL
    REMOVE r.embedding
  }
  RETURN count(r) AS written`;

const createFact = (type: string) => `
  MATCH (p:Person) WHERE elementId(p) = $subject
  MATCH (o) WHERE elementId(o) = $object
  CREATE (p)-[r:${type}]->(o)
  SET r.createdAt = datetime(), r.source = coalesce($source, 'assertFacts')
  ${SET_FACT}`;

const UPDATE_FACT = `
  MATCH ()-[r]->() WHERE elementId(r) = $id
  ${SET_FACT}`;

/** A type cannot change in place: the fact moves to a new relationship with all its properties, the old one goes. */
const retypeFact = (type: string) => `
  MATCH (p)-[old]->(o) WHERE elementId(old) = $id
  CREATE (p)-[r:${type}]->(o)
  SET r = properties(old)
  DELETE old
  ${SET_FACT}`;

const CREATE_OBJECT = (label: string) => `
  CREATE (o:${label} {id: $id, tenantId: $tenantId, ownerId: $ownerId, visibility: $visibility, sharedWith: $sharedWith,
                      name: $name, aliases: [], createdAt: datetime()})
  RETURN elementId(o) AS key`;

// Objects keep at most 50 aliases (the SDL's limit); one already there is not added twice.
const LEARN_ALIAS = `
  MATCH (o) WHERE elementId(o) = $key
  WITH o, coalesce(o.aliases, []) AS known
  WHERE NOT toLower($alias) IN [a IN known | toLower(a)] AND toLower($alias) <> toLower(o.name) AND size(known) < 50
  SET o.aliases = known + $alias`;

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
    yearsExperience: a.yearsExperience === null ? null : neo4j.int(a.yearsExperience),
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
  tx: ManagedTransaction,
  caller: Caller,
  plan: FactPlan,
  relations: readonly FactRelation[],
  vectorOf: (fact: StoredFact) => FactVector | undefined,
): Promise<void> {
  const created = new Map<string, string>();
  for (const fact of plan.facts) {
    const o = fact.object;
    if (!o.isNew || created.has(o.key)) continue;
    const label = relations.find((r) => r.target === o.label)?.target;
    if (!label) throw new Error(`Refusing unknown object label ${o.label}`);
    if (!o.access) throw new Error(`A new ${label} must carry the access of its fact`);
    const { visibility, sharedWith } = o.access;
    const res = await tx.run(CREATE_OBJECT(label), { id: o.id, tenantId: caller.tenantId, ownerId: caller.agentId, visibility, sharedWith, name: o.name });
    created.set(o.key, res.records[0]!.get("key") as string);
  }
  const aliases = plan.facts.filter((f) => f.object.learnAlias !== undefined && f.elementId === null);
  for (const { object } of aliases) await tx.run(LEARN_ALIAS, { key: object.key, alias: object.learnAlias!.slice(0, 200) });
  for (const fact of plan.facts) {
    const vector = vectorOf(fact);
    const params = {
      props: propsOf(fact, vector),
      validFrom: fact.validFrom,
      validUntil: fact.validUntil,
      vector: vector?.vector ?? null,
    };
    const type = relType(relations, fact.type);
    if (fact.elementId === null) {
      const object = created.get(fact.object.key) ?? fact.object.key;
      await tx.run(createFact(type), { ...params, subject: fact.subjectKey, object, source: fact.source ?? null });
    } else if (fact.storedType !== fact.type) {
      await tx.run(retypeFact(type), { ...params, id: fact.elementId });
    } else {
      await tx.run(UPDATE_FACT, { ...params, id: fact.elementId });
    }
  }
}
