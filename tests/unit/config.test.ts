import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/config.js";

describe("loadConfig", () => {
  it("gives the embedded defaults when nothing is set", () => {
    const config = loadConfig({ HOME: "/home/ada" }, "/srv/app", "linux");
    expect(config.port).toBe(4000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.neo4j.uri).toBeUndefined();
    expect(config.neo4j.dataDir).toBe("/home/ada/.local/share/mnemograph/data");
    expect(config.home).toBe("/home/ada/.local/share/mnemograph");
    expect(config.neo4j.cacheDir).toBe("/home/ada/.cache/mnemograph");
    expect(config.mode).toBe("development");
  });

  it("keeps data in the user's folder whatever the current directory (an MCP client may start us from /)", () => {
    expect(loadConfig({ HOME: "/home/ada" }, "/", "linux").home).toBe("/home/ada/.local/share/mnemograph");
    const xdg = loadConfig({ HOME: "/home/ada", XDG_DATA_HOME: "/data/ada", XDG_CACHE_HOME: "/var/cache/ada" }, "/", "linux");
    expect(xdg.neo4j.dataDir).toBe("/data/ada/mnemograph/data");
    expect(xdg.neo4j.cacheDir).toBe("/var/cache/ada/mnemograph");
    // XDG: a relative path is invalid and ignored.
    expect(loadConfig({ HOME: "/home/ada", XDG_DATA_HOME: "rel" }, "/", "linux").home).toBe("/home/ada/.local/share/mnemograph");
    expect(loadConfig({ HOME: "/Users/ada" }, "/", "darwin").home).toBe("/Users/ada/Library/Application Support/mnemograph");
  });

  it("puts data, token and cache under MNEMOGRAPH_HOME when it is set", () => {
    const config = loadConfig({ HOME: "/home/ada", MNEMOGRAPH_HOME: "/opt/mg" }, "/", "linux");
    expect(config.home).toBe("/opt/mg");
    expect(config.neo4j.dataDir).toBe("/opt/mg/data");
    expect(config.neo4j.cacheDir).toBe("/opt/mg/cache");
  });

  it("keeps explicit folders where they always resolved: against the current directory, the token beside the data", () => {
    const config = loadConfig({ HOME: "/home/ada", MNEMOGRAPH_DATA_DIR: ".mnemograph/data", MNEMOGRAPH_CACHE_DIR: "cache" }, "/srv/app", "linux");
    expect(config.neo4j.dataDir).toBe("/srv/app/.mnemograph/data");
    expect(config.home).toBe("/srv/app/.mnemograph");
    expect(config.neo4j.cacheDir).toBe("/srv/app/cache");
    // The image's layout: MNEMOGRAPH_DATA_DIR=/data/neo4j, so the local files sit in /data.
    expect(loadConfig({ MNEMOGRAPH_DATA_DIR: "/data/neo4j" }, "/app", "linux").home).toBe("/data");
  });

  it("turns introspection (and Sandbox) on in development and off in production unless INTROSPECTION says", () => {
    expect(loadConfig({}).introspection).toBe(true);
    expect(loadConfig({ MNEMOGRAPH_MODE: "production" }).introspection).toBe(false);
    expect(loadConfig({ MNEMOGRAPH_MODE: "production", INTROSPECTION: "on" }).introspection).toBe(true);
    expect(loadConfig({ INTROSPECTION: "off" }).introspection).toBe(false);
    expect(() => loadConfig({ INTROSPECTION: "yes" })).toThrowError(/INTROSPECTION/);
  });

  it("reads CORS_ORIGINS as exact browser origins, or * alone, and names a bad one", () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: "https://app.example.com, http://localhost:5173" }).corsOrigins).toEqual(["https://app.example.com", "http://localhost:5173"]);
    expect(loadConfig({ CORS_ORIGINS: "*" }).corsOrigins).toBe("*");
    expect(() => loadConfig({ CORS_ORIGINS: "https://app.example.com/" })).toThrowError(/CORS_ORIGINS: "https:\/\/app.example.com\/" is not an origin as browsers send it \(no path or trailing slash\): https:\/\/app.example.com/);
    expect(() => loadConfig({ CORS_ORIGINS: "app.example.com" })).toThrowError(/CORS_ORIGINS: "app.example.com" is not an origin: scheme:\/\/host\[:port\]/);
    expect(() => loadConfig({ CORS_ORIGINS: "ftp://files.example.com" })).toThrowError(/is not an http\(s\) origin/);
    expect(() => loadConfig({ CORS_ORIGINS: "*,https://a.example.com" })).toThrowError(/"\*" is allowed only alone/);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ NEO4J_URI: "", PORT: "" }).neo4j.uri).toBeUndefined();
  });

  it("names the variable whose value is bad", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrowError(/PORT/);
    expect(() => loadConfig({ PORT: "70000" })).toThrowError(/PORT/);
    expect(() => loadConfig({ NEO4J_URI: "http://example" })).toThrowError(/NEO4J_URI: a bolt:\/\/ or neo4j:\/\/ URI/);
    expect(() => loadConfig({ NEO4J_HEAP: "lots" })).toThrowError(/NEO4J_HEAP/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrowError(/LOG_LEVEL/);
  });

  it("reports every bad variable at once", () => {
    try {
      loadConfig({ PORT: "x", MNEMOGRAPH_MODE: "staging" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toHaveLength(2);
    }
  });

  it("uses the server NEO4J_URI names instead of the embedded one", () => {
    const config = loadConfig({ NEO4J_URI: "neo4j+s://db.example:7687", NEO4J_PASSWORD: "pw" });
    expect(config.neo4j.uri).toBe("neo4j+s://db.example:7687");
    expect(config.neo4j.password).toBe("pw");
  });
});

