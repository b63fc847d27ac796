import type { FulltextSettings, Migration } from "./migration.js";

/** An index or constraint the database already has, by name (and a full-text index's settings). */
export interface ExistingSchemaRule {
  name: string;
  /** A full-text index's settings; null for every other kind. */
  fulltext: FulltextSettings | null;
}

/** What a start must still do: run these statements, after dropping these indexes (settings changed). */
export interface PendingMigrations {
  run: Migration[];
  rebuild: string[];
}

/**
 * The migrations a start has to send. A schema statement is `IF NOT EXISTS` by name, so one whose
 * name the database already has would change nothing: it is left out (a restart then costs one
 * `SHOW` instead of ~200 statements, each taking a schema lock). Data fills and drops always run:
 * they are idempotent and say nothing by name. A full-text index built with another analyzer is
 * dropped and created again, and so is one whose commits refresh it where they should queue (or
 * the reverse): a store made by an earlier version gets the settings of this one.
 */
export function pendingMigrations(migrations: readonly Migration[], existing: readonly ExistingSchemaRule[]): PendingMigrations {
  const byName = new Map(existing.map((rule) => [rule.name, rule]));
  const run: Migration[] = [];
  const rebuild: string[] = [];
  for (const m of migrations) {
    const found = m.data || m.drop ? undefined : byName.get(m.name);
    if (!found) {
      run.push(m);
      continue;
    }
    if (m.fulltext && found.fulltext && !sameSettings(m.fulltext, found.fulltext)) {
      rebuild.push(m.name);
      run.push(m);
    }
  }
  return { run, rebuild };
}

const sameSettings = (a: FulltextSettings, b: FulltextSettings): boolean => a.analyzer === b.analyzer && a.eventuallyConsistent === b.eventuallyConsistent;
