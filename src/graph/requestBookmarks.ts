import { AsyncLocalStorage } from "node:async_hooks";
import type { BookmarkManager } from "neo4j-driver";

/**
 * The bookmarks of one client request (an HTTP request to /graphql, /api or /mcp): the ones the
 * client brought from an earlier response, perhaps of another gateway, and what the request's own
 * transactions committed since. Every transaction started inside the request, @neo4j/graphql's and
 * the executor's alike, takes them from the driver's bookmark manager (driver.ts).
 */
export interface RequestBookmarks {
  /** The newest bookmarks the request knows: the client's until a transaction of the request has ended, then that transaction's. */
  latest(): string[];
}

interface Scope {
  own: Set<string>;
  /** The request's manager over each shared one (one driver in a gateway; a map, so nothing assumes it). */
  joined: WeakMap<BookmarkManager, BookmarkManager>;
}

const current = new AsyncLocalStorage<Scope>();

/**
 * Runs `work` (and everything it starts) as one client request that brought `given`: every
 * transaction in it waits until the server it runs on has applied those bookmarks, so a client reads
 * its own writes through any gateway of a cluster.
 */
export function withRequestBookmarks<T>(given: readonly string[], work: (bookmarks: RequestBookmarks) => T): T {
  const scope: Scope = { own: new Set(given), joined: new WeakMap() };
  return current.run(scope, () => work({ latest: () => [...scope.own] }));
}

/**
 * The bookmark manager a session opened now uses: the process's shared one (so a gateway's own
 * requests read each other's writes), joined inside a client request by what that request knows.
 * Read when a session is opened, in the request's async context; the driver reports a transaction's
 * end from its socket's context, so the manager it got holds its request itself. A transaction's new
 * bookmark replaces the ones it started from in both sets; a client bookmark the server refuses fails
 * that request's transaction and never reaches the shared set.
 */
export function bookmarkManagerNow(shared: BookmarkManager): BookmarkManager {
  const scope = current.getStore();
  if (!scope) return shared;
  let joined = scope.joined.get(shared);
  if (!joined) scope.joined.set(shared, (joined = joinedManager(shared, scope.own)));
  return joined;
}

function joinedManager(shared: BookmarkManager, own: Set<string>): BookmarkManager {
  return {
    async getBookmarks() {
      const mine = [...(await shared.getBookmarks())];
      return own.size > 0 ? [...new Set([...mine, ...own])] : mine;
    },
    async updateBookmarks(previousGiven: Iterable<string>, nextGiven: Iterable<string>) {
      const [previous, next] = [[...previousGiven], [...nextGiven]];
      for (const b of previous) own.delete(b);
      for (const b of next) own.add(b);
      await shared.updateBookmarks(previous, next);
    },
  } as BookmarkManager;
}
