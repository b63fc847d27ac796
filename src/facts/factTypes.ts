/**
 * The shapes of a fact as the rules see it: what an assertion says, and what
 * is stored on a fact relationship. Plain data, no driver types.
 */

/** The structured attributes a fact may carry (the `Fact` properties of schema/people.graphql). */
export interface FactAttributes {
  role: string | null;
  location: string | null;
  startDate: string | null;
  endDate: string | null;
  proficiency: string | null;
  yearsExperience: number | null;
  sentiment: string | null;
  basis: string | null;
  weight: number | null;
  /** Further attributes, a JSON object (stored as its text in `attributes`). */
  extra: Record<string, unknown> | null;
}

/** Attribute names whose values are text: two different values of one of them make a contradiction. */
export const TEXT_ATTRIBUTES = ["role", "location", "startDate", "endDate", "proficiency", "sentiment", "basis"] as const;
/** Attribute names whose values are numbers: a later assertion simply updates them. */
export const NUMBER_ATTRIBUTES = ["yearsExperience", "weight"] as const;

export const emptyAttributes = (): FactAttributes => ({
  role: null, location: null, startDate: null, endDate: null, proficiency: null,
  yearsExperience: null, sentiment: null, basis: null, weight: null, extra: null,
});

/** Where the object of an assertion is: an existing node, or one to create in this call. */
export interface ObjectRef {
  /** Stable within one call: the node's element id, or `new:<Label>:<scope>:<lower-cased name>`. */
  key: string;
  label: string;
  name: string;
  /** The node's `id` property (for a new node, the id it will get). */
  id: string;
  isNew: boolean;
  /** A new node's access, from the fact's subject (objectScope.ts); absent for existing nodes. */
  access?: { visibility: "SHARED" | "PRIVATE"; sharedWith: string[] };
  /** An existing node found under another spelling ("Shopify Inc." for Shopify): the spelling to add to its aliases. */
  learnAlias?: string;
}

/** What a fact says beside its subject, relation and object: the same from validation to storage. */
export interface FactBody {
  attributes: FactAttributes;
  confidence: number;
  evidence: string[];
  validFrom: string | null;
  validUntil: string | null;
  /** Who asserted it, recorded on a fact it creates: `assertFacts`, or an extractor's rule with its version. */
  source?: string;
  /**
   * When its evidence was said (ISO): a fact learned from a message holds from
   * the message's time, not from when it was read. Without it, the call's time.
   */
  observedAt?: string;
}

/** One validated assertion, its subject and object already resolved. */
export interface FactAssertion extends FactBody {
  /** Position in the mutation's input list, for messages and the payload. */
  index: number;
  subjectKey: string;
  relation: string;
  object: ObjectRef;
}

/** A fact relationship as stored (or as it will be stored once the plan is written). */
export interface StoredFact extends FactBody {
  /** `factId` property; generated for facts made through CRUD the first time the rules touch them. */
  factId: string;
  /** Element id of the relationship; null for a fact created in this call. */
  elementId: string | null;
  /** The type as it is in the database now (null when new): a retyped fact is deleted and re-created. */
  storedType: string | null;
  type: string;
  subjectKey: string;
  object: ObjectRef;
  contradicts: string[];
  createdAt: string | null;
  // source: for a fact created in this call, stored once; observedAt: not stored.
  /** Someone said it is wrong (retractFact): kept, but never merged into or closed again. */
  retracted?: boolean;
}
