import { employmentPatterns } from "./employment.js";
import { eventPatterns } from "./events.js";
import { placePatterns } from "./places.js";
import { projectPatterns } from "./projects.js";
import { skillPatterns } from "./skills.js";
import { studyPatterns } from "./study.js";
import { tiePatterns } from "./ties.js";
import { topicPatterns } from "./topics.js";
import type { Pattern } from "../pattern.js";

/** Every rule, one family per file; earlier families win a tie on the same span. */
export const patterns: readonly Pattern[] = [...employmentPatterns, ...studyPatterns, ...placePatterns, ...skillPatterns, ...topicPatterns, ...projectPatterns, ...eventPatterns, ...tiePatterns];
export { SELF_EMPLOYED } from "./employment.js";
export { spokenPatterns } from "./spoken.js";
