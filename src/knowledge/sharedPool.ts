/**
 * The shared pool memoryQuery adds to the caller's own knowledge when
 * `includeShared` is true, as a Cypher predicate over `n` (parameters:
 * `visibilityParams(caller)`). Until docs/beliefs-and-reflection.md defines the
 * pool ("Shared pool"), it is what the READ rule shares: SHARED nodes and those
 * shared with the caller by name. Changing the pool is changing this line.
 */
export const SHARED_POOL = "(n.visibility = 'SHARED' OR $callerAgent IN coalesce(n.sharedWith, []))";
