import { randomUUID } from "node:crypto";
import { visibilityParams } from "../auth/policy.js";
import type { Caller } from "../core/caller.js";
import { BadUserInputError, NotFoundError } from "../errors/errors.js";
import type { Tx } from "../graph/executor.js";
import { noRows, type Row } from "../graph/statement.js";
import { tenantNodes } from "../graph/tenantNodes.js";
import { visibleAs } from "../graph/visibleAs.js";
import { nameKey, nameKeyCypher, nameKeyParams } from "./nameKey.js";
import { FACT_ROW, rowAttributes, factRowOf } from "./factRecord.js";
import { safeFactTypes, targetOf } from "./factRelations.js";
import { type FactRelation } from "../core/schemaFacts.js";
import type { FactAssertion, ObjectRef, StoredFact } from "./factTypes.js";
import type { ValidAssertion } from "./validateAssertions.js";
import { objectScope, type ObjectScope, type SubjectAccess } from "./objectScope.js";

/** What the rules need to plan one call: resolved assertions, the facts already stored, the subjects' names. */
export interface FactState {
  assertions: FactAssertion[];
  existing: StoredFact[];
  subjectNames: Map<string, string>;
}

const SUBJECTS = `
  UNWIND $ids AS sid
  MATCH (p:Person {tenantId: $callerTenant, id: sid}) WHERE ${visibleAs("p")}
  RETURN sid, elementId(p) AS key, p.name AS name, p.ownerId AS ownerId, p.visibility AS visibility, coalesce(p.sharedWith, []) AS sharedWith`;

/** A subject as SUBJECTS reads it: its id as asked, its element id, its name and who reads it. */
const subjectRow = (r: Row) => ({
  sid: r.string("sid"),
  key: r.string("key"),
  name: r.string("name"),
  access: { ownerId: r.string("ownerId"), visibility: r.string("visibility"), sharedWith: r.strings("sharedWith") } satisfies SubjectAccess,
});

/**
 * Objects by id, name, real name or alias, case-insensitively, that fit the
 * fact's scope (objectScope.ts: SHARED, or readable by every reader of the
 * fact); the id wins, then the name, then the oldest node (so a subject's
 * facts keep to the node they were first asserted with, and merge).
 * People (`anyVisible`) are matched as the caller sees them: they are never
 * created by a fact. `unfitById`: the ref is the id of a node the caller reads
 * but the fact's readers would not all read.
 */
export const objectsOf = (label: string) => `
  WITH [ref IN $refs | ref.name] + [ref IN $refs | toLower(ref.name)] + [ref IN $refs WHERE ref.key <> '' | ref.key] AS spellings
  ${tenantNodes("o", label, "$callerTenant")} AND ${visibleAs("o")}
  // Each object's spellings once per statement, not once per ref: the name key is a regex in Cypher.
  WITH o, toLower(o.name) AS name, toLower(coalesce(o.realName, '')) AS realName, [alias IN coalesce(o.aliases, []) | toLower(alias)] AS aliases,
       CASE WHEN $byKey THEN ${nameKeyCypher("o.name")} ELSE '' END AS key, spellings
  // Only objects with a spelling some ref has meet the refs: a tenant's objects times a batch's refs was most of the cost.
  WHERE o.id IN spellings OR name IN spellings OR realName IN spellings OR key IN spellings OR any(alias IN aliases WHERE alias IN spellings)
  UNWIND $refs AS ref
  WITH ref, o, CASE WHEN o.id = ref.name THEN 0 WHEN name = toLower(ref.name) THEN 1
                    WHEN realName = toLower(ref.name) OR toLower(ref.name) IN aliases THEN 2
                    WHEN ref.key <> '' AND key = ref.key THEN 3 END AS rank
  WHERE rank IS NOT NULL
  WITH ref, o, rank,
       ref.anyVisible OR o.visibility = 'SHARED'
         OR (ref.readers IS NOT NULL AND all(reader IN ref.readers WHERE o.ownerId = reader OR reader IN coalesce(o.sharedWith, []))) AS fits
  ORDER BY rank, o.createdAt
  WITH ref, collect(CASE WHEN fits THEN {o: o, rank: rank} END) AS usable, collect(CASE WHEN rank = 0 AND NOT fits THEN o.id END) AS unfit
  WITH ref, usable[0].o AS o, usable[0].rank = 3 AS byKey, size(unfit) > 0 AS unfitById
  RETURN ref.name AS ref, ref.scope AS scope, elementId(o) AS key, o.id AS id, o.name AS name, byKey, unfitById`;

