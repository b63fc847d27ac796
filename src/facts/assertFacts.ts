import { randomUUID } from "node:crypto";
import type { ManagedTransaction } from "neo4j-driver";
import type { Caller } from "../core/caller.js";
import type { AppDeps } from "../core/appDeps.js";
import { FACT_ROW, toFactRecord, type FactRecord, type FactRow } from "./factRecord.js";
import type { FactRelation } from "../core/schemaFacts.js";
import { factEmbeddingKey, factText } from "./factText.js";
import type { StoredFact } from "./factTypes.js";
import { SUBJECTS_BY_KEY, loadFactState, type FactState } from "./loadFactState.js";
import { planFacts, type FactPlan } from "./planFacts.js";
import type { ValidAssertion } from "./validateAssertions.js";
import type { FactVector } from "./writeFactPlan.js";
import { writeAssertions } from "./writeAssertions.js";

/** What assertFacts returns (`AssertFactsPayload`). */
export interface AssertFactsResult {
  created: FactRecord[];
  merged: FactRecord[];
  closed: FactRecord[];
  contradictions: { fact: FactRecord; conflictsWith: FactRecord; reason: string }[];
}

export interface AssertFactsOptions {
  /**
   * Runs in the write transaction after the facts are written: whatever it
   * writes commits with them or not at all (the extraction worker marks its
   * messages DONE here). Throwing rolls the facts back.
   */
  inTransaction?: (tx: ManagedTransaction) => Promise<void>;
  /**
   * Embed the facts' texts before writing (the default: a client's facts are
   * searchable by meaning at once). False writes them PENDING and leaves the
   * vectors to the fact embedding pass: the extraction worker, which writes
   * in bulk, does not hold its batch for the model.
   */
  embed?: boolean;
}

/** The subjects by element id, then their facts of the call. */
export const READ_BACK = `
  ${SUBJECTS_BY_KEY}
  MATCH (p)-[r]->(o) WHERE r.factId IN $ids
  RETURN ${FACT_ROW} AS fact`;

const textOf = (state: FactState, fact: StoredFact) =>
  factText({ personName: state.subjectNames.get(fact.subjectKey) ?? "", type: fact.type, objectName: fact.object.name, attributes: fact.attributes });

/**
 * Asserts validated facts for the caller. The plan is made once in a read
 * transaction so that its texts can be embedded outside any transaction; the
 * write transaction then locks the subjects, plans again on what it reads (the
 * graph may have moved), and writes. A fact whose final text was not embedded
 * beforehand is written without a vector: the fact embedding pass catches up.
 */
export async function assertFacts(
  deps: Pick<AppDeps, "driver" | "database" | "embedder" | "now">,
  caller: Caller,
  valid: readonly ValidAssertion[],
  relations: readonly FactRelation[],
  options: AssertFactsOptions = {},
): Promise<AssertFactsResult> {
  const { driver, database, embedder } = deps;
  const plan = (state: FactState): FactPlan => planFacts(state.assertions, state.existing, deps.now(), randomUUID);

  const session = driver.session({ database });
  try {
    // The texts to embed, planned once outside the write (the model is not run in a transaction).
    const draft =
      options.embed === false
        ? []
        : await session.executeRead(async (tx) => {
            const state = await loadFactState(tx, caller, valid, relations, false);
            return [...new Set(plan(state).facts.map((f) => textOf(state, f)))];
          });
    const vectors = draft.length ? await embedder.embedPassages(draft) : [];
    const byText = new Map<string, FactVector>(
      vectors.map((vector, i) => [draft[i]!, { vector, key: factEmbeddingKey(embedder.model, draft[i]!), model: embedder.model }]),
    );

    return await session.executeWrite(async (tx) => {
      const { plan: result } = await writeAssertions(tx, caller, valid, relations, deps.now(), (state, fact) => byText.get(textOf(state, fact)));
      await options.inTransaction?.(tx);
      const keys = [...new Set(result.facts.map((f) => f.subjectKey))];
      const rows = (await tx.run(READ_BACK, { keys, ids: result.facts.map((f) => f.factId) })).records;
      const now = deps.now();
      const byId = new Map(rows.map((r) => {
        const record = toFactRecord(r.get("fact") as FactRow, now);
        return [record.id, record] as const;
      }));
      const pick = (ids: readonly string[]) => ids.map((id) => byId.get(id)).filter((f): f is FactRecord => f !== undefined);
      return {
        created: pick(result.created),
        merged: pick(result.merged),
        closed: pick(result.closed),
        contradictions: result.contradictions.flatMap((c) => {
          const [fact, conflictsWith] = [byId.get(c.factId), byId.get(c.otherId)];
          return fact && conflictsWith ? [{ fact, conflictsWith, reason: c.reason }] : [];
        }),
      };
    });
  } finally {
    await session.close();
  }
}
