import { FEED_STAMP_FIELD, stampedLabels } from "./feedStamp.js";
import type { Migration } from "../graph/migrations/migration.js";

const LABEL = /^[A-Z][A-Za-z0-9]*$/;

/**
 * One range index per knowledge type on the feed's write stamp (src/feed/feedStamp.ts),
 * so the writing transaction finds its own nodes by an index seek. The stamp
 * is removed before every commit: these indexes stay empty between writes.
 */
export function feedStampIndexes(knowledgeLabels: readonly string[]): Migration[] {
  return stampedLabels(knowledgeLabels).map((label) => {
    if (!LABEL.test(label)) throw new Error(`Refusing unsafe label in a migration: ${label}`);
    const name = `${label.toLowerCase()}_feed_stamp`;
    return { name, cypher: `CREATE INDEX ${name} IF NOT EXISTS FOR (n:${label}) ON (n.${FEED_STAMP_FIELD})` };
  });
}
