import { describe, expect, it } from "vitest";
import { neo4jJvmArgs, renderNeo4jConf } from "../../src/graph/local/neo4jConf.js";

const conf = renderNeo4jConf({
  boltPort: 17687,
  dataDir: "/d/data",
  logsDir: "/d/logs",
  runDir: "/d/run",
  pluginsDir: "/cache/plugins",
  heap: "1g",
  pageCache: "512m",
  txTimeoutSeconds: 60,
  minReplanSeconds: 300,
  queryCacheEntries: 1000,
});
const settings = new Map(
  conf
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split("=") as [string, string]),
);

describe("renderNeo4jConf", () => {
  it("listens on loopback only, Bolt on the given port, HTTP off", () => {
    expect(settings.get("server.default_listen_address")).toBe("127.0.0.1");
    expect(settings.get("server.bolt.listen_address")).toBe("127.0.0.1:17687");
    expect(settings.get("server.http.enabled")).toBe("false");
    expect(settings.get("server.https.enabled")).toBe("false");
  });

  it("keeps authentication on and sends no usage reports", () => {
    expect(settings.get("dbms.security.auth_enabled")).toBe("true");
    expect(settings.get("dbms.usage_report.enabled")).toBe("false");
  });

  it("sizes memory and the transaction timeout from the options", () => {
    expect(settings.get("server.memory.heap.max_size")).toBe("1g");
    expect(settings.get("server.memory.pagecache.size")).toBe("512m");
    expect(settings.get("db.transaction.timeout")).toBe("60s");
    expect(settings.get("dbms.cypher.min_replan_interval")).toBe("300s");
    expect(settings.get("server.memory.query_cache.per_db_cache_num_entries")).toBe("1000");
  });

  it("caches a statement's plan whatever the lengths of its list and string parameters", () => {
    expect(settings.get("internal.cypher.use_parameter_size")).toBe("false");
  });

  it("checkpoints every 30 s, so a crash soon after start-up does not rebuild the new indexes", () => {
    expect(settings.get("db.checkpoint.interval.time")).toBe("30s");
  });

  it("allows APOC and points at the data and plugin folders", () => {
    expect(settings.get("dbms.security.procedures.unrestricted")).toBe("apoc.*");
    expect(settings.get("server.directories.data")).toBe("/d/data");
    expect(settings.get("server.directories.plugins")).toBe("/cache/plugins");
  });
});

describe("neo4jJvmArgs", () => {
  it("sets the heap both ways and opens the packages Neo4j needs", () => {
    const args = neo4jJvmArgs("2g");
    expect(args).toContain("-Xms2g");
    expect(args).toContain("-Xmx2g");
    expect(args).toContain("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");
  });
});
