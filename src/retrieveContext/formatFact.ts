import type { FactRecord } from "../facts/index.js";

const PHRASES: Record<string, [current: string, past: string]> = {
  WORKS_AT: ["works at", "worked at"],
  PREVIOUSLY: ["previously worked at", "previously worked at"],
  STUDIED_AT: ["studied at", "studied at"],
  LIVES_IN: ["lives in", "lived in"],
  HAS_SKILL: ["knows", "knew"],
  TALKS_ABOUT: ["talks about", "talked about"],
  CARES_ABOUT: ["cares about", "cared about"],
  CURIOUS_ABOUT: ["is curious about", "was curious about"],
  WORKING_ON: ["is working on", "worked on"],
  ATTENDED_EVENT: ["attended", "attended"],
  CLOSE_TO: ["is close to", "was close to"],
  RELATED_TO: ["is related to", "was related to"],
  INTERACTED_WITH: ["interacts with", "interacted with"],
};

/** Relations whose `location` says where the person did it ("in Mountain View"). */
const PLACED = new Set(["WORKS_AT", "PREVIOUSLY", "STUDIED_AT", "WORKING_ON"]);

/** A stored date as a person would write it: 2019, 2019-03, 2019-03-14 (a date-time loses its time). */
export function shortDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4}(?:-\d{2}(?:-\d{2})?)?)/.exec(value);
  return m ? m[1]! : value;
}

const article = (role: string) => (/^[aeiou]/i.test(role) ? "an" : "a");
const round2 = (n: number) => Number(n.toFixed(2)).toString();

/**
 * How a fact's sentence is written. PLAIN: "from 2019 to 2022 … (confidence
 * 0.92, evidence msg_456)", retrieveContext's GraphQL default since it
 * began. LABELED: the chatbot memory service's format, which its clients
 * parse: "from 2019-2022 … (confidence: 0.92, evidence: msg_456)", dates as
 * years (structured facts keep the exact dates). The REST route's default.
 */
export type FactFormat = "PLAIN" | "LABELED";

const yearOf = (date: string | null) => (date ? (/^[+-]?\d{4,}/.exec(date)?.[0] ?? date) : null);

/**
 * A fact as one sentence with its confidence and evidence, e.g. "Charlie
 * previously worked at Google from 2019 to 2022 as a Software Engineer in
 * Mountain View (confidence 0.92, evidence msg_456)". Pure.
 */
export function formatFact(fact: FactRecord, format: FactFormat = "PLAIN"): string {
  const labeled = format === "LABELED";
  const [current, past] = PHRASES[fact.type] ?? [fact.type.toLowerCase().replace(/_/g, " "), fact.type.toLowerCase().replace(/_/g, " ")];
  const a = fact.attributes;
  let sentence = `${fact.personName} ${fact.current ? current : past} ${fact.object}`;
  const dateOf = labeled ? (d: string | null | undefined) => yearOf(shortDate(d)) : shortDate;
  const start = dateOf(fact.start ?? a.startDate);
  const end = dateOf(fact.end ?? a.endDate);
  if (start && end) sentence += labeled ? (start === end ? ` in ${start}` : ` from ${start}-${end}`) : ` from ${start} to ${end}`;
  else if (start) sentence += fact.current ? ` since ${start}` : ` from ${start}`;
  else if (end) sentence += ` until ${end}`;
  if (a.role) sentence += ` as ${article(a.role)} ${a.role}`;
  if (a.location && PLACED.has(fact.type)) sentence += ` in ${a.location}`;

  const notes: string[] = [];
  if (a.proficiency) notes.push(`proficiency: ${a.proficiency}`);
  if (typeof a.yearsExperience === "number") notes.push(`${a.yearsExperience} years of experience`);
  if (a.basis) notes.push(`basis: ${a.basis}`);
  if (a.sentiment) notes.push(`sentiment: ${a.sentiment}`);
  const label = labeled ? ": " : " ";
  notes.push(`confidence${label}${round2(fact.confidence)}`);
  if (fact.evidence.length) notes.push(`evidence${label}${fact.evidence.join(", ")}`);
  return `${sentence} (${notes.join(", ")})`;
}
