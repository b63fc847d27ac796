import { ADV, HEAD, OBJ, SUBJ_OPT, rule } from "./fragments.js";
import type { Pattern } from "../pattern.js";

const LIST = String.raw`(?<obj>[\p{L}\p{N}#+.\-]+(?:(?:\s*,\s*|\s+and\s+|\s+)[\p{L}\p{N}#+.\-]+){0,5}?)(?=\s*[.!?;]|\s+(?:at|for|since|now|btw|too|pretty|well|really|very|quite|fairly|a bit|inside)\b|$)`;

/** Skills, languages and tools people use; "for N years" becomes yearsExperience. */
export const skillPatterns: readonly Pattern[] = [
  rule({ name: "knows", relation: "HAS_SKILL", confidence: 0.85, list: true, properName: true, scope: "sentence", re: `${SUBJ_OPT}${ADV}(?:know|knows)\\s+${LIST}` }),
  rule({ name: "speaks", relation: "HAS_SKILL", confidence: 0.9, list: true, scope: "sentence", re: `${SUBJ_OPT}${ADV}(?:speak|speaks)\\s+${LIST}` }),
  rule({ name: "codes-in", relation: "HAS_SKILL", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:have been |been )?(?:write|writes|writing|code in|coding in|codes in|program in|programming in)\\s+${ADV}${OBJ}` }),
  rule({ name: "good-at", relation: "HAS_SKILL", confidence: 0.8, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+(?:pretty |really |very |super |quite |so )?(?:good|great|amazing|fluent|skilled|proficient|an expert|expert|comfy|comfortable)\\s+(?:at|in|with)\\s+${OBJ}` }),
  rule({ name: "uses", relation: "HAS_SKILL", confidence: 0.8, re: `^${SUBJ_OPT}${ADV}(?:use|uses)\\s+${OBJ}` }),
  rule({ name: "been-using", relation: "HAS_SKILL", confidence: 0.6, re: `${SUBJ_OPT}${ADV}(?:have been|been|am)\\s+using\\s+${OBJ}` }),
  rule({ name: "learning", relation: "HAS_SKILL", confidence: 0.6, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+learning\\s+${OBJ}`, attributes: () => ({ proficiency: "learning" }) }),
  rule({ name: "does-a-lot-of", relation: "HAS_SKILL", confidence: 0.7, re: `${SUBJ_OPT}${ADV}do a lot of\\s+${OBJ}` }),
  rule({ name: "work-with-daily", relation: "HAS_SKILL", confidence: 0.7, re: `${SUBJ_OPT}${ADV}work with\\s+${OBJ}\\s+every (?:single )?day` }),
  rule({ name: "is-my-tool", relation: "HAS_SKILL", confidence: 0.75, re: `^${HEAD}\\s+(?:is|has been)\\s+my\\s+(?:main language|main tool|bread and butter|daily driver|go-to|weapon of choice)` }),
  rule({ name: "spend-time-on", relation: "HAS_SKILL", confidence: 0.7, re: `^${HEAD}\\s+is what I spend (?:most of )?my time on` }),
  rule({ name: "nerd", relation: "HAS_SKILL", confidence: 0.7, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+an?\\s+(?:huge |big |total )?(?<obj>[\\p{L}\\p{N}#+.\\-]+)\\s+(?:nerd|expert|wizard|guru)\\b` }),
];
