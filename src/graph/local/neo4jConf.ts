/** What the embedded server's `neo4j.conf` is made of. */
export interface Neo4jConfOptions {
  boltPort: number;
  dataDir: string;
  logsDir: string;
  runDir: string;
  pluginsDir: string;
  heap: string;
  pageCache: string;
  txTimeoutSeconds: number;
  /** dbms.cypher.min_replan_interval: how long a cached plan is kept before statistics that moved may have it planned again. */
  minReplanSeconds: number;
  /** server.memory.query_cache.per_db_cache_num_entries: how many plans the server keeps. */
  queryCacheEntries: number;
}

/**
 * Renders a minimal `neo4j.conf` for the embedded server: loopback only, Bolt
 * on the given port, HTTP off, no usage reports (there is no network to send
 * them to), APOC allowed, and a checkpoint every 30 s instead of Neo4j's 15
 * minutes: a server killed soon after start-up otherwise replays everything
 * since, rebuilding every index the migrations created (db.checkpoint() is
 * Enterprise-only; bench:fault saw a restart take 31 s instead of 8).
 *
 * Plans are cached by statement and parameter types only, not also by the
 * order of magnitude of each list's and string's length (Neo4j's internal
 * `use_parameter_size`, on by default): with it, one statement was planned
 * again for ids lists of 1, 2–10, 11–100… and for contents of 10 or 100
 * characters, 100–700 ms each on two cores, so statements that take lists
 * (search's expansion, the extraction worker, feed subscribers' agents) were
 * planned over and over under load. bench:load at 50 agents: +15% with it
 * off (docs/benchmarks.md). The plans Mnemograph's statements get are index
 * seeks by id either way. Pure, so it is unit-tested as text.
 */
export function renderNeo4jConf(o: Neo4jConfOptions): string {
  return [
    "# Written by Mnemograph at every start of the embedded server; edits are overwritten.",
    "server.default_listen_address=127.0.0.1",
    "server.default_advertised_address=127.0.0.1",
    `server.bolt.listen_address=127.0.0.1:${o.boltPort}`,
    `server.bolt.advertised_address=127.0.0.1:${o.boltPort}`,
    "server.http.enabled=false",
    "server.https.enabled=false",
    `server.memory.heap.initial_size=${o.heap}`,
    `server.memory.heap.max_size=${o.heap}`,
    `server.memory.pagecache.size=${o.pageCache}`,
    `db.transaction.timeout=${o.txTimeoutSeconds}s`,
    "db.checkpoint.interval.time=30s",
    `dbms.cypher.min_replan_interval=${o.minReplanSeconds}s`,
    `server.memory.query_cache.per_db_cache_num_entries=${o.queryCacheEntries}`,
    "internal.cypher.use_parameter_size=false",
    "dbms.usage_report.enabled=false",
    "dbms.security.auth_enabled=true",
    "dbms.security.procedures.unrestricted=apoc.*",
    "dbms.security.procedures.allowlist=apoc.*",
    `server.directories.data=${o.dataDir}`,
    `server.directories.logs=${o.logsDir}`,
    `server.directories.run=${o.runDir}`,
    `server.directories.plugins=${o.pluginsDir}`,
    "",
  ].join("\n");
}

/**
 * JVM flags the official launcher adds for Neo4j 5 (see `neo4j console --dry-run`),
 * plus the heap from the configuration.
 */
export function neo4jJvmArgs(heap: string): string[] {
  return [
    `-Xms${heap}`,
    `-Xmx${heap}`,
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+UnlockExperimentalVMOptions",
    "-XX:+TrustFinalNonStaticFields",
    "-XX:+DisableExplicitGC",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-XX:+UnlockDiagnosticVMOptions",
    "-XX:+DebugNonSafepoints",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "-Dlog4j2.disable.jmx=true",
    "-Dfile.encoding=UTF-8",
  ];
}
