import { randomUUID } from "node:crypto";
import type { AppDeps } from "../core/appDeps.js";
import type { Caller } from "../core/caller.js";
import { executor } from "../graph/executor.js";
import { noRows } from "../graph/statement.js";
import { visibilityParams } from "../auth/policy.js";
import { BadUserInputError } from "../errors/errors.js";
import { headline, supersedeBelief, type BeliefDeps } from "../beliefs/index.js";
import { FORGETTABLE } from "./forgettable.js";
import { correctStatement } from "./forgetStatements.js";
import { findOwned } from "./forgetMemory.js";

/** What correctMemory did (schema/forget.graphql CorrectedMemory). */
export interface CorrectedMemory {
  /** The current version: the same node, or for a belief the new one. */
  id: string;
  nodeType: string;
  content: string;
  /** The earlier version kept as history: a Revision, or the superseded belief. */
  previousVersionId: string;
}

export interface CorrectArgs {
  id: string;
  content: string;
  reason: string;
}

/**
 * Corrects what the caller owns (or, as an admin, anything of its tenant),
 * keeping history. A belief is superseded, as supersedeBelief always has (the
 * old one SUPERSEDED, EVOLVED_INTO the new); any other kind is corrected in
 * place, its earlier text kept as a Revision no search reads. A message
 * records what someone said, so it is forgotten, not corrected.
 */
export async function correctMemory(deps: Pick<AppDeps, "driver" | "database" | "now" | "embeddings">, beliefs: BeliefDeps, caller: Caller, args: CorrectArgs): Promise<CorrectedMemory> {
  // A managed write without the shared bookmarks, as it always ran.
  const result = await executor(deps).writeTransaction(async (tx) => {
    const node = await findOwned(tx, caller, args.id, "correct");
    if (!FORGETTABLE[node.nodeType]!.correctable) {
      throw new BadUserInputError(`correctMemory.id: ${node.nodeType} ${args.id} records what was said; forget it (forgetMemory) instead of correcting it`, "correctMemory.id");
    }
    if (node.nodeType === "Belief") return { nodeType: node.nodeType };
    const revisionId = randomUUID();
    await tx.run(noRows(correctStatement(node.nodeType), {
      ...visibilityParams(caller), id: args.id, revisionId, content: args.content, headline: headline(args.content), reason: args.reason, at: deps.now().toISOString(),
    }));
    return { nodeType: node.nodeType, revisionId };
  }, { bookmarks: false });
  if (result.nodeType === "Belief") {
    const newId = await supersedeBelief(beliefs, caller, { id: args.id, content: args.content, reason: args.reason, confidence: null, domains: null });
    return { id: newId, nodeType: "Belief", content: args.content, previousVersionId: args.id };
  }
  deps.embeddings.wake([result.nodeType]);
  return { id: args.id, nodeType: result.nodeType, content: args.content, previousVersionId: result.revisionId! };
}
