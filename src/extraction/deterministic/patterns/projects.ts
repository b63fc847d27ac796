import { ADV, OBJ, SUBJ_OPT, rule } from "./fragments.js";
import type { Pattern } from "../pattern.js";

/** Projects people work on. */
export const projectPatterns: readonly Pattern[] = [
  rule({ name: "working-on", relation: "WORKING_ON", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:am |is |are |have been |been )?${ADV}(?:working on|building|developing|redesigning|illustrating|maintaining)\\s+${OBJ}` }),
  rule({ name: "maintains", relation: "WORKING_ON", confidence: 0.85, re: `${SUBJ_OPT}${ADV}(?:maintain|maintains|run|runs)\\s+(?!my\\s|our\\s)${OBJ}` }),
  rule({ name: "contributing-to", relation: "WORKING_ON", confidence: 0.75, re: `${SUBJ_OPT}${ADV}(?:am |have been |been )?contributing to\\s+${OBJ}` }),
  rule({ name: "my-thesis", relation: "WORKING_ON", confidence: 0.8, re: `my (?<obj>thesis|dissertation)\\s+is\\s+(?:on|about)\\b` }),
];