/** A ref as objectsOf answers it: the object found for it (null: none fits), whether by its name key, or that its id names an object that does not fit. */
const objectRow = (r: Row) => {
  const key = r.stringOrNull("key");
  return {
    ref: r.string("ref"),
    scope: r.string("scope"),
    object: key === null ? null : { key, id: r.string("id"), name: r.string("name") },
    byKey: r.boolean("byKey"),
    unfitById: r.boolean("unfitById"),
  };
};

/** The subjects (`p`) by element id, one per row: `elementId(p) IN $keys` may be planned as a scan of every Person (extraction/extractionQueue.ts found that class). */
export const SUBJECTS_BY_KEY = "UNWIND $keys AS key MATCH (p:Person) WHERE elementId(p) = key";

/**
 * The subjects' facts the caller may read (their objects visible), locked
 * against concurrent assertions first. The fact types are in the pattern, so
 * Neo4j expands only those relationships: a person's AUTHORED messages (the
 * thousands of a Discord regular) are never read.
 */
const FACTS = (types: readonly string[]) => `
  ${SUBJECTS_BY_KEY}
  MATCH (p)-[r:${safeFactTypes(types).join("|")}]->(o) WHERE ${visibleAs("o")}
  RETURN ${FACT_ROW} AS fact`;

export const LOCK_SUBJECTS = `${SUBJECTS_BY_KEY} CALL apoc.lock.nodes([p]) RETURN count(*)`;

/**
 * Reads what the rules need, in the caller's tenant only: the subjects (which
 * must exist and be visible), each object (found, or to be created), and the
 * subjects' stored facts. In a write transaction it first locks the subjects,
 * so two calls about one person are planned one after the other.
 */
export async function loadFactState(
  tx: Tx,
  caller: Caller,
  valid: readonly ValidAssertion[],
  relations: readonly FactRelation[],
  lock: boolean,
): Promise<FactState> {
  const visibility = visibilityParams(caller);
  const subjectRows = await tx.run({ cypher: SUBJECTS, params: { ...visibility, ids: [...new Set(valid.map((a) => a.subject))] }, decode: subjectRow });
  const subjects = new Map(subjectRows.map((r) => [r.sid, { key: r.key, name: r.name, scope: objectScope(r.access, caller.agentId) }]));
  const missing = valid.find((a) => !subjects.has(a.subject));
  if (missing) throw new NotFoundError(`assertFacts.facts[${missing.index}].subject: no person "${missing.subject}" in this tenant`);
  const keys = [...new Set([...subjects.values()].map((s) => s.key))];
  if (lock) await tx.run(noRows(LOCK_SUBJECTS, { keys }));

  const assertions = await resolveObjects(tx, caller, valid, relations, (a) => subjects.get(a.subject)!);
  const factRows = await tx.run({ cypher: FACTS(relations.map((r) => r.type)), params: { ...visibility, keys }, decode: (r) => factRowOf(r.row("fact")) });
  const existing = factRows.map((row): StoredFact => {
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
      retracted: row.retractedAt !== null,
    };
  });
  const subjectNames = new Map([...subjects.values()].map((s) => [s.key, s.name]));
  return { assertions, existing, subjectNames };
}

