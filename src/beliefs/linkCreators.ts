import type { Tx } from "../graph/executor.js";
import { linkCreator } from "../graph/creatorLink.js";
import { noRows } from "../graph/statement.js";
import { labelDisjunction } from "./knowledgeLabels.js";

/** Knowledge a write left, as the feed's outbox reads it back (the fields linking needs). */
interface Written {
  nodeType: string;
  operation: "CREATE" | "UPDATE";
  id: string;
}

/**
 * The six-agent squad's provenance edge for knowledge created through the
 * generated CRUD (createResearch, createConcepts, …), as memoryStore,
 * reflect and supersedeBelief write it: `(:Agent)-[:CREATED]->(k)` from the
 * owner, in the write's transaction. Labels come from the outbox's closed set
 * (and are checked as plain names before they enter Cypher).
 */
export function linkCreatorsOnWrite() {
  return async <W extends Written>(tx: Tx, caller: { tenantId: string }, written: W[]): Promise<W[]> => {
    const created = written.filter((w) => w.operation === "CREATE");
    for (const label of new Set(created.map((w) => w.nodeType))) {
      const ids = created.filter((w) => w.nodeType === label).map((w) => w.id);
      await tx.run(
        noRows(
          `UNWIND $ids AS kid
           MATCH (k:${labelDisjunction([label])} {tenantId: $tenantId, id: kid})
           ${linkCreator("k", "$tenantId", "k.ownerId")}`,
          { tenantId: caller.tenantId, ids },
        ),
      );
    }
    return written;
  };
}
