/** The fields of a fact's subject that decide who reads the fact. */
export interface SubjectAccess {
  ownerId: string;
  visibility: string;
  sharedWith: readonly string[];
}

/**
 * Who reads a fact, and so what its object must be readable by. A fact is
 * read by whoever reads both its subject and its object, so a fact's
 * visibility is its subject's; its object must be readable by every one of
 * those readers, or the fact would be hidden from some of them, and must be
 * readable by no one else when the object is new, or its name would leak.
 */
export interface ObjectScope {
  /** `SHARED`, or `PRIVATE:` and the readers: one new object per scope, label and name in a call. */
  key: string;
  visibility: "SHARED" | "PRIVATE";
  /** The agents that read a fact about the subject (tenant admins aside); null when SHARED: all of them. */
  readers: string[] | null;
  /** A new object's `sharedWith`: the readers other than its owner, the asserting agent. */
  sharedWith: string[];
}

/**
 * The scope of facts about `subject` asserted by `callerAgent`. Pure.
 * - SHARED subject: objects must be SHARED; a new one is SHARED.
 * - PRIVATE subject: objects must be SHARED or readable by each reader of the
 *   subject (its owner and `sharedWith`); a new one is PRIVATE, owned by the
 *   caller and shared with the subject's other readers, so exactly they (and
 *   the caller, who read the subject to assert) can read its name.
 */
export function objectScope(subject: SubjectAccess, callerAgent: string): ObjectScope {
  if (subject.visibility === "SHARED") return { key: "SHARED", visibility: "SHARED", readers: null, sharedWith: [] };
  const readers = [...new Set([subject.ownerId, ...subject.sharedWith])].sort();
  return { key: `PRIVATE:${readers.join(",")}`, visibility: "PRIVATE", readers, sharedWith: readers.filter((r) => r !== callerAgent) };
}
