/**
 * What memoryQuery adds to the caller's own knowledge when `includeShared` is
 * true, as a Cypher predicate over `n` (parameters: `visibilityParams(caller)`):
 * what the READ rule shares — SHARED nodes and those shared with the caller by
 * name. The pool of docs/beliefs-and-reflection.md ("Shared pool") is inside
 * it, since joining the pool makes a node SHARED; knowledge an agent shared
 * without pooling it is included too. Changing that is changing this line.
 */
export const SHARED_POOL = "(n.visibility = 'SHARED' OR $callerAgent IN coalesce(n.sharedWith, []))";