/** People are never created by a fact, so they are matched as the caller sees them. */
const ANY_VISIBLE: ObjectScope = { key: "ANY", visibility: "SHARED", readers: null, sharedWith: [] };
const SHARED_SCOPE: ObjectScope = { key: "SHARED", visibility: "SHARED", readers: null, sharedWith: [] };

/**
 * Finds or plans each assertion's object within the scope of its fact
 * (objectScope.ts). An object that fits is reused; otherwise a new one is
 * planned with the fact's visibility, one per label, scope and name in the
 * call, a PRIVATE fact joining a SHARED one planned in the same call (a SHARED
 * object fits every fact). An existing node that does not fit is never
 * changed: a SHARED fact naming a private object gets a SHARED twin.
 */
async function resolveObjects(
  tx: Tx,
  caller: Caller,
  valid: readonly ValidAssertion[],
  relations: readonly FactRelation[],
  subjectOf: (a: ValidAssertion) => { key: string; scope: ObjectScope },
): Promise<FactAssertion[]> {
  const planned = valid.map((a) => {
    const label = targetOf(relations, a.relation)!;
    return { a, label, scope: label === "Person" ? ANY_VISIBLE : subjectOf(a).scope };
  });
  const found = new Map<string, ObjectRef>();
  const unfit = new Set<string>();
  const byLabel = new Map<string, Map<string, { name: string; key: string; scope: string; readers: string[] | null; anyVisible: boolean }>>();
  for (const { a, label, scope } of planned) {
    const refs = byLabel.get(label) ?? new Map();
    refs.set(`${scope.key}\n${a.object}`, { name: a.object, key: label === "Person" ? "" : nameKey(a.object), scope: scope.key, readers: scope.readers, anyVisible: scope === ANY_VISIBLE });
    byLabel.set(label, refs);
  }
  for (const [label, refs] of byLabel) {
    const all = [...refs.values()];
    const byKey = all.some((ref) => ref.key !== "");
    const rows = await tx.run({ cypher: objectsOf(label), params: { ...visibilityParams(caller), ...nameKeyParams, byKey, refs: all }, decode: objectRow });
    for (const r of rows) {
      const at = `${label}\n${r.scope}\n${r.ref}`;
      if (r.unfitById) unfit.add(at);
      else if (r.object !== null) {
        // Found under another spelling: the spelling becomes an alias of the node (learned from the fact).
        const alias = r.byKey ? r.ref : undefined;
        found.set(at, { key: r.object.key, label, name: r.object.name, id: r.object.id, isNew: false, ...(alias ? { learnAlias: alias } : {}) });
      }
    }
  }
  const at = ({ a, label, scope }: (typeof planned)[number]) => `${label}\n${scope.key}\n${a.object}`;
  const sharedNew = new Set(planned.filter((p) => p.scope.key === "SHARED" && !found.has(at(p))).map((p) => `${p.label}:${p.a.object.toLowerCase()}`));
  const created = new Map<string, ObjectRef>();
  return planned.map((p): FactAssertion => {
    const { a, label } = p;
    if (unfit.has(at(p))) {
      throw new BadUserInputError(
        `assertFacts.facts[${a.index}].object: the ${label} "${a.object}" is not readable by every agent that reads facts about this person: name it instead, to use or create one they can read`,
        `assertFacts.facts[${a.index}].object`,
      );
    }
    let object = found.get(at(p));
    if (!object && label === "Person") {
      throw new NotFoundError(`assertFacts.facts[${a.index}].object: no person "${a.object}" in this tenant`);
    }
    if (!object) {
      const lower = a.object.toLowerCase();
      const scope = p.scope.visibility === "PRIVATE" && sharedNew.has(`${label}:${lower}`) ? SHARED_SCOPE : p.scope;
      const key = `new:${label}:${scope.key}:${lower}`;
      object = created.get(key) ?? { key, label, name: a.object, id: randomUUID(), isNew: true, access: { visibility: scope.visibility, sharedWith: scope.sharedWith } };
      created.set(key, object);
    }
    return { ...a, subjectKey: subjectOf(a).key, object };
  });
}
