/** One idempotent schema statement, named so that logs and health can refer to it. */
export interface Migration {
  name: string;
  cypher: string;
  /** A full-text index's settings: one built with other settings is dropped first, so the new one replaces it. */
  fulltext?: FulltextSettings;
  /** Fills in data rather than schema: idempotent because it touches only what still lacks the value (`IS NULL`). */
  data?: true;
  /** Drops an index that is no longer used (`IF EXISTS`): leaves nothing behind to look for afterwards. */
  drop?: true;
}

/** The settings of a full-text index that a start compares with the database's (pendingMigrations.ts). */
export interface FulltextSettings {
  /** `fulltext.analyzer`. */
  analyzer: string;
  /**
   * `fulltext.eventually_consistent`: a commit queues its changes to the index and a background
   * thread applies and refreshes them, instead of each commit refreshing the index itself.
   */
  eventuallyConsistent: boolean;
}
