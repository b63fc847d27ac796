import { ADV, END, HEAD, OBJ, SUBJ_OPT, rule } from "./fragments.js";
import type { Pattern } from "../pattern.js";

/** An object's name that may carry a "+" ("LGBTQ+ pride parade"): version 1's END cuts there. */
const OBJ_PLUS = String.raw`(?<obj>[\p{L}\p{N}][\p{L}\p{N}&'’.\-#+ ]*?)${END.replace(String.raw`()+]`, String.raw`()]`)}`;
const ROLE = String.raw`(?!(?:regular|fan|big fan|member|guest|visitor|customer|user|student|part|\p{L}+ student)\b)(?<role>(?:[\p{L}\-]+\s){0,3}?[\p{L}\-]+)`;

/**
 * Version 1 rules that version 2 reads more strictly, by the name they
 * replace (issue #45: each caught chat on text nobody on the team wrote):
 * a thing that "is important" is cared about only when said "to me" ("Confidence
 * is important in business" is a remark); writing is a skill only in a named
 * language or tool; "use X" needs its subject (an imperative is advice to
 * someone else); a role is a job title of a few words ("a part of and be
 * advocates for"); an event's name keeps its "+"; reading X is curiosity only
 * when reading about X; a project verb other than "working on" needs its
 * subject or auxiliary ("Building relationships … makes a difference" is a remark).
 */
export const replacedPatterns: ReadonlyMap<string, Pattern> = new Map(
  [
    rule({ name: "matters-to-me", relation: "CARES_ABOUT", confidence: 0.85, re: `^${HEAD}\\s+(?:matters|is important|is something I care about)\\s+(?:a lot |so much |deeply )?(?:to|for) me\\b` }),
    rule({ name: "codes-in", relation: "HAS_SKILL", confidence: 0.85, properName: true, re: `${SUBJ_OPT}${ADV}(?:have been |been )?(?:write|writes|writing|code in|coding in|codes in|program in|programming in)\\s+${ADV}${OBJ}` }),
    rule({ name: "uses", relation: "HAS_SKILL", confidence: 0.8, re: `^(?:(?:so|and|also|yeah)\\s+)*(?<subj>I|we|he|she)\\s+${ADV}(?:use|uses)\\s+${OBJ}` }),
    rule({ name: "role-at", relation: "WORKS_AT", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+${ADV}(?:an?\\s+|the\\s+)${ROLE}\\s+(?:at|@|for)\\s+${OBJ}`, attributes: (g) => ({ role: g.role?.trim() }) }),
    rule({ name: "attended", relation: "ATTENDED_EVENT", confidence: 0.85, properName: true, re: `${SUBJ_OPT}${ADV}(?:went to|attended|spoke at|talked at|presented at|got back from|am back from|came back from)\\s+(?:the\\s+|an?\\s+)?${OBJ_PLUS}` }),
    rule({ name: "reading-about", relation: "CURIOUS_ABOUT", confidence: 0.7, re: `${SUBJ_OPT}${ADV}(?:have been |been |am )?(?:(?:reading|learning)\\s+(?:a lot |so much )?about|researching)\\s+${OBJ}` }),
    rule({ name: "working-on", relation: "WORKING_ON", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:(?:am |is |are |have been |been )?${ADV}working on|(?:am |is |are |have been |been )${ADV}(?:building|developing|redesigning|illustrating|maintaining))\\s+${OBJ}` }),
  ].map((p) => [p.name, p]),
);
