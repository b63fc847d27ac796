import { factInterval, isCurrent, knownOverlap, type TimedFact } from "./factInterval.js";
import type { FactAssertion, StoredFact } from "./factTypes.js";
import { conflictingAttributes, mergeAttributes, noisyOr, unionEvidence } from "./mergeFacts.js";

/**
 * Relations a person has one value of at a time, the relation types that make
 * up its history, and the type a superseded fact takes. A person has one
 * current employer and one home city; an old employer becomes PREVIOUSLY, an
 * old home stays LIVES_IN with its validUntil set.
 */
export const SINGLE_VALUED: Readonly<Record<string, { history: readonly string[]; closedAs: string }>> = {
  WORKS_AT: { history: ["WORKS_AT", "PREVIOUSLY"], closedAs: "PREVIOUSLY" },
  LIVES_IN: { history: ["LIVES_IN"], closedAs: "LIVES_IN" },
};

/** Two facts that cannot both be right, kept side by side. */
export interface Contradiction {
  factId: string;
  otherId: string;
  reason: string;
}

/** What a call of assertFacts does: every fact it touches in its final state, and what happened to each. */
export interface FactPlan {
  facts: StoredFact[];
  created: string[];
  merged: string[];
  closed: string[];
  contradictions: Contradiction[];
}

/** The type an assertion is stored as: a WORKS_AT that has already ended is a PREVIOUSLY. */
export function storedTypeOf(a: FactAssertion, now: Date): string {
  if (a.relation !== "WORKS_AT") return a.relation;
  const { until } = factInterval({ type: a.relation, ...a, ...a.attributes });
  return until !== null && until <= now.getTime() ? "PREVIOUSLY" : "WORKS_AT";
}

/** A stored fact as the interval functions read it (its dates live among its attributes). */
const timed = (f: StoredFact): TimedFact => ({ ...f, startDate: f.attributes.startDate, endDate: f.attributes.endDate });

/**
 * Which of several stored facts an assertion is "the same fact again": one with
 * exactly its start first, then the latest to start (a skill said again without
 * a date is the latest time it was said to start), then by id — the same
 * choice whatever order the database returned them in.
 */
function closestFirst(a: FactAssertion) {
  const start = (f: StoredFact) => Date.parse(f.validFrom ?? f.observedAt ?? f.createdAt ?? "") || -Infinity;
  const exact = (f: StoredFact) => (a.validFrom !== null && f.validFrom !== null && Date.parse(f.validFrom) === Date.parse(a.validFrom) ? 0 : 1);
  return (x: StoredFact, y: StoredFact) => exact(x) - exact(y) || start(y) - start(x) || (x.factId < y.factId ? -1 : x.factId > y.factId ? 1 : 0);
}

/** When a fact's evidence was said, or `now` when not known. */
const saidAt = (f: { observedAt?: string }, now: Date) => (f.observedAt ? Date.parse(f.observedAt) : now.getTime());

const sameInstant = (a: string | null, b: string | null) => a === null || b === null || Date.parse(a) === Date.parse(b);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Applies the assertions of one call, in order, to the facts already stored
 * about their subjects. Pure: ids come from `newId`, time from `now`.
 *
 * - The same fact again (same relation, object and compatible validity, no
 *   differing text attribute) is merged: evidence united, confidence noisy-or.
 * - The same fact with a differing text attribute (another role at the same
 *   employer, say) is kept beside the old one and both are flagged.
 * - A new current value of a single-valued relation closes the current one if
 *   it starts later; if it does not (it claims to have started first), both
 *   are kept and flagged.
 * - Any other known overlap in a single-valued relation's history is flagged.
 * - Retracted facts are history only: never merged into, closed or flagged; the
 *   same fact from the same evidence again is dropped.
 */
