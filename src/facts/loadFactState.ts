import { randomUUID } from "node:crypto";
import type { ManagedTransaction } from "neo4j-driver";
import { visibilityParams } from "../auth/policy.js";
import type { Caller } from "../core/caller.js";
import { NotFoundError } from "../errors/errors.js";
import { visibleAs } from "../graph/visibleAs.js";
import { FACT_ROW, rowAttributes, type FactRow } from "./factRecord.js";
import { targetOf } from "./factRelations.js";
import { type FactRelation } from "../core/schemaFacts.js";
import type { FactAssertion, ObjectRef, StoredFact } from "./factTypes.js";
import type { ValidAssertion } from "./validateAssertions.js";

/** What the rules need to plan one call: resolved assertions, the facts already stored, the subjects' names. */
export interface FactState {
  assertions: FactAssertion[];
  existing: StoredFact[];
  subjectNames: Map<string, string>;
}

const SUBJECTS = `
  UNWIND $ids AS sid
  MATCH (p:Person {tenantId: $callerTenant, id: sid}) WHERE ${visibleAs("p")}
  RETURN sid, elementId(p) AS key, p.name AS name`;

/** Objects by id, name, real name or alias, case-insensitively; the id wins, then the name, then the oldest node. */
const objectsOf = (label: string) => `
  UNWIND $refs AS ref
  MATCH (o:${label}) WHERE o.tenantId = $callerTenant AND ${visibleAs("o")}
    AND (o.id = ref OR toLower(o.name) = toLower(ref) OR toLower(coalesce(o.realName, '')) = toLower(ref)
         OR any(alias IN coalesce(o.aliases, []) WHERE toLower(alias) = toLower(ref)))
  WITH ref, o ORDER BY CASE WHEN o.id = ref THEN 0 WHEN toLower(o.name) = toLower(ref) THEN 1 ELSE 2 END, o.createdAt
  WITH ref, collect(o)[0] AS o
  RETURN ref, elementId(o) AS key, o.id AS id, o.name AS name`;

/** The subjects' facts the caller may read (their objects visible), locked against concurrent assertions first. */
const FACTS = `
  UNWIND $keys AS key
  MATCH (p:Person) WHERE elementId(p) = key
  MATCH (p)-[r]->(o) WHERE type(r) IN $types AND ${visibleAs("o")}
  RETURN ${FACT_ROW} AS fact`;

/**
 * Reads what the rules need, in the caller's tenant only: the subjects (which
 * must exist and be visible), each object (found, or to be created), and the
 * subjects' stored facts. In a write transaction it first locks the subjects,
 * so two calls about one person are planned one after the other.
 */
export async function loadFactState(
  tx: ManagedTransaction,
  caller: Caller,
  valid: readonly ValidAssertion[],
  relations: readonly FactRelation[],
  lock: boolean,
): Promise<FactState> {
  const visibility = visibilityParams(caller);
  const subjectRows = (await tx.run(SUBJECTS, { ...visibility, ids: [...new Set(valid.map((a) => a.subject))] })).records;
  const subjects = new Map(subjectRows.map((r) => [r.get("sid") as string, { key: r.get("key") as string, name: r.get("name") as string }]));
  const missing = valid.find((a) => !subjects.has(a.subject));
  if (missing) throw new NotFoundError(`assertFacts.facts[${missing.index}].subject: no person "${missing.subject}" in this tenant`);
  const keys = [...new Set([...subjects.values()].map((s) => s.key))];
  if (lock) await tx.run("MATCH (p:Person) WHERE elementId(p) IN $keys CALL apoc.lock.nodes([p]) RETURN count(*)", { keys });

  const objects = new Map<string, ObjectRef>();
  const byLabel = new Map<string, string[]>();
  for (const a of valid) {
    const label = targetOf(relations, a.relation)!;
    byLabel.set(label, [...(byLabel.get(label) ?? []), a.object]);
  }
  for (const [label, refs] of byLabel) {
    const rows = (await tx.run(objectsOf(label), { ...visibility, refs: [...new Set(refs)] })).records;
    for (const r of rows) {
      if (r.get("key") === null) continue;
      objects.set(`${label}\n${r.get("ref") as string}`, { key: r.get("key"), label, name: r.get("name"), id: r.get("id"), isNew: false });
    }
  }
  const assertions = valid.map((a): FactAssertion => {
    const label = targetOf(relations, a.relation)!;
    let object = objects.get(`${label}\n${a.object}`);
    if (!object && label === "Person") {
      throw new NotFoundError(`assertFacts.facts[${a.index}].object: no person "${a.object}" in this tenant`);
    }
    // One new node per label and name, shared by every assertion of the call that names it.
    const newKey = `new:${label}:${a.object.toLowerCase()}`;
    object ??= objects.get(newKey) ?? { key: newKey, label, name: a.object, id: randomUUID(), isNew: true };
    objects.set(newKey, object);
    return { ...a, subjectKey: subjects.get(a.subject)!.key, object };
  });

  const factRows = (await tx.run(FACTS, { ...visibility, keys, types: relations.map((r) => r.type) })).records;
  const existing = factRows.map((rec): StoredFact => {
    const row = rec.get("fact") as FactRow;
    return {
      factId: row.hasFactId ? row.id : randomUUID(),
      elementId: row.elementId,
      storedType: row.type,
      type: row.type,
      subjectKey: row.personKey,
      object: { key: row.objectKey, label: row.objectLabel, name: row.object, id: row.objectId, isNew: false },
      attributes: rowAttributes(row),
      confidence: Number(row.confidence ?? 0),
      evidence: row.evidence,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      contradicts: row.contradicts,
      createdAt: row.createdAt,
    };
  });
  const subjectNames = new Map([...subjects.values()].map((s) => [s.key, s.name]));
  return { assertions, existing, subjectNames };
}
