import { ADV, HEAD, OBJ, SUBJ_OPT, rule } from "./fragments.js";
import type { Pattern } from "../pattern.js";

const PROGRAMME = String.raw`(?:masters?|master's|phd|ph\.d\.?|degree|bachelor's|bachelors|certificate|mba|diploma|teaching degree|undergrad)`;

/** Where people study or studied. */
export const studyPatterns: readonly Pattern[] = [
  rule({ name: "studied-at", relation: "STUDIED_AT", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:studied|study|studies|am studying|is studying)(?:\\s+[\\p{L} ]{1,30}?)?\\s+at\\s+${OBJ}` }),
  rule({ name: "graduated-from", relation: "STUDIED_AT", confidence: 0.85, time: "until", re: `${SUBJ_OPT}${ADV}graduated from\\s+${OBJ}` }),
  rule({ name: "programme-at", relation: "STUDIED_AT", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:am )?(?:doing|did|got|earned|completed)\\s+(?:my|a|an)\\s+${PROGRAMME}\\s+(?:at|in|from)\\s+${OBJ}` }),
  rule({ name: "finished-programme-at", relation: "STUDIED_AT", confidence: 0.85, time: "until", re: `${SUBJ_OPT}${ADV}finished\\s+(?:my|a|an)\\s+${PROGRAMME}\\s+(?:at|in)\\s+${OBJ}` }),
  rule({ name: "degree-from", relation: "STUDIED_AT", confidence: 0.85, re: `${SUBJ_OPT}${ADV}got\\s+(?:my|a)\\s+[\\p{L} ]{0,20}?degree\\s+from\\s+${OBJ}` }),
  rule({ name: "school-at", relation: "STUDIED_AT", confidence: 0.8, re: `${SUBJ_OPT}${ADV}went to\\s+(?:art |law |medical |grad |business )?(?:school|college|university|uni)\\s+at\\s+${OBJ}` }),
  rule({ name: "class-at", relation: "STUDIED_AT", confidence: 0.75, re: `${SUBJ_OPT}${ADV}(?:am )?taking\\s+an?\\s+(?:\\p{L}+\\s+)?(?:class|course|classes|courses)\\s+at\\s+${OBJ}` }),
  rule({ name: "student-at", relation: "STUDIED_AT", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+an?\\s+(?:\\p{L}+\\s+)?student\\s+(?:at|@)\\s+${OBJ}` }),
  rule({ name: "alum", relation: "STUDIED_AT", confidence: 0.8, properName: true, re: `^${HEAD}\\s+(?:alum|alumni|alumnus|alumna|grad)\\b` }),
];