export function planFacts(assertions: readonly FactAssertion[], existing: readonly StoredFact[], now: Date, newId: () => string): FactPlan {
  const facts = existing.map((f) => ({ ...f, attributes: { ...f.attributes }, evidence: [...f.evidence], contradicts: [...f.contradicts] }));
  const touched = new Set<string>();
  const plan: FactPlan = { facts: [], created: [], merged: [], closed: [], contradictions: [] };
  const flag = (a: StoredFact, b: StoredFact, reason: string) => {
    if (a.contradicts.includes(b.factId)) return;
    a.contradicts.push(b.factId);
    b.contradicts.push(a.factId);
    touched.add(a.factId).add(b.factId);
    plan.contradictions.push({ factId: a.factId, otherId: b.factId, reason });
  };

  for (const a of assertions) {
    const type = storedTypeOf(a, now);
    const subjects = facts.filter((f) => f.subjectKey === a.subjectKey);
    // A retracted fact said again by the evidence it was retracted on (a message read again) stays retracted.
    if (a.evidence.length > 0 && subjects.some((f) => f.retracted && f.object.key === a.object.key && a.evidence.every((e) => f.evidence.includes(e)))) continue;
    const mine = subjects.filter((f) => !f.retracted);
    const same = mine
      .filter(
        (f) =>
          f.object.key === a.object.key &&
          (f.type === type || (type === "PREVIOUSLY" && f.type === "WORKS_AT")) &&
          sameInstant(f.validFrom, a.validFrom) &&
          sameInstant(f.validUntil, a.validUntil),
      )
      .sort(closestFirst(a))[0];
    const conflicts = same ? conflictingAttributes(same.attributes, a.attributes) : [];
    if (same && conflicts.length === 0) {
      same.type = type;
      // Only new evidence raises confidence: the same message read again (an
      // extraction retried after a crash) is not a second witness.
      const known = a.evidence.length > 0 && a.evidence.every((e) => same.evidence.includes(e));
      same.confidence = known ? Math.max(same.confidence, a.confidence) : noisyOr(same.confidence, a.confidence);
      same.evidence = unionEvidence(same.evidence, a.evidence);
      same.attributes = mergeAttributes(same.attributes, a.attributes);
      same.validFrom ??= a.validFrom;
      same.validUntil ??= a.validUntil;
      touched.add(same.factId);
      if (!plan.merged.includes(same.factId)) plan.merged.push(same.factId);
      continue;
    }

    const fact: StoredFact = {
      factId: newId(), elementId: null, storedType: null, type, subjectKey: a.subjectKey, object: a.object,
      attributes: { ...a.attributes }, confidence: a.confidence, evidence: unionEvidence([], a.evidence),
      validFrom: a.validFrom, validUntil: a.validUntil, contradicts: [], createdAt: now.toISOString(), source: a.source, observedAt: a.observedAt,
    };
    facts.push(fact);
    touched.add(fact.factId);
    plan.created.push(fact.factId);
    if (same) flag(fact, same, `same ${type} "${a.object.name}" with different ${conflicts.join("; ")}`);

    const rule = SINGLE_VALUED[type] ?? (type === "PREVIOUSLY" ? SINGLE_VALUED.WORKS_AT : undefined);
    if (!rule) continue;
    const span = factInterval(timed(fact));
    const others = mine.filter((f) => f.object.key !== a.object.key && rule.history.includes(f.type));
    if (span.until === null && SINGLE_VALUED[type]) {
      for (const old of others.filter((f) => f.type === type && isCurrent(timed(f), now))) {
        // An old fact of unknown start held "since always"; one created in this call started when its evidence was said (else now).
        const oldFrom = factInterval(timed(old)).from ?? (old.elementId === null ? saidAt(old, now) : -Infinity);
        const newFrom = span.from ?? saidAt(a, now);
        if (newFrom > oldFrom) {
          old.validUntil = new Date(newFrom).toISOString();
          old.attributes.endDate ??= dayOf(newFrom);
          old.type = rule.closedAs;
          touched.add(old.factId);
          plan.closed.push(old.factId);
        } else {
          flag(fact, old, `two current ${type} values: "${a.object.name}" and "${old.object.name}"`);
        }
      }
    }
    for (const old of others) {
      if (knownOverlap(span, factInterval(timed(old)))) {
        flag(fact, old, `${type} "${a.object.name}" overlaps ${old.type} "${old.object.name}" in time`);
      }
    }
  }
  plan.facts = facts.filter((f) => touched.has(f.factId));
  return plan;
}
