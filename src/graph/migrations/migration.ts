/** One idempotent schema statement, named so that logs and health can refer to it. */
export interface Migration {
  name: string;
  cypher: string;
  /** A full-text index built with another analyzer is dropped first, so the new one replaces it. */
  fulltextAnalyzer?: string;
  /** Fills in data rather than schema: idempotent because it touches only what still lacks the value (`IS NULL`). */
  data?: true;
  /** Drops an index that is no longer used (`IF EXISTS`): leaves nothing behind to look for afterwards. */
  drop?: true;
}
