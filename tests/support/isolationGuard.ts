import type { Driver, Session } from "neo4j-driver";

/**
 * The parallel project's files share one Neo4j and run two at a time, each in tenants and
 * agents of its own. A file that reads the database beyond them (counts every node, reads a
 * label across tenants) passes alone and fails at random beside another file. This guard
 * makes it fail every time instead: a statement a test sends through its gateway's driver
 * must name what it is scoped to (an id property: tenantId, ownerId, agentId, id, … in a property
 * map or a WHERE), or the test fails with IsolationBreach naming the statement and the fix. A read
 * that means to see everything, and is safe beside other files, says so in a Cypher comment
 * (`// whole database: why`).
 * Plans (EXPLAIN) read no data and pass. The gateway's own statements are not checked: only the
 * driver handed to tests is guarded. Files that must see the whole database belong in
 * vitest.config.ts's WHOLE_DATABASE list, where the guard is off.
 */
export class IsolationBreach extends Error {
  constructor(statement: string) {
    super(
      `This test reads beyond its own tenant or agents, which breaks beside the other files of the parallel project:\n  ${statement.trim().slice(0, 200)}\n` +
        "Scope the statement (tenantId, ownerId, agentId or id), or move the file to WHOLE_DATABASE in vitest.config.ts.",
    );
    this.name = "IsolationBreach";
  }
}

/** A property map key or a property read that is an id (`{tenantId: $t}`, `n.ownerId = $o`, `{improvementId: $id}`), or a node's elementId. */
const SCOPED = /[{,]\s*\w*[iI]d\s*:|\.\w*[iI]d\b|\belementId\(/;

/** A deliberate whole-database read in a parallel file says why, in a Cypher comment: `// whole database: <why>`. */
const DECLARED = /\/\/ whole database: \S/;

/** Throws IsolationBreach unless the statement names its scope, only plans, or declares why it reads everything. */
export function assertScoped(statement: string): void {
  if (/^\s*EXPLAIN\b/i.test(statement) || SCOPED.test(statement) || DECLARED.test(statement)) return;
  throw new IsolationBreach(statement);
}

/** Whether this worker's project runs its files side by side (vitest.config.ts sets it). */
export const isolationGuarded = (): boolean => process.env.TEST_ISOLATION_GUARD === "on";

const queryOf = (query: unknown): string => (typeof query === "string" ? query : String((query as { text?: string }).text ?? ""));

/** The driver's calls answer with a promise: a refused statement is a rejected one, as a failed statement would be. */
function refusedOr(query: unknown, run: () => unknown): unknown {
  try {
    assertScoped(queryOf(query));
  } catch (breach) {
    return Promise.reject(breach);
  }
  return run();
}

function guardSession(session: Session): Session {
  const guardRun = <T extends { run: (...args: never[]) => unknown }>(runner: T): T =>
    new Proxy(runner, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== "run" || typeof value !== "function") return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        return (query: unknown, ...rest: unknown[]) => refusedOr(query, () => (value as (...a: unknown[]) => unknown).call(target, query, ...rest));
      },
    });
  return new Proxy(guardRun(session), {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if ((prop === "executeRead" || prop === "executeWrite") && typeof value === "function") {
        return (work: (tx: unknown) => unknown, ...rest: unknown[]) =>
          (value as (...a: unknown[]) => unknown).call(target, (tx: { run: (...args: never[]) => unknown }) => work(guardRun(tx)), ...rest);
      }
      return value;
    },
  });
}

/** The driver a test gets: every statement it sends directly is checked by assertScoped. */
export function guardIsolation(driver: Driver): Driver {
  return new Proxy(driver, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "executeQuery") {
        return (query: unknown, ...rest: unknown[]) => refusedOr(query, () => (value as (...a: unknown[]) => unknown).call(target, query, ...rest));
      }
      if (prop === "session") return (...args: unknown[]) => guardSession((value as (...a: unknown[]) => Session).apply(target, args));
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
