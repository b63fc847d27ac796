import { isThingName } from "./objectFilter.js";
import { cleanObject, isVagueObject } from "./objects.js";
import { SELF_EMPLOYED } from "./patterns/employment.js";
import { resolvePerson, type NameIndex } from "./people.js";
import { durationOf, resolveTime } from "./time.js";
import type { ExtractedFact, ExtractionMessage } from "../extractor.js";
import type { Pattern } from "./pattern.js";
import { isCutShort, isNameShaped, leadingNounPhrase, opensWithVerb } from "./nounPhrase.js";
import { isPlace, placeNamed } from "./places.js";
import { ACTIVITY, PLACE_ABBREVIATIONS, PROJECT_HEAD } from "./patterns/spoken.js";

/** What one message brings to matching: its people index, the conversation's last named person, and the version for `source`. */
export interface MatchScope {
  message: ExtractionMessage;
  index: NameIndex;
  lastNamed: string | undefined;
  version: string;
  /** Soft-joke multiplier of the clause (1 when none). */
  discount: number;
  /** Version 2 (issue #45): objects cut to their noun phrase and judged by shape; the spoken rules' checks apply. */
  parse?: boolean;
  /** The text of the message before this one in its conversation: where "here" may be named. */
  previousText?: string;
}

/** Fillers a clause may open with before a subject-less rule ("so yeah", "ngl", "me:"). */
const OPENERS = /^(?:(?:hey|hi|so|yeah|ok|okay|and|also|just|honestly|ngl|omg|btw|well|lol|me:|also me:|welcome!?)\W*\s*)*$/i;
const DAY_MS = 86_400_000;

/** The facts one rule finds in one clause or sentence (none when a name does not resolve, the object is vague, or the time is in the future). */
export function matchPattern(pattern: Pattern, text: string, scope: MatchScope): ExtractedFact[] {
  const found = subjectMatch(pattern, text, scope);
  if (!found) return [];
  const { groups, subject } = found;
  const objects = objectsOf(pattern, groups, scope, subject, text);
  if (objects.length === 0) return [];
  const time = pattern.time === "none" ? {} : resolveTime(text, scope.message.timestamp);
  const at = Date.parse(scope.message.timestamp);
  const future = time.validFrom !== undefined && Date.parse(time.validFrom) > at + DAY_MS;
  if (future !== (pattern.futureOnly ?? false)) return [];
  const attributes = { ...pattern.attributes?.(groups) };
  if (!attributes.basis && groups.basis && pattern.personObject) attributes.basis = groups.basis.trim().toLowerCase();
  const duration = pattern.relation === "HAS_SKILL" ? durationOf(text) : undefined;
  if (duration && duration.months >= 12) attributes.yearsExperience = Math.floor(duration.months / 12);
  const validity: Pick<ExtractedFact, "validFrom" | "validUntil"> = {};
  if (pattern.time === "until") {
    if (time.validFrom) validity.validUntil = time.validFrom;
    if (time.startText) attributes.endDate = time.startText;
  } else {
    if (time.validFrom) validity.validFrom = time.validFrom;
    if (time.validUntil) validity.validUntil = time.validUntil;
    if (time.startText) attributes.startDate = time.startText;
    if (time.endText) attributes.endDate = time.endText;
    if (!validity.validFrom && pattern.defaultNow) validity.validFrom = new Date(at).toISOString();
  }
  const confidence = Math.round(pattern.confidence * (subject === scope.message.authorPersonId ? 1 : 0.9) * scope.discount * 100) / 100;
  return objects.map((object) => ({
    subject,
    relation: pattern.relation,
    object,
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
    confidence,
    evidence: [scope.message.id],
    ...validity,
    source: `deterministic/${pattern.name}@${scope.version}`,
  }));
}

/** Places an event rule may catch that are no event ("went to the museum"). */
const NOT_EVENTS = /\b(?:museum|park|restaurant|bar|cafe|café|office|school|gym|beach|store|shop|mall|station|airport|hospital|house|apartment|flat|place|home)$/i;

/** The rule's match and its subject: the word caught as subject, or, when that names nobody, the author of a clause the rule opens. */
function subjectMatch(pattern: Pattern, text: string, scope: MatchScope): { groups: Record<string, string | undefined>; subject: string } | undefined {
  const m = pattern.re.exec(text);
  if (!m?.groups) return undefined;
  if (m.groups.subj === undefined) return OPENERS.test(text.slice(0, m.index)) && scope.message.authorPersonId ? { groups: m.groups, subject: scope.message.authorPersonId } : undefined;
  const subject = resolvePerson(m.groups.subj, scope.message, scope.index, scope.lastNamed);
  if (subject) return { groups: m.groups, subject };
  if (/^(?:he|she|they)$/i.test(m.groups.subj) || !pattern.reWithoutSubject) return undefined;
  const bare = pattern.reWithoutSubject.exec(text);
  return bare?.groups && OPENERS.test(text.slice(0, bare.index)) && scope.message.authorPersonId ? { groups: bare.groups, subject: scope.message.authorPersonId } : undefined;
}