describe("loadConfig: authentication", () => {
  it("allows auth off only on a loopback HOST", () => {
    expect(loadConfig({ MNEMOGRAPH_AUTH: "off" }).auth.mode).toBe("off");
    expect(() => loadConfig({ MNEMOGRAPH_AUTH: "off", HOST: "0.0.0.0" })).toThrowError(/MNEMOGRAPH_AUTH.*loopback/);
  });

  it("requires a secret of at least 32 characters and names the variable", () => {
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrowError(/JWT_SECRET: at least 32 characters/);
  });

  it("reads per-field rate limits and names a bad entry", () => {
    expect(loadConfig({ RATE_LIMITS: "searchMemories=120" }).limits.rateLimits.perField).toEqual({ retrieveContext: 10, searchMemories: 120 });
    expect(() => loadConfig({ RATE_LIMITS: "searchMemories=lots" })).toThrowError(/RATE_LIMITS/);
  });
});

describe("loadConfig: the Cypher tool", () => {
  it("lets every agent run scoped read-only Cypher by default (CYPHER_TOOL=tenant), the operator alone with operator, nobody with off, and names a bad value", () => {
    expect(loadConfig({}).cypherTool).toBe("tenant");
    expect(loadConfig({ CYPHER_TOOL: "tenant" }).cypherTool).toBe("tenant");
    expect(loadConfig({ CYPHER_TOOL: "operator" }).cypherTool).toBe("operator");
    // The old value is refused by name: it meant unscoped Cypher for admins, which no tenant role gets now.
    expect(() => loadConfig({ CYPHER_TOOL: "admin" })).toThrowError(/CYPHER_TOOL=admin is gone: use CYPHER_TOOL=tenant/);
    expect(loadConfig({ CYPHER_TOOL: "off" }).cypherTool).toBe("off");
    expect(() => loadConfig({ CYPHER_TOOL: "everyone" })).toThrowError(/CYPHER_TOOL/);
  });
});

