/**
 * The matching rule between facts an extractor learned from LoCoMo turns and
 * the dataset authors' observations about the speakers, applied by code.
 *
 * A fact MATCHES an observation when all four hold:
 *   1. subject: the fact is about the observation's speaker;
 *   2. turn: the fact's evidence includes a turn the observation rests on;
 *   3. object: every content word of the fact's object (stop words dropped,
 *      lower case, crude suffix stemming on both sides) occurs in the
 *      observation; a person object must be named in it;
 *   4. relation: the fact's relation belongs to a family whose cue words occur
 *      in the observation (FAMILIES below: "works", "job" allow WORKS_AT and
 *      PREVIOUSLY; "lives", "moved" allow LIVES_IN; …).
 * An observation is RECALLED when some fact matches it. Per family, recall is
 * over the observations whose cues name that family (an observation may count
 * in several) and counts only facts of that family; overall recall is over all
 * observations, most of which state things no relation of the schema holds
 * (feelings, plans, pets), so its ceiling is well below 1.
 */
import type { ExtractedFact, KnownPerson } from "../../src/extraction/index.js";
import type { Observation } from "./loadLocomoDev.js";

export interface Family { name: string; relations: readonly string[]; cues: RegExp }

export const FAMILIES: readonly Family[] = [
  { name: "work", relations: ["WORKS_AT", "PREVIOUSLY"], cues: /\b(?:work|works|worked|working|job|jobs|career|employ\w*|hired|boss|colleagues?|coworkers?|company|business|promot\w*|intern\w*|manager|position|profession\w*|quit|fired|laid off)\b/i },
  { name: "study", relations: ["STUDIED_AT"], cues: /\b(?:stud(?:y|ied|ies|ying)|students?|school|college|universit\w*|degree|class|classes|course|courses|graduat\w*|education)\b/i },
  { name: "place", relations: ["LIVES_IN"], cues: /\b(?:live|lives|lived|living|moved|moving|move|relocat\w*|hometown|home country|grew up|originally|native)\b/i },
  { name: "skill", relations: ["HAS_SKILL"], cues: /\b(?:skill\w*|play|plays|played|playing|paint\w*|draw\w*|practi[cs]\w*|learn\w*|speak\w*|cook\w*|bak\w*|writ\w*|sing\w*|danc\w*|instruments?|violin|guitar|piano|pottery|knit\w*|hobby|hobbies|talent\w*|expert|sports?|yoga|run|runs|running|swim\w*|hik\w*|photograph\w*|gaming|games?)\b/i },
  { name: "interest", relations: ["CARES_ABOUT", "TALKS_ABOUT", "CURIOUS_ABOUT"], cues: /\b(?:love|loves|loved|enjoy\w*|passion\w*|care|cares|cared|important|interest\w*|curious|fan|favou?rites?|fascinat\w*|advocat\w*|into|talks? about|means? a lot)\b/i },
  { name: "event", relations: ["ATTENDED_EVENT"], cues: /\b(?:attend\w*|went|visit\w*|concerts?|festivals?|conferences?|events?|race|parade|party|meetups?|trip|shows?|tournaments?|conventions?|fair|ceremony|wedding|competitions?|competed)\b/i },
  { name: "project", relations: ["WORKING_ON"], cues: /\b(?:projects?|working on|work on|build\w*|creat\w*|writing|book|novel|screenplay|script|develop\w*|start\w*|launch\w*)\b/i },
  { name: "people", relations: ["CLOSE_TO", "RELATED_TO", "INTERACTED_WITH"], cues: /\b(?:friends?\w*|sister|brother|mother|mom|father|dad|family|husband|wife|partner|kids?|children|son|daughter|cousin|grand\w*|met|meet\w*|colleagues?|neighbou?rs?)\b/i },
];

const STOP = new Set("a an the my his her their our your its of in on at to for and or with from by about as is are was be been this that these those some any one new own".split(" "));

/** Crude, symmetric stemming: enough that "painting", "painted" and "paints" meet. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith("es")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}+#]+/u).filter((w) => w.length > 0);
export const contentStems = (text: string) => words(text).filter((w) => !STOP.has(w)).map(stem);

export interface MatchOutcome {
  /** Observations recalled, by index into the list. */
  recalled: Set<number>;
  /** Per family: observations naming it, and those recalled by a fact of the family. */
  perFamily: { family: string; observations: number; recalled: number }[];
  /** Facts that match at least one observation (a lower bound on the correct ones: observations leave much unsaid). */
  factsMatched: number;
  factsTotal: number;
}

export function matchObservations(observations: readonly Observation[], facts: readonly ExtractedFact[], people: readonly KnownPerson[]): MatchOutcome {
  const names = new Map(people.map((p) => [p.id, p.name.toLowerCase()]));
  const byTurn = new Map<string, ExtractedFact[]>();
  for (const fact of facts) for (const e of fact.evidence) byTurn.set(e, [...(byTurn.get(e) ?? []), fact]);
  const recalled = new Set<number>();
  const recalledIn = new Map<string, Set<number>>();
  const matchedFacts = new Set<ExtractedFact>();
  const familyOf = (relation: string) => FAMILIES.find((f) => f.relations.includes(relation));
  observations.forEach((o, i) => {
    const stems = new Set(contentStems(o.text));
    const lower = o.text.toLowerCase();
    const allowed = FAMILIES.filter((f) => f.cues.test(o.text));
    for (const fact of o.evidence.flatMap((e) => byTurn.get(e) ?? [])) {
      if (fact.subject !== o.speakerId) continue;
      const family = familyOf(fact.relation);
      if (!family || !allowed.includes(family)) continue;
      const person = names.get(fact.object);
      const agrees = person !== undefined ? new RegExp(`\\b${person.split(/\s+/)[0]}\\b`).test(lower) : (() => {
        const objectStems = contentStems(fact.object);
        return objectStems.length > 0 && objectStems.every((s) => stems.has(s));
      })();
      if (!agrees) continue;
      recalled.add(i);
      matchedFacts.add(fact);
      recalledIn.set(family.name, (recalledIn.get(family.name) ?? new Set()).add(i));
    }
  });
  const perFamily = FAMILIES.map((f) => ({ family: f.name, observations: observations.filter((o) => f.cues.test(o.text)).length, recalled: recalledIn.get(f.name)?.size ?? 0 }));
  return { recalled, perFamily, factsMatched: matchedFacts.size, factsTotal: facts.length };
}
