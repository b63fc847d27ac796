import { NAME, rule } from "./fragments.js";
import type { Pattern } from "../pattern.js";

const KIN = String.raw`(?:older |younger |little |big |baby |twin )?(?<basis>(?:sister|brother|cousin|wife|husband|mom|mum|mother|dad|father|son|daughter|aunt|uncle|niece|nephew|grandma|grandmother|grandpa|grandfather|sibling|stepbrother|stepsister)(?:-in-law)?)`;
const FRIEND = String.raw`(?<basis>best friend|close friend|bestie|friend)`;
const COLLEAGUE = String.raw`(?<basis>colleague|coworker|co-worker|teammate)`;
const OBJ_NAME = `(?<obj>${NAME})`;
/** "Bob and I", "me and Bob", "Bob and me": the author with a named person. */
const PAIRS = [`^${OBJ_NAME}\\s+and\\s+(?:I|me)\\s+`, `^(?:me|I)\\s+and\\s+${OBJ_NAME}\\s+`];
/** Words that mark a shared activity as a habit rather than one occasion. */
const HABIT = String.raw`(?<basis>(?:play|go|do|run|meet|train|cook|study|hang out|climb|swim|walk|jam|game)\b[\p{L} \-]*?\b(?:every|each|most)\s+\p{L}+(?:\s+\p{L}+)?|hang out a lot|have known each other since [\p{L} ]+|have been friends(?: for [\p{L}\p{N} ]+)?)`;

/**
 * Ties between people. Family is RELATED_TO (basis: the kinship word), friends
 * and people who regularly do something together CLOSE_TO (basis: "best friend"
 * or the habit), colleagues and single meetings INTERACTED_WITH.
 */
export const tiePatterns: readonly Pattern[] = [
  rule({ name: "my-kin-name", time: "none", allows: ["future"], relation: "RELATED_TO", confidence: 0.9, personObject: true, re: `\\bmy\\s+${KIN}\\s+${OBJ_NAME}` }),
  rule({ name: "name-is-my-kin", time: "none", allows: ["future"], relation: "RELATED_TO", confidence: 0.9, personObject: true, re: `^${OBJ_NAME}\\s+is\\s+my\\s+${KIN}\\b` }),
  rule({ name: "name-is-my-friend", time: "none", allows: ["future"], relation: "CLOSE_TO", confidence: 0.9, personObject: true, re: `^${OBJ_NAME}\\s+is\\s+my\\s+${FRIEND}\\b` }),
  rule({ name: "my-friend-is-name", time: "none", allows: ["future"], relation: "CLOSE_TO", confidence: 0.9, personObject: true, re: `^my\\s+${FRIEND}\\s+is\\s+${OBJ_NAME}` }),
  rule({ name: "my-best-friend-name", relation: "CLOSE_TO", time: "none", allows: ["future"], confidence: 0.85, personObject: true, re: `\\bmy\\s+(?<basis>best friend|close friend|bestie)\\s+${OBJ_NAME}` }),
  rule({ name: "like-family-to-me", time: "none", allows: ["future"], relation: "CLOSE_TO", confidence: 0.8, personObject: true, re: `^${OBJ_NAME}\\s+is\\s+like\\s+(?:a|my)\\s+(?:brother|sister|family)\\s+to\\s+me` }),
  rule({ name: "name-is-my-colleague", time: "none", allows: ["future"], relation: "INTERACTED_WITH", confidence: 0.85, personObject: true, re: `^${OBJ_NAME}\\s+is\\s+my\\s+${COLLEAGUE}\\b` }),
  ...PAIRS.map((pair, i) => rule({ name: `together-habit-${i + 1}`, relation: "CLOSE_TO", confidence: 0.8, personObject: true, re: `${pair}${HABIT}` })),
  ...PAIRS.map((pair, i) => rule({ name: `work-together-${i + 1}`, relation: "INTERACTED_WITH", confidence: 0.8, personObject: true, time: "none", re: `${pair}(?<basis>work together)`, attributes: () => ({ basis: "work together" }) })),
  ...PAIRS.map((pair, i) => rule({ name: `together-once-${i + 1}`, relation: "INTERACTED_WITH", confidence: 0.75, personObject: true, re: `${pair}(?:went|grabbed|had|did|got|met|saw|watched|visited|built|made|shipped)\\b` })),
  rule({ name: "meal-with", relation: "INTERACTED_WITH", confidence: 0.85, personObject: true, re: `\\b(?:had|grabbed|got)\\s+(?:lunch|coffee|dinner|drinks|breakfast|a call|a drink|a beer)\\s+with\\s+${OBJ_NAME}` }),
  rule({ name: "met-name", relation: "INTERACTED_WITH", confidence: 0.8, personObject: true, re: `^(?:I\\s+)?(?:just\\s+)?(?:called|met|talked to|spoke to|spoke with|texted|visited|caught up with)\\s+(?:my\\s+\\p{L}+\\s+)?${OBJ_NAME}` }),
  rule({ name: "worked-with-name", relation: "INTERACTED_WITH", confidence: 0.8, personObject: true, re: `^(?:I\\s+)?(?:have\\s+)?(?:worked|work)\\s+with\\s+${OBJ_NAME}\\s+for\\b` }),
];
