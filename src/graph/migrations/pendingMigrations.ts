import type { Migration } from "./migration.js";

/** An index or constraint the database already has, by name (and a full-text index's analyzer). */
export interface ExistingSchemaRule {
  name: string;
  /** `fulltext.analyzer` of a full-text index; null for every other kind. */
  analyzer: string | null;
}

/** What a start must still do: run these statements, after dropping these indexes (analyzer changed). */
export interface PendingMigrations {
  run: Migration[];
  rebuild: string[];
}

/**
 * The migrations a start has to send. A schema statement is `IF NOT EXISTS` by name, so one whose
 * name the database already has would change nothing: it is left out (a restart then costs one
 * `SHOW` instead of ~200 statements, each taking a schema lock). Data fills and drops always run:
 * they are idempotent and say nothing by name. A full-text index built with another analyzer is
 * dropped and created again.
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
    if (m.fulltextAnalyzer && found.analyzer !== null && found.analyzer !== m.fulltextAnalyzer) {
      rebuild.push(m.name);
      run.push(m);
    }
  }
  return { run, rebuild };
}
