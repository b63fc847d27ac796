import { grantsCypher, SHARED_GRANTS } from "../auth/readRule.js";

/**
 * What memoryQuery adds to the caller's own knowledge when `includeShared` is
 * true, as a Cypher predicate over `n` (parameters: `visibilityParams(caller)`):
 * the READ rule's grants to agents other than the owner (auth/readRule.ts) —
 * SHARED nodes and those shared with the caller by id. The agent team's shared
 * pool (beliefs/sharedPool.ts) is inside it, since joining the pool makes a
 * node SHARED; knowledge an agent shared without pooling it is included too.
 */
export const SHARED_WITH_CALLER = `(${grantsCypher(SHARED_GRANTS)})`;
