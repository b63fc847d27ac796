import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { defaultCacheDir, defaultDataHome } from "../dataHome.js";
import { section, variable, wholeNumber, type ResolveContext } from "../declare.js";

/** A size as Neo4j's settings take it, lower-cased. */
const memorySize = z
  .string()
  .regex(/^\d+[kmg]$/i, "a size such as 512m or 2g")
  .transform((size) => size.toLowerCase());

const HOME = variable("MNEMOGRAPH_HOME", z.string().min(1), {
  defaultDoc: "`$XDG_DATA_HOME/mnemograph` (`~/.local/share/mnemograph`; macOS `~/Library/Application Support/mnemograph`; Windows `%LOCALAPPDATA%\\mnemograph`)",
  doc: "this user's folder: `data/` (with `gateway.json` while a gateway serves it), `jwt-secret`, `local-token`, and (when set) `cache/`; never the current directory",
});

const DATA_DIR = variable("MNEMOGRAPH_DATA_DIR", z.string().min(1), {
  defaultDoc: "`$MNEMOGRAPH_HOME/data`",
  doc: "the embedded Neo4j's home: data, logs, generated password; set without `MNEMOGRAPH_HOME`, the local secret and token sit in its parent folder (relative paths resolve against the current directory)",
});

/**
 * MNEMOGRAPH_HOME and MNEMOGRAPH_DATA_DIR resolved: explicit folders against
 * the current directory, as they always have; the defaults never do. For
 * another section whose folder defaults to one inside the data directory.
 */
export function localFolders({ env, cwd, platform, get }: ResolveContext) {
  const places = { env, platform, homedir: env.HOME ?? os.homedir() };
  const givenHomeText = get(HOME);
  const dataDirText = get(DATA_DIR);
  const givenHome = givenHomeText ? path.resolve(cwd, givenHomeText) : undefined;
  const dataDir = dataDirText ? path.resolve(cwd, dataDirText) : path.join(givenHome ?? defaultDataHome(places), "data");
  // MNEMOGRAPH_HOME, else the folder holding MNEMOGRAPH_DATA_DIR (where these files always were), else the platform's.
  const home = givenHome ?? (dataDirText ? path.dirname(dataDir) : defaultDataHome(places));
  return { places, givenHome, dataDir, home };
}

/** An existing server's address; unset, the embedded Neo4j (other sections' defaults follow it: the screenshot store). */
export const NEO4J_URI = variable("NEO4J_URI", z.string().regex(/^(bolt|neo4j)(\+s|\+ssc)?:\/\/.+/, "a bolt:// or neo4j:// URI"), {
  doc: "`bolt://` or `neo4j://` URI of an existing server; unset: the embedded Neo4j",
});

export const neo4j = section({
  title: "Neo4j and local files",
  summary: "The database (an existing server, or the embedded one Mnemograph provisions and starts) and where this user's files live.",
  variables: {
    home: HOME,
    neo4j: {
      uri: NEO4J_URI,
      user: variable("NEO4J_USER", z.string().min(1), { default: "neo4j", doc: "user for `NEO4J_URI` (the embedded server makes its own credentials)" }),
      password: variable("NEO4J_PASSWORD", z.string(), { default: "", doc: "password for `NEO4J_URI`" }),
      database: variable("NEO4J_DATABASE", z.string().min(1), { default: "neo4j", doc: "database name" }),
      dataDir: DATA_DIR,
      cacheDir: variable("MNEMOGRAPH_CACHE_DIR", z.string().min(1), {
        defaultDoc: "`$XDG_CACHE_HOME/mnemograph` (`~/.cache/mnemograph`), or `$MNEMOGRAPH_HOME/cache`",
        doc: "where the Neo4j and APOC jars and the embedding model are cached, outside the repository",
      }),
      boltPort: variable("NEO4J_BOLT_PORT", wholeNumber(0, 65535), { default: 0, doc: "Bolt port of the embedded server; `0`: a free one" }),
      heap: variable("NEO4J_HEAP", memorySize, { default: "1g", doc: "the embedded server's heap (a size such as `512m` or `2g`)" }),
      pageCache: variable("NEO4J_PAGECACHE", memorySize, { default: "512m", doc: "the embedded server's page cache (a size such as `512m` or `2g`)" }),
      txTimeoutSeconds: variable("NEO4J_TX_TIMEOUT_SECONDS", wholeNumber(1, 3600), { default: 60, doc: "server-side transaction timeout, in seconds" }),
      minReplanSeconds: variable("NEO4J_REPLAN_SECONDS", wholeNumber(0, 86400), {
        default: 300,
        doc: "embedded server: a cached query plan is kept at least this long before moved statistics have it planned again (`dbms.cypher.min_replan_interval`; Neo4j's own default of 10 s had a growing store plan the same statements again and again: 18% of its CPU under bench:load, 1.6% at 300 s). For your own server, set that setting in its `neo4j.conf`",
      }),
      queryCacheEntries: variable("NEO4J_QUERY_CACHE_ENTRIES", wholeNumber(1, 100_000), {
        default: 1000,
        doc: "embedded server: how many query plans it keeps (`server.memory.query_cache.per_db_cache_num_entries`, Neo4j's own default). A gateway's statements fit; the test suite's servers keep more (tests/support/globalSetup.ts)",
      }),
      bookmarks: variable("NEO4J_BOOKMARKS", z.enum(["auto", "on", "off"]), {
        default: "auto",
        doc: "`auto`: transactions carry the driver's shared bookmarks over a routing `neo4j://` connection only (a direct `bolt://` one reaches one server, where they only make Neo4j wait); `on`: always; `off`: never",
      }),
    },
  },
  resolve: ({ neo4j }, context) => {
    const { places, givenHome, dataDir, home } = localFolders(context);
    const { cwd } = context;
    // With MNEMOGRAPH_HOME, one folder holds everything (the cache too).
    const cacheDir = neo4j.cacheDir ? path.resolve(cwd, neo4j.cacheDir) : givenHome ? path.join(givenHome, "cache") : defaultCacheDir(places);
    return { home, neo4j: { ...neo4j, dataDir, cacheDir } };
  },
});
