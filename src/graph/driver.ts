import neo4j, { type BookmarkManager, type Driver } from "neo4j-driver";
import { bookmarkManagerNow } from "./requestBookmarks.js";

/** The driver as the wiring holds it to hand on (to @neo4j/graphql, to the executor): outside src/graph nothing imports neo4j-driver. */
export type { Driver };

export interface DriverOptions {
  uri: string;
  user: string;
  password: string;
  /** Default `auto`: see usesBookmarks. */
  bookmarks?: "auto" | "on" | "off";
  /**
   * The driver's own debug log, line by line (each Bolt message it sends, with its access mode and
   * bookmarks): what a test reads to see how statements really ran. Off when not given.
   */
  boltLog?: (line: string) => void;
}

/**
 * Should transactions carry the driver's shared bookmarks (the
 * `executeQueryBookmarkManager`, which @neo4j/graphql's sessions and ours
 * use)? They exist so a read routed to another member of a cluster waits
 * until it has what earlier writes committed. Over a direct `bolt://`
 * connection there is one server, where a committed write is visible to
 * every later transaction anyway; there a bookmark only makes the server wait
 * until every transaction before it has closed, and Neo4j waits by spinning:
 * under bench:load, with sixteen operations committing at once, 69% of
 * Neo4j's CPU samples were in that wait (TransactionIdTracker.awaitUpToDate,
 * bench:profile). So `auto` carries them over `neo4j://` (routing) only.
 */
export function usesBookmarks(uri: string, setting: "auto" | "on" | "off" = "auto"): boolean {
  if (setting !== "auto") return setting === "on";
  return !/^bolt(\+s|\+ssc)?:\/\//.test(uri);
}

/** A bookmark manager that keeps none: every transaction starts at once. */
const NO_BOOKMARKS = {
  getBookmarks: async () => [],
  updateBookmarks: async () => {},
} as unknown as BookmarkManager;

/** The one Neo4j driver of the process. */
export function createDriver({ uri, user, password, bookmarks, boltLog }: DriverOptions): Driver {
  const driver = neo4j.driver(uri, neo4j.auth.basic(user, password), {
    maxConnectionPoolSize: 100,
    connectionAcquisitionTimeout: 10_000,
    connectionTimeout: 5_000,
    maxTransactionRetryTime: 5_000,
    disableLosslessIntegers: false,
    ...(boltLog ? { logging: { level: "debug" as const, unredactDebugLogs: true, logger: (_level: string, message: string) => boltLog(message) } } : {}),
  });
  // The driver's own getter is on its prototype: an own property takes its place for this driver. Every session
  // of the process reads it (@neo4j/graphql's Executor and ours), so inside a client request the request's
  // bookmarks join the shared ones there (requestBookmarks.ts).
  if (usesBookmarks(uri, bookmarks)) {
    const shared = driver.executeQueryBookmarkManager;
    Object.defineProperty(driver, "executeQueryBookmarkManager", { get: () => bookmarkManagerNow(shared) });
  } else {
    Object.defineProperty(driver, "executeQueryBookmarkManager", { value: NO_BOOKMARKS });
  }
  return driver;
}

/**
 * A second, small driver for the availability probe alone. Through the main
 * driver a probe would queue behind busy requests for a pooled connection
 * and time out under load, which is not an outage (bench:load saw three in a
 * row); its own connection measures the server, not the gateway's pool.
 */
export function createProbeDriver({ uri, user, password }: DriverOptions): Driver {
  return neo4j.driver(uri, neo4j.auth.basic(user, password), {
    maxConnectionPoolSize: 2,
    connectionAcquisitionTimeout: 1_000,
    connectionTimeout: 1_000,
    maxTransactionRetryTime: 0,
  });
}

/** Neo4j's version and edition, or null when it does not answer. */
export async function describeServer(driver: Driver, database: string) {
  try {
    const result = await driver.executeQuery(
      "CALL dbms.components() YIELD versions, edition RETURN versions[0] AS version, edition",
      {},
      { database },
    );
    const record = result.records[0];
    return { version: String(record?.get("version")), edition: String(record?.get("edition")) };
  } catch {
    return null;
  }
}
