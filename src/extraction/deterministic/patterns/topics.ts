import { ADV, HEAD, OBJ, SUBJ_OPT, rule } from "./fragments.js";
import type { Pattern } from "../pattern.js";

/** Topics people talk about, care about, or are curious about. */
export const topicPatterns: readonly Pattern[] = [
  rule({ name: "cares-about", relation: "CARES_ABOUT", confidence: 0.9, re: `${SUBJ_OPT}${ADV}(?:care|cares)\\s+(?:a lot |deeply |so much |a great deal )?about\\s+${OBJ}` }),
  rule({ name: "matters-to-me", relation: "CARES_ABOUT", confidence: 0.85, re: `^${HEAD}\\s+(?:matters|is important|is something I care about)\\s+(?:a lot |so much |deeply )?(?:to me)?` }),
  rule({ name: "topic-i-care-about", relation: "CARES_ABOUT", confidence: 0.85, re: `^${HEAD}\\s+is\\s+(?:something|a topic|a cause|an issue|a thing)\\s+I\\s+(?:really |deeply )?care\\b` }),
  rule({ name: "passionate-about", relation: "CARES_ABOUT", confidence: 0.9, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+(?:really |so |very )?passionate about\\s+${OBJ}` }),
  rule({ name: "curious-about", relation: "CURIOUS_ABOUT", confidence: 0.9, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+(?:really |so |very )?curious about\\s+${OBJ}` }),
  rule({ name: "fascinated-by", relation: "CURIOUS_ABOUT", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:am|is|have always been|have been|always been)\\s+${ADV}(?:fascinated|intrigued)\\s+(?:by|with)\\s+${OBJ}` }),
  rule({ name: "interested-in", relation: "CURIOUS_ABOUT", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+(?:really |very |so )?interested in\\s+${OBJ}` }),
  rule({ name: "learn-more-about", relation: "CURIOUS_ABOUT", confidence: 0.8, allows: ["wish"], re: `${SUBJ_OPT}${ADV}(?:want|wanna|would like)\\s+(?:to\\s+)?learn more about\\s+${OBJ}` }),
  rule({ name: "reading-about", relation: "CURIOUS_ABOUT", confidence: 0.7, re: `${SUBJ_OPT}${ADV}(?:have been |been |am )?(?:reading|researching)\\s+(?:a lot |so much )?(?:about\\s+)?${OBJ}` }),
  rule({ name: "want-to-understand", relation: "CURIOUS_ABOUT", confidence: 0.75, allows: ["wish"], re: `^${HEAD}\\s+is the thing I want to understand` }),
  rule({ name: "keeps-talking-about", relation: "TALKS_ABOUT", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:am |is )?(?:keep|keeps|always|constantly)\\s+(?:talking|ranting|going on|posting)\\s+about\\s+${OBJ}` }),
  rule({ name: "talk-for-hours", relation: "TALKS_ABOUT", confidence: 0.8, re: `(?:^|${SUBJ_OPT})can talk about\\s+${OBJ}\\s+for hours` }),
  rule({ name: "into", relation: "TALKS_ABOUT", confidence: 0.6, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+(?:really |so |super |very )?(?:into|obsessed with)\\s+${OBJ}` }),
];
