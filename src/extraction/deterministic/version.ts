/** Bumped when any pattern, guard or resolution rule changes: recorded in every fact's `source`. 2: issue #45, objects cut to their noun phrase and judged by shape, the spoken rules. */
export const DETERMINISTIC_VERSION = "2";
/** The rules alone as they stood before issue #45 (`deterministicExtractor({ parse: false })`), kept for measuring side by side. */
export const RULES_ONLY_VERSION = "1";
