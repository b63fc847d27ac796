import { ADV, HEAD, OBJ, SUBJ_OPT, rule } from "./fragments.js";
import type { Pattern } from "../pattern.js";

/** Self-employment is WORKS_AT this object, the kind of work as role: one node every freelancer shares, queryable like any employer. */
export const SELF_EMPLOYED = "self-employed";

/** A job title: not words that name a visitor, a fan or a student ("a regular at", "a phd student at": STUDIED_AT). */
const ROLE = String.raw`(?!(?:regular|fan|big fan|member|guest|visitor|customer|user|student|\p{L}+ student)\b)(?<role>[\p{L} \-]{2,40}?)`;

/** Current, starting, promoted, former and self-employed work. */
export const employmentPatterns: readonly Pattern[] = [
  rule({ name: "works-at", relation: "WORKS_AT", confidence: 0.9, re: `${SUBJ_OPT}${ADV}(?:am |is |are )?(?:work|works|working)\\s+${ADV}(?:at|for|@)\\s+${OBJ}` }),
  rule({ name: "role-at", relation: "WORKS_AT", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+${ADV}(?:an?\\s+|the\\s+)${ROLE}\\s+(?:at|@|for)\\s+${OBJ}`, attributes: (g) => ({ role: g.role?.trim() }) }),
  // "I'm at Figma now as a staff engineer": being somewhere counts as work only with the job said ("I'm at the gym" is not).
  rule({ name: "at-as-role", relation: "WORKS_AT", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+${ADV}at\\s+(?!an?\\s|the\\s|my\\s|home\\b)${OBJ}\\s+(?:now\\s+)?as\\s+(?:an?\\s+|the\\s+)?${ROLE}(?=\\s*[.!,;]|\\s+(?:now|since|for)\\b|$)`, attributes: (g) => ({ role: g.role?.trim() }) }),
  rule({ name: "joined", relation: "WORKS_AT", confidence: 0.85, defaultNow: true, re: `${SUBJ_OPT}${ADV}(?:joined|started at|started working at|began at|began working at)\\s+(?!an?\\s|the\\s)${OBJ}` }),
  rule({ name: "promoted", relation: "WORKS_AT", confidence: 0.9, defaultNow: true, re: `${SUBJ_OPT}${ADV}(?:got |was |been |have been )?promoted to\\s+${ROLE}\\s+(?:at|@)\\s+${OBJ}`, attributes: (g) => ({ role: g.role?.trim() }) }),
  rule({ name: "role-at-bare", relation: "WORKS_AT", confidence: 0.8, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+(?<role>CEO|CTO|CFO|COO|founder|co-?founder|head of [\\p{L} ]{2,30}?|lead [\\p{L}]+|VP [\\p{L} ]{2,30}?)\\s+(?:at|of|@)\\s+${OBJ}`, attributes: (g) => ({ role: g.role?.trim() }) }),
  rule({ name: "teaches-at", relation: "WORKS_AT", confidence: 0.8, re: `${SUBJ_OPT}${ADV}(?:teach|teaches)\\s+(?:[\\p{L}]+\\s+)?at\\s+(?!an?\\s)${OBJ}`, attributes: () => ({ role: "teacher" }) }),
  rule({ name: "first-week-at", relation: "WORKS_AT", confidence: 0.75, re: `^first (?:day|week|month) at\\s+${OBJ}` }),
  rule({ name: "been-at-since", relation: "WORKS_AT", confidence: 0.8, re: `^${SUBJ_OPT}(?:have )?been at\\s+${OBJ}\\s+since\\b` }),
  rule({ name: "self-employed", relation: "WORKS_AT", confidence: 0.85, object: SELF_EMPLOYED, re: `${SUBJ_OPT}${ADV}(?:am|is|have been|been)\\s+(?:an?\\s+)?(?<role>self-employed|freelanc\\w*(?:\\s+\\p{L}+)?)`, attributes: (g) => (/^self/i.test(g.role ?? "") ? {} : { role: g.role?.replace(/^freelancing$/i, "freelance").trim() }) }),
  rule({ name: "laid-off", relation: "PREVIOUSLY", confidence: 0.8, time: "until", defaultNow: true, re: `${SUBJ_OPT}${ADV}(?:got |was |been )?(?:laid off|let go|fired)\\s+(?:from|by)\\s+${OBJ}` }),
  rule({ name: "worked-at", relation: "PREVIOUSLY", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:used to work|worked)\\s+(?:at|for)\\s+${OBJ}` }),
  rule({ name: "left", relation: "PREVIOUSLY", confidence: 0.85, time: "until", re: `${SUBJ_OPT}${ADV}(?:left|quit)\\s+(?!an?\\s|the\\s|my\\s|it\\b|work\\b)${OBJ}` }),
  rule({ name: "was-at-for", relation: "PREVIOUSLY", confidence: 0.8, re: `${SUBJ_OPT}(?:was at|was with)\\s+${OBJ}\\s+(?:for \\w+ (?:years?|yrs?|months?)|from (?:19|20)\\d\\d)` }),
  rule({ name: "spent-years-at", relation: "PREVIOUSLY", confidence: 0.8, time: "none", re: `${SUBJ_OPT}spent \\w+ (?:years?|months?) at\\s+${OBJ}` }),
  rule({ name: "in-the-past", relation: "PREVIOUSLY", confidence: 0.75, re: `^(?:so yeah\\s+)?${HEAD}\\s+is\\s+(?:officially\\s+)?in the past for me` }),
];
