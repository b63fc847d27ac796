/** Bumped when any pattern, guard or resolution rule changes: recorded in every fact's `source`. */
export const DETERMINISTIC_VERSION = "1";
