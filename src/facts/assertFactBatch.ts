import type { AppDeps } from "../core/appDeps.js";
import type { Caller } from "../core/caller.js";
import type { FactRelation } from "../core/schemaFacts.js";
import { executor, type Tx } from "../graph/executor.js";
import type { ValidAssertion } from "./validateAssertions.js";
import { writeAssertions } from "./writeAssertions.js";

/** One caller's validated assertions within a batch. */
export interface FactBatchGroup {
  caller: Caller;
  assertions: readonly ValidAssertion[];
}

/**
 * assertFacts for many callers at once, in ONE write transaction: the
 * extraction worker writes a claimed batch (each message owner is the caller
 * of its messages' facts) and settles the messages in `inTransaction`, so the
 * facts and the DONE marks commit together or not at all. Each group goes
 * through the same write path as assertFacts (writeAssertions), one after
 * the other, so a later group plans on what an earlier one wrote. Facts are
 * written without vectors (the fact embedding pass makes them). Returns how
 * many facts were touched.
 */
export async function assertFactBatch(
  deps: Pick<AppDeps, "driver" | "database" | "now">,
  groups: readonly FactBatchGroup[],
  relations: readonly FactRelation[],
  inTransaction: (tx: Tx) => Promise<void>,
): Promise<number> {
  // One managed write without the shared bookmarks, as the batch always wrote.
  return executor(deps).writeTransaction(async (tx) => {
    let touched = 0;
    for (const { caller, assertions } of groups) {
      if (assertions.length === 0) continue;
      const { plan } = await writeAssertions(tx, caller, assertions, relations, deps.now());
      touched += plan.facts.length;
    }
    await inTransaction(tx);
    return touched;
  }, { bookmarks: false });
}
