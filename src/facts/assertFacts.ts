import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import type { AppDeps } from "../core/appDeps.js";
import { executor, type Tx } from "../graph/executor.js";
import type { Statement } from "../graph/statement.js";
import { FACT_ROW, toFactRecord, type FactRecord, type FactRow, factRowOf } from "./factRecord.js";
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
  inTransaction?: (tx: Tx) => Promise<void>;
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

/** READ_BACK of the facts `ids` about the subjects `keys`: one fact row each. */
const readBack = (keys: string[], ids: string[]): Statement<FactRow> => ({ cypher: READ_BACK, params: { keys, ids }, decode: (r) => factRowOf(r.row("fact")) });

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
  const { embedder } = deps;
  const graph = executor(deps);
  const plan = (state: FactState): FactPlan => planFacts(state.assertions, state.existing, deps.now(), randomUUID);

  // Both transactions go without the shared bookmarks, as assertFacts always ran them.
  // The texts to embed, planned once outside the write (the model is not run in a transaction).
  const draft =
    options.embed === false
      ? []
      : await graph.readTransaction(async (tx) => {
          const state = await loadFactState(tx, caller, valid, relations, false);
          return [...new Set(plan(state).facts.map((f) => textOf(state, f)))];
        }, { bookmarks: false });
  const vectors = draft.length ? await embedder.embedPassages(draft) : [];
  const byText = new Map<string, FactVector>(
    vectors.map((vector, i) => [draft[i]!, { vector, key: factEmbeddingKey(embedder.model, draft[i]!), model: embedder.model }]),
  );

  return graph.writeTransaction(async (tx) => {
    const { plan: result } = await writeAssertions(tx, caller, valid, relations, deps.now(), (state, fact) => byText.get(textOf(state, fact)));
    await options.inTransaction?.(tx);
    const keys = [...new Set(result.facts.map((f) => f.subjectKey))];
    const rows = await tx.run(readBack(keys, result.facts.map((f) => f.factId)));
    const now = deps.now();
    const byId = new Map(rows.map((row) => {
      const record = toFactRecord(row, now);
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
  }, { bookmarks: false });
}
