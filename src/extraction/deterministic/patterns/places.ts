import { ADV, OBJ, SUBJ_OPT, rule } from "./fragments.js";
import type { Pattern } from "../pattern.js";

/**
 * Where people live and move. Moves announced for later ("I'm moving to
 * Lisbon in March") match no rule: a plan is not where someone lives, and
 * the message is kept, so the fact is learnt when the move is reported done.
 */
export const placePatterns: readonly Pattern[] = [
  rule({ name: "lives-in", relation: "LIVES_IN", confidence: 0.9, properName: true, re: `${SUBJ_OPT}${ADV}(?:am |are |is |have been |has been |been )?(?:live|lives|living|have lived|has lived|based|settled)\\s+${ADV}in\\s+${OBJ}` }),
  rule({ name: "moved-to", relation: "LIVES_IN", confidence: 0.85, defaultNow: true, properName: true, re: `${SUBJ_OPT}${ADV}(?:moved|relocated)\\s+(?:back\\s+)?to\\s+${OBJ}` }),
  rule({ name: "been-in-for", relation: "LIVES_IN", confidence: 0.8, properName: true, re: `${SUBJ_OPT}(?:have )?been\\s+in\\s+${OBJ}\\s+(?:for\\s+\\w+\\s+(?:years?|yrs?|months?)|since\\b)` }),
  rule({ name: "home-is", relation: "LIVES_IN", confidence: 0.8, properName: true, re: `^home is\\s+${OBJ}` }),
  rule({ name: "now-in", relation: "LIVES_IN", confidence: 0.7, properName: true, re: `^now (?:in|based in|living in)\\s+${OBJ}` }),
  rule({ name: "am-in", relation: "LIVES_IN", confidence: 0.7, properName: true, re: `^I am in\\s+${OBJ}$` }),
];
