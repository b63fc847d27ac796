import neo4j, { type BookmarkManager, type Driver, type QueryResult, type Transaction } from "neo4j-driver";
import { context as traceContext, type Context } from "@opentelemetry/api";
import { retryAfter, type GraphTarget } from "./executor.js";
import { inStatementSpan, startStatementSpan } from "./statementSpan.js";
import { untraced } from "./tracedDriver.js";

/** How writes wait for each other before they commit together. */
export interface GroupCommitOptions {
  /** Milliseconds a write that finds the line free waits for others to join it (0: only those that arrived in the same turn of the event loop). */
  lingerMs: number;
  /** Writes in one transaction at most: a full group commits without lingering. */
  maxGroup: number;
  /** Group transactions open at once; writes arriving while they are all busy wait for the next group. */
  maxInFlight: number;
}

/** The defaults: no linger, so a write alone is not slowed; concurrent writes gather while a group commits. */
export const GROUP_COMMIT_DEFAULTS: GroupCommitOptions = { lingerMs: 0, maxGroup: 32, maxInFlight: 1 };

/** One write waiting for its group: its statement, the bookmarks of its request, and its caller's promise. */
interface Member {
  cypher: string;
  params: Record<string, unknown>;
  bookmarks: BookmarkManager;
  /** The caller's trace context: its statement's span belongs to its own request, not to the one that opened the group. */
  trace: Context;
  resolve(result: QueryResult): void;
  reject(err: unknown): void;
}

/** A group that failed at a member's statement (its index), or at the commit (null: no member is to blame). */
class GroupFailure extends Error {
  constructor(
    readonly at: number | null,
    override readonly cause: unknown,
  ) {
    super("group commit failed");
  }
}

/**
 * Group commit for statements that are each the whole of their write
 * (@neo4j/graphql's translated create of one request): writes that arrive
 * while a group transaction is committing wait, and commit together in the
 * next one, instead of paying a transaction (begin, commit, the log's flush,
 * three round trips) each. Each caller is answered with its own statement's
 * result, and only once the group has committed. A statement that fails
 * fails the group: it is rolled back, the member that failed runs again
 * alone (its own error is its answer) and the others run again as a group;
 * a group whose commit failed (a transient error: nobody is to blame) runs
 * each member alone. Nothing is answered from a transaction that did not
 * commit, so nothing is half-written. The group's transaction waits for the
 * bookmarks of every member's request, and each member's request learns the
 * group's commit (requestBookmarks.ts).
 */
export function groupCommit(target: GraphTarget, options: GroupCommitOptions = GROUP_COMMIT_DEFAULTS): { run(cypher: string, params: Record<string, unknown>): Promise<QueryResult> } {
  const { driver, traced } = untraced(target.driver);
  const { database } = target;
  const { lingerMs, maxGroup, maxInFlight } = options;
  let waiting: Member[] = [];
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;

  /** Starts a group from the waiting writes when a transaction may open: at once when full, else after the linger. */
  function schedule(): void {
    if (waiting.length === 0 || inFlight >= maxInFlight) return;
    if (waiting.length >= maxGroup) return flush();
    if (timer === null) timer = setTimeout(flush, lingerMs);
  }

  function flush(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (waiting.length === 0 || inFlight >= maxInFlight) return;
    const group = waiting.slice(0, maxGroup);
    waiting = waiting.slice(maxGroup);
    inFlight++;
    void settle(group).finally(() => {
      inFlight--;
      schedule();
    });
  }

  /** Commits `group` together, or as much of it as can be, each member answered once. */
  async function settle(group: Member[], attempt = 1): Promise<void> {
    try {
      const results = await commitTogether(group);
      group.forEach((m, i) => m.resolve(results[i]!));
    } catch (err) {
      const failure = err instanceof GroupFailure ? err : new GroupFailure(null, err);
      if (group.length === 1) {
        // Alone, as the executor's auto-commit writes: again after a short pause when the driver calls the error retryable (a deadlock).
        if (!(await retryAfter(failure.cause, attempt))) return group[0]!.reject(failure.cause);
        return settle(group, attempt + 1);
      }
      if (failure.at === null) {
        await Promise.all(group.map((m) => settle([m])));
        return;
      }
      const others = group.filter((_, i) => i !== failure.at);
      await Promise.all([settle([group[failure.at]!]), settle(others)]);
    }
  }

  /** One transaction for the whole group: every statement sent at once, then the commit. Throws a GroupFailure. */
  async function commitTogether(group: Member[]): Promise<QueryResult[]> {
    const session = driver.session({ database, defaultAccessMode: neo4j.session.WRITE, bookmarkManager: joinedBookmarks(group.map((m) => m.bookmarks)) });
    let tx: Transaction | null = null;
    try {
      tx = await session.beginTransaction();
      const open = tx;
      const settled = await Promise.allSettled(group.map((m) => traceRun(m, () => open.run(m.cypher, m.params))));
      const failed = settled.findIndex((s) => s.status === "rejected");
      if (failed >= 0) throw new GroupFailure(failed, (settled[failed] as PromiseRejectedResult).reason);
      try {
        await tx.commit();
      } catch (err) {
        throw new GroupFailure(null, err);
      }
      return settled.map((s) => (s as PromiseFulfilledResult<QueryResult>).value);
    } finally {
      if (tx?.isOpen()) await tx.rollback().catch(() => {});
      await session.close();
    }
  }

  function traceRun<T>(member: Member, run: () => PromiseLike<T>): Promise<T> {
    return inStatementSpan(traced ? traceContext.with(member.trace, () => startStatementSpan(member.cypher, database)) : null, run);
  }


  return {
    run: (cypher, params) =>
      new Promise<QueryResult>((resolve, reject) => {
        // Read here, in the caller's request: the manager that carries its bookmarks (driver.ts), and its trace.
        waiting.push({ cypher, params, bookmarks: bookmarksOf(driver), trace: traceContext.active(), resolve, reject });
        schedule();
      }),
  };
}

const bookmarksOf = (driver: Driver): BookmarkManager => driver.executeQueryBookmarkManager;

/** The bookmarks of every member's request for the group's transaction; its commit told to each of them. */
function joinedBookmarks(managers: BookmarkManager[]): BookmarkManager {
  const distinct = [...new Set(managers)];
  if (distinct.length === 1) return distinct[0]!;
  return {
    async getBookmarks() {
      const all = await Promise.all(distinct.map((m) => m.getBookmarks()));
      return [...new Set(all.flatMap((b) => [...b]))];
    },
    async updateBookmarks(previous: Iterable<string>, next: Iterable<string>) {
      const [before, after] = [[...previous], [...next]];
      await Promise.all(distinct.map((m) => m.updateBookmarks(before, after)));
    },
  };
}
