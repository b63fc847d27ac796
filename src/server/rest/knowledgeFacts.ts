/** A fact of retrieveContext's `structuredFacts`, as the knowledge route selects it. */
export interface KnowledgeFactIn {
  id: string;
  subject: string;
  subjectId: string;
  relation: string;
  object: string;
  objectId: string;
  objectLabel: string;
  attributes: { role: string | null; location: string | null; basis: string | null; sentiment: string | null; proficiency: string | null };
  start: string | null;
  end: string | null;
  confidence: number;
  evidence: string[];
  current: boolean;
  relevance: number;
  /** The PLAIN sentence: "… (confidence 0.92, evidence msg_456)". */
  text: string;
}

/** A fact's sentence without its trailing "(…, confidence …, evidence …)", which the response gives as fields. Pure. */
export const bareSentence = (text: string) => text.replace(/ \([^()]*\)$/, "");

/** What kind of thing a fact is about, by its object's label, as the knowledge agent's fields name it. */
const KIND: Readonly<Record<string, string>> = { Org: "organization", Place: "place", Skill: "skill", Topic: "topic", Project: "project", Event: "event", Person: "person" };
const kindOf = (f: KnowledgeFactIn) => KIND[f.objectLabel] ?? "thing";

const yearOf = (date: string | null) => (date ? (/^[+-]?\d{4,}/.exec(date)?.[0] ?? date) : null);

/** "2019-2022", "2020-present", "2019", "from 2019", "until 2022", or null when the fact has no dates. Pure. */
export function durationOf(start: string | null, end: string | null, current: boolean): string | null {
  const from = yearOf(start);
  const to = yearOf(end);
  if (from && to) return from === to ? from : `${from}-${to}`;
  if (from) return current ? `${from}-present` : `from ${from}`;
  if (to) return `until ${to}`;
  return null;
}

/**
 * What the fact's sentence says, as fields in the knowledge agent's shape: the
 * thing it is about under its kind (`organization: "Google"`, `event`, `skill`,
 * …; a tie between two people as `person_a` and `person_b`), and its `role`,
 * `duration`, `location`, `basis`, `sentiment` and `proficiency` when it has
 * them. Absent ones are left out, as the notes leave them out. Pure.
 */
export function factFields(f: KnowledgeFactIn): Record<string, string> {
  const a = f.attributes;
  const about: Record<string, string> =
    f.objectLabel === "Person" ? { person_a: f.subject, person_a_id: f.subjectId, person_b: f.object, person_b_id: f.objectId } : { [kindOf(f)]: f.object };
  const duration = durationOf(f.start, f.end, f.current);
  const optional = { role: a.role, duration, location: a.location, basis: a.basis, sentiment: a.sentiment, proficiency: a.proficiency };
  return { ...about, ...Object.fromEntries(Object.entries(optional).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== "")) };
}

/** The facts about one thing (an organisation, an event, a person someone is close to). */
export interface TopicGroup {
  topic: string;
  kind: string;
  fact_ids: string[];
  facts: string[];
}

/**
 * The facts grouped by what they are about (their object: Google, PyCon,
 * Python, Charlie), the topic of the most relevant fact first, each group's
 * facts most relevant first: facts arrive in that order. Pure.
 */
export function factsByTopic(facts: readonly KnowledgeFactIn[]): TopicGroup[] {
  const groups = new Map<string, TopicGroup>();
  for (const f of facts) {
    const key = `${f.objectLabel}\u0000${f.objectId || f.object.toLowerCase()}`;
    const group = groups.get(key) ?? { topic: f.object, kind: kindOf(f), fact_ids: [], facts: [] };
    group.fact_ids.push(f.id);
    group.facts.push(bareSentence(f.text));
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Most facts the suggested context tells. */
const SUGGESTED_FACTS = 10;

/**
 * A paragraph the chatbot can put in its prompt as it is: the most relevant
 * facts, topic by topic ("Google: Charlie previously worked at Google …; Dana
 * works at Google …"), then the facts that disagree. Written from the facts,
 * never invented. Pure.
 */
export function suggestedContext(groups: readonly TopicGroup[], contradictions: readonly { fact: string; conflicts_with: string }[]): string {
  let left = SUGGESTED_FACTS;
  const parts: string[] = [];
  for (const g of groups) {
    if (left <= 0) break;
    const told = g.facts.slice(0, left);
    left -= told.length;
    parts.push(`${g.topic}: ${told.join("; ")}.`);
  }
  if (parts.length === 0) return "Nothing relevant to this conversation is known.";
  for (const c of contradictions) parts.push(`These disagree, both are kept: ${c.fact} / ${c.conflicts_with}.`);
  return parts.join(" ");
}
