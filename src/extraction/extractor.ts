/**
 * Facts learned from messages: the one interface both extractors implement
 * (the deterministic one, no network, and the LLM one), chosen like the
 * planners of retrieveContext. An extractor is pure with respect to the
 * database: it reads the batch and the people it is handed, and returns
 * assertions; the extraction worker resolves, writes and records them.
 */

/** A person of the message's tenant the extractor may name as a subject or an object. */
export interface KnownPerson {
  id: string;
  name: string;
  realName?: string | null;
  aliases: readonly string[];
}

/** One message to learn from, with what is known of its author and mentions. */
export interface ExtractionMessage {
  id: string;
  text: string;
  /** When it was said (ISO 8601): relative times ("last spring", "since March") resolve against it. */
  timestamp: string;
  /** The author as a person of the tenant: the default subject. Undefined when the author is no known person (nothing is written about "I"). */
  authorPersonId?: string;
  /** People the message @-mentions (Message.mentions), resolved to ids. */
  mentions: readonly string[];
  /** Conversation/channel id: messages of one conversation share pronoun context. */
  conversationId?: string;
}

/** Attributes an extracted fact may carry; the names of FactAttributesInput. */
export interface ExtractedAttributes {
  role?: string;
  location?: string;
  startDate?: string;
  endDate?: string;
  proficiency?: string;
  yearsExperience?: number;
  sentiment?: string;
  basis?: string;
}

/** One fact the extractor believes a message states, in the shape assertFacts takes. */
export interface ExtractedFact {
  /** Person id of the subject (the author unless the message says otherwise). */
  subject: string;
  /** A fact relationship type of the SDL: WORKS_AT, PREVIOUSLY, STUDIED_AT, LIVES_IN, HAS_SKILL, TALKS_ABOUT, CARES_ABOUT, CURIOUS_ABOUT, WORKING_ON, ATTENDED_EVENT, CLOSE_TO, RELATED_TO, INTERACTED_WITH. */
  relation: string;
  /** The object's name as said (an organisation, place, skill, topic, project, event), or a person id for person-to-person relations. */
  object: string;
  attributes?: ExtractedAttributes;
  /** 0..1: how sure the extractor is; precision first, so unsure facts are dropped rather than written low. */
  confidence: number;
  /** The message ids that state it (usually one). */
  evidence: readonly string[];
  /** ISO 8601 instants resolved from the message's own time words against its timestamp. */
  validFrom?: string;
  validUntil?: string;
  /** Which rule or prompt produced it, with its version: `deterministic/works-at@1`, `llm/extract-facts@2`. */
  source: string;
}

export interface ExtractionContext {
  /** The tenant's people the batch may name (authors, mentions, and names/aliases that occur in the texts). */
  people: readonly KnownPerson[];
  /** Earlier messages of the same conversations, oldest first, for pronouns and context; never extracted from. */
  window?: readonly ExtractionMessage[];
}

export interface Extractor {
  /** `deterministic` or `llm`. */
  readonly name: string;
  /** Bumped when rules or prompt change: recorded on every fact it writes. */
  readonly version: string;
  extract(batch: readonly ExtractionMessage[], context: ExtractionContext): Promise<ExtractedFact[]>;
}
