import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import type { FactRelation } from "../core/schemaFacts.js";
import type { Tx } from "../graph/executor.js";
import type { StoredFact } from "./factTypes.js";
import { loadFactState, type FactState } from "./loadFactState.js";
import { planFacts, type FactPlan } from "./planFacts.js";
import type { ValidAssertion } from "./validateAssertions.js";
import { writeFactPlan, type FactVector } from "./writeFactPlan.js";

/**
 * The one write path of facts, for assertFacts and the extraction worker
 * alike: inside `tx`, lock the subjects, read what the rules need, plan
 * (planFacts: merge, close, flag) and write the plan.
 */
export async function writeAssertions(
  tx: Tx,
  caller: Caller,
  valid: readonly ValidAssertion[],
  relations: readonly FactRelation[],
  now: Date,
  vectorOf: (state: FactState, fact: StoredFact) => FactVector | undefined = () => undefined,
): Promise<{ state: FactState; plan: FactPlan }> {
  const state = await loadFactState(tx, caller, valid, relations, true);
  const plan = planFacts(state.assertions, state.existing, now, randomUUID);
  await writeFactPlan(tx, caller, plan, relations, (fact) => vectorOf(state, fact));
  return { state, plan };
}
