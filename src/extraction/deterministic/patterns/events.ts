import { ADV, OBJ, SUBJ_OPT, rule } from "./fragments.js";
import type { Pattern } from "../pattern.js";

/** Events people attended: the object must be a proper name ("PyCon", not "the gym"). */
export const eventPatterns: readonly Pattern[] = [
  rule({ name: "attended", relation: "ATTENDED_EVENT", confidence: 0.85, properName: true, re: `${SUBJ_OPT}${ADV}(?:went to|attended|spoke at|talked at|presented at|got back from|am back from|came back from)\\s+(?:the\\s+)?${OBJ}` }),
  rule({ name: "was-at", relation: "ATTENDED_EVENT", confidence: 0.75, properName: true, re: `${SUBJ_OPT}${ADV}(?:was|were)\\s+at\\s+(?!.*\\bfor\\s+\\w+\\s+(?:years?|yrs?|months?))(?:the\\s+)?${OBJ}` }),
  rule({ name: "spent-weekend-at", relation: "ATTENDED_EVENT", confidence: 0.8, properName: true, re: `${SUBJ_OPT}${ADV}spent the (?:weekend|day|evening|week) at\\s+(?:the\\s+)?${OBJ}` }),
  rule({ name: "event-was-good", relation: "ATTENDED_EVENT", confidence: 0.65, properName: true, re: `^(?<obj>[\\p{Lu}][\\p{L}\\p{N}]*(?:Con|con|Summit|Conf|conf|Fest|fest|Camp|camp)(?:\\s+[\\p{Lu}\\p{N}][\\p{L}\\p{N}]*)?)\\s+was\\s+(?:good|great|amazing|fun|awesome|incredible)` }),
  rule({ name: "regular-at", relation: "ATTENDED_EVENT", confidence: 0.7, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+a regular at\\s+(?:the\\s+)?${OBJ}` }),
];