/** Past tenses of making something by hand, to the activity: one work made is a skill shown. */
const VERB_ACTIVITY: Readonly<Record<string, string>> = {
  painted: "painting", drew: "drawing", drawn: "drawing", sketched: "sketching", knitted: "knitting", knit: "knitting", crocheted: "crocheting",
  sewed: "sewing", sewn: "sewing", sculpted: "sculpting", baked: "baking", carved: "woodcarving",
};

/** Words chat leaves after a name that the rules' ends do not know: "started at Philips right after". */
const SPOKEN_TAIL = /\s+(?:right|straight|soon|afterwards?|later|already|yet|then)$/i;
const TOPICS = new Set(["CARES_ABOUT", "TALKS_ABOUT", "CURIOUS_ABOUT", "WORKING_ON"]);

/**
 * The object a span names. An activity rule's span must be the activity
 * itself ("been reading her stuff" is no hobby of reading). A topic or project
 * keeps its span ("mental health in tech", "making a difference"): the shape
 * guard bounds it. A span of four words or more has run on past its object
 * ("LGBTQ conference two days ago", "has become like an escape"): it is cut to
 * the noun phrase it opens with. Shorter spans stay as the rule caught them:
 * compromise tags lower-case names as verbs ("shopify", "procreate").
 */
function objectPhrase(pattern: Pattern, span: string, opensClause: boolean): string {
  if (pattern.activity) return ACTIVITY.test(span) ? span : "";
  if (TOPICS.has(pattern.relation)) return isCutShort(span) || (opensClause && opensWithVerb(span)) ? "" : span;
  return span.split(/\s+/).length >= 4 ? leadingNounPhrase(span, opensClause) : span;
}

/** Version 2: each part cut to the noun phrase it opens with, then judged by its shape and the rule's own checks. */
function spokenObjects(pattern: Pattern, parts: readonly string[], scope: MatchScope, opensClause: boolean): string[] {
  return parts
    .map((part) => ({ part, name: cleanObject(objectPhrase(pattern, cleanObject(part), opensClause)).replace(SPOKEN_TAIL, "") }))
    .map(({ part, name }) => ({ part, name: pattern.relation === "LIVES_IN" ? (PLACE_ABBREVIATIONS[name] ?? name) : name }))
    .filter(({ name }) => !isVagueObject(name) && isNameShaped(name, pattern.relation) && !scope.index.has(name.toLowerCase()))
    .filter(({ name }) => !(pattern.properName && !/^[\p{Lu}\p{N}]/u.test(name)))
    .filter(({ name }) => !pattern.activity || ACTIVITY.test(name))
    .filter(({ name }) => !pattern.eventHead || pattern.eventHead.test(name))
    .filter(({ name }) => !pattern.projectHead || PROJECT_HEAD.test(name))
    .filter(({ name }) => pattern.relation !== "ATTENDED_EVENT" || !NOT_EVENTS.test(name))
    .filter(({ name }) => !pattern.notPlace || !isPlace(name))
    .filter(({ part, name }) => pattern.activity || isThingName(part, name, pattern.relation))
    .map(({ name }) => name);
}

function objectsOf(pattern: Pattern, groups: Record<string, string | undefined>, scope: MatchScope, subject: string, text: string): string[] {
  if (pattern.object) return [pattern.object];
  if (pattern.objectFromVerb) {
    const activity = VERB_ACTIVITY[(groups.verb ?? "").toLowerCase()];
    return activity ? [activity] : [];
  }
  if (pattern.placeFromContext) {
    const place = placeNamed(scope.message.text) ?? (scope.previousText ? placeNamed(scope.previousText) : undefined);
    return place ? [place] : [];
  }
  const raw = groups.obj;
  if (!raw) return [];
  if (pattern.personObject) {
    const id = resolvePerson(raw, scope.message, scope.index, scope.lastNamed);
    return id && id !== subject ? [id] : [];
  }
  if (pattern.relation === "WORKS_AT" && /^(?:myself|my own)$/i.test(raw.trim())) return [SELF_EMPLOYED];
  const parts = pattern.list ? raw.split(/\s*,\s*|\s+and\s+/) : [raw];
  if (scope.parse) return spokenObjects(pattern, parts, scope, text.trimStart().startsWith(raw.trimStart()));
  return parts
    .map((part) => ({ part, name: cleanObject(part) }))
    .filter(({ name }) => !isVagueObject(name) && !(pattern.properName && !/^[\p{Lu}\p{N}]/u.test(name)) && !scope.index.has(name.toLowerCase()))
    .filter(({ name }) => pattern.relation !== "ATTENDED_EVENT" || !NOT_EVENTS.test(name))
    .filter(({ part, name }) => isThingName(part, name, pattern.relation))
    .map(({ name }) => name);
}