describe("loadConfig: game sessions", () => {
  it("defaults, with the embedded Neo4j, to 2 MB screenshots kept on disk in the data directory, a 300 s lease and a sweep every 30 s, screenshot files swept hourly", () => {
    expect(loadConfig({ MNEMOGRAPH_DATA_DIR: "/srv/mnemograph/data" }).game).toEqual({
      screenshotMaxBytes: 2 * 1024 * 1024,
      screenshotStore: "disk",
      screenshotDir: "/srv/mnemograph/data/screenshots",
      screenshotSweepMs: 3_600_000,
      leaseSeconds: 300,
      sweepIntervalMs: 30_000,
    });
  });

  it("keeps screenshots in the graph by default with an existing server (gateways beside it may each have a disk of their own), on disk when told", () => {
    expect(loadConfig({ NEO4J_URI: "neo4j+s://db.example.com" }).game.screenshotStore).toBe("graph");
    expect(loadConfig({ NEO4J_URI: "neo4j+s://db.example.com", SCREENSHOT_STORE: "disk" }).game.screenshotStore).toBe("disk");
    expect(loadConfig({ SCREENSHOT_STORE: "graph" }).game.screenshotStore).toBe("graph");
  });

  it("reads SCREENSHOT_MAX_BYTES, SCREENSHOT_STORE, SCREENSHOT_DIR, SCREENSHOT_SWEEP_MINUTES, GAME_SESSION_LEASE_SECONDS and GAME_SESSION_SWEEP_SECONDS", () => {
    const { game } = loadConfig(
      {
        SCREENSHOT_MAX_BYTES: "500000",
        SCREENSHOT_STORE: "graph",
        SCREENSHOT_DIR: "shots",
        SCREENSHOT_SWEEP_MINUTES: "5",
        GAME_SESSION_LEASE_SECONDS: "60",
        GAME_SESSION_SWEEP_SECONDS: "5",
      },
      "/srv/game",
    );
    expect(game).toEqual({ screenshotMaxBytes: 500_000, screenshotStore: "graph", screenshotDir: "/srv/game/shots", screenshotSweepMs: 300_000, leaseSeconds: 60, sweepIntervalMs: 5000 });
  });

  it("puts the screenshot folder in the data directory MNEMOGRAPH_HOME implies", () => {
    expect(loadConfig({ MNEMOGRAPH_HOME: "/home/ann/mg" }).game.screenshotDir).toBe("/home/ann/mg/data/screenshots");
  });

  it("names a screenshot store that is not graph or disk", () => {
    expect(() => loadConfig({ SCREENSHOT_STORE: "s3" })).toThrowError(/SCREENSHOT_STORE/);
    expect(() => loadConfig({ SCREENSHOT_SWEEP_MINUTES: "0" })).toThrowError(/SCREENSHOT_SWEEP_MINUTES/);
  });

  it("names a screenshot limit, lease or sweep interval out of range", () => {
    expect(() => loadConfig({ SCREENSHOT_MAX_BYTES: "17000000" })).toThrowError(/SCREENSHOT_MAX_BYTES/);
    expect(() => loadConfig({ GAME_SESSION_LEASE_SECONDS: "1" })).toThrowError(/GAME_SESSION_LEASE_SECONDS/);
    expect(() => loadConfig({ GAME_SESSION_SWEEP_SECONDS: "0" })).toThrowError(/GAME_SESSION_SWEEP_SECONDS/);
  });

  it("reads MCP_SESSION_IDLE_SECONDS and MCP_MAX_SESSIONS_PER_CALLER, with defaults, and names a bad one", () => {
    expect(loadConfig({}).mcp).toEqual({ sessionIdleSeconds: 1800, maxSessionsPerCaller: 10 });
    expect(loadConfig({ MCP_SESSION_IDLE_SECONDS: "60", MCP_MAX_SESSIONS_PER_CALLER: "2" }).mcp).toEqual({ sessionIdleSeconds: 60, maxSessionsPerCaller: 2 });
    expect(() => loadConfig({ MCP_SESSION_IDLE_SECONDS: "1" })).toThrowError(/MCP_SESSION_IDLE_SECONDS/);
    expect(() => loadConfig({ MCP_MAX_SESSIONS_PER_CALLER: "0" })).toThrowError(/MCP_MAX_SESSIONS_PER_CALLER/);
  });

  it("reads the extraction worker's share of time under writes and its quiet period, with defaults, and names a bad one", () => {
    expect(loadConfig({}).extraction).toMatchObject({ maxBusyShare: 0.05, quietMs: 1000 });
    expect(loadConfig({ EXTRACTION_MAX_BUSY_SHARE: "1", EXTRACTION_QUIET_MS: "0" }).extraction).toMatchObject({ maxBusyShare: 1, quietMs: 0 });
    expect(() => loadConfig({ EXTRACTION_MAX_BUSY_SHARE: "0" })).toThrowError(/EXTRACTION_MAX_BUSY_SHARE/);
    expect(() => loadConfig({ EXTRACTION_MAX_BUSY_SHARE: "1.5" })).toThrowError(/EXTRACTION_MAX_BUSY_SHARE/);
    expect(() => loadConfig({ EXTRACTION_QUIET_MS: "-1" })).toThrowError(/EXTRACTION_QUIET_MS/);
  });
});
