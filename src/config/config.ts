import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { defaultCacheDir, defaultDataHome } from "./dataHome.js";
import { LOCAL_MODEL_NAMES } from "./embeddingModels.js";
import { defaultLimits, parseRateLimits, type LimitsConfig } from "./limitsConfig.js";

/**
 * Mnemograph's configuration, read once from the environment at start-up and
 * passed down. Nothing else in the code reads `process.env`.
 */
export interface Config {
  /** HTTP port of the gateway. */
  port: number;
  /** Interface the gateway listens on; loopback by default. */
  host: string;
  /** `production`: production limits and error details, and introspection off unless `introspection` says otherwise. */
  mode: "development" | "production";
  /**
   * Whether `__schema`/`__type` are answered and `/graphql` in a browser opens Apollo Sandbox
   * (INTROSPECTION; on in development, off in production by default). Every GraphQL request
   * carries a valid token, so on means: for authenticated callers.
   */
  introspection: boolean;
  /**
   * Browser origins allowed to call the gateway cross-origin (CORS_ORIGINS): a list of exact
   * origins, `*` for any, or empty for none (no CORS headers: same-origin pages only).
   */
  corsOrigins: readonly string[] | "*";
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * This user's Mnemograph folder: the local secret and token, and by default the embedded
   * Neo4j's data directory (`data/`, where app/gatewayFile.ts names the gateway serving it). `MNEMOGRAPH_HOME`, else
   * the folder holding `MNEMOGRAPH_DATA_DIR` (where these files always were), else the
   * platform's per-user data folder (config/dataHome.ts); never the current directory.
   */
  home: string;
  neo4j: Neo4jConfig;
  auth: AuthConfig;
  /** Depth, cost, aliases, tokens and per-agent rates, for HTTP and WebSocket alike. */
  limits: LimitsConfig;
  /** Largest accepted HTTP request body, in bytes. */
  maxBodyBytes: number;
  /** Queries and mutations running against Neo4j at once (0: no limit); up to `maxQueued` more wait up to `queueTimeoutMs`, the rest are refused with SERVICE_BUSY (server/limits/admission.ts). */
  admission: { maxConcurrent: number; maxQueued: number; queueTimeoutMs: number };
  /** Seconds of the common operations run on a tenant of its own before /health/ready says ready (0: none; app/warmUp.ts). */
  warmUpSeconds: number;
  embeddings: EmbeddingsConfig;
  /**
   * How a conversational node's contextual vector is made: "joint" embeds it
   * with the turn before it (a second model run per turn), "derived" adds the
   * two turns' own vectors (one run per turn, about three times less model
   * work, 0.016 less held-out Recall@10 on LoCoMo: docs/benchmarks.md).
   */
  embeddingContext: ContextMode;
  /**
   * searchMemories also fuses the turns sharing the query's content words
   * (SEARCH_SHARED_KEYS, on by default): held-out LoCoMo Recall@10 0.783 → 0.812,
   * NDCG@10 0.623 → 0.651, for about 10 ms more p95 (docs/retrieval.md). When
   * on, the embedding worker stores each text's keys.
   */
  searchSharedKeys: boolean;
  /** Game-agent sessions (src/game/): screenshot limit, session lease, lease sweeper. */
  game: GameConfig;
  /** The model that plans retrieveContext; null: the deterministic planner serves. */
  llm: LlmConfig | null;
  retrieval: RetrievalLoopConfig;
  /**
   * Who may run read-only Cypher through `cypherQuery` (src/cypherTool/):
   * `operator` (the gateway's operator only: raw Cypher is not tenant-scoped,
   * so it reads the whole database) or `off` (nobody).
   */
  cypherTool: CypherToolMode;
  /** Where Prometheus scrapes `/metrics` (docs/operations.md). */
  metrics: MetricsConfig;
  /** OpenTelemetry traces (docs/operations.md): off unless an OTLP endpoint is given. */
  tracing: TracingConfig;
  /** The agent team's cross-agent pool (src/beliefs/sharedPool.ts): knowledge at or above `threshold` confidence joins it. */
  sharedPool: { threshold: number };
  /** Sessions of the Streamable HTTP MCP endpoint at /mcp (src/mcp/mcpSessions.ts). */
  mcp: McpConfig;
  /** Facts learned from messages after the commit (src/extraction/). */
  extraction: ExtractionConfig;
}

export interface McpConfig {
  /** A session nobody used for this long is closed, its feed subscriptions with it. */
  sessionIdleSeconds: number;
  /** Open sessions one caller (tenant + agent) may hold at once; initializing one more is refused. */
  maxSessionsPerCaller: number;
}

/**
 * The extraction stage: `deterministic` (the default, no network), `llm` (the
 * endpoint of LLM_BASE_URL) or `off`;
 * tenants listed in `offTenants` are never read for facts (their messages are
 * SKIPPED), nor are channels with `learnFacts: false`.
 */
export interface ExtractionConfig {
  mode: "deterministic" | "llm" | "off";
  /** Only these tenants' messages are read (empty: every tenant): a team can try extraction on one community first. */
  onlyTenants: readonly string[];
  offTenants: readonly string[];
  /** Messages claimed per pass. */
  batchSize: number;
  /** How long a claim holds before another worker (or this one, after a crash) may take the messages again. */
  leaseSeconds: number;
  /** Failed passes over one message before it is marked FAILED. */
  maxAttempts: number;
  /**
   * While the gateway serves writes (one committed within `quietMs`), the
   * share of time the worker may spend in passes: after a pass of T ms it
   * waits T·(1 − share)/share. An idle gateway reads at full speed.
   */
  maxBusyShare: number;
  /** How long after the last foreground write the gateway counts as idle again. */
  quietMs: number;
}

export type CypherToolMode = "operator" | "off";

/** Any OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM, llama.cpp). */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per attempt, in ms. */
  timeoutMs: number;
  /** Retries of 429/5xx and dropped connections, with exponential backoff. */
  maxRetries: number;
  /** Failed calls in a row that open the circuit breaker. */
  breakerThreshold: number;
  breakerCoolDownMs: number;
}

export interface RetrievalLoopConfig {
  /** Overall time budget of one retrieveContext run, in ms. */
  timeBudgetMs: number;
  /** Longest one tool call may take, in ms: a slower one ends as a failed call and the run goes on. */
  toolTimeoutMs: number;
}

/**
 * `/metrics` on the gateway's port for admin tokens only (port null), or on
 * a listener of its own, without tokens, for a scraper that reaches that
 * address (loopback by default).
 */
export interface MetricsConfig {
  port: number | null;
  host: string;
}

/** Spans for each operation, Neo4j statement and retrieval tool call, sent over OTLP/HTTP. */
export interface TracingConfig {
  /** The OTLP/HTTP traces endpoint (…/v1/traces); null: tracing is off. */
  endpoint: string | null;
  serviceName: string;
}

/**
 * Where vectors come from: a local ONNX model provisioned from Maven Central
 * (the default), or any OpenAI-compatible `/embeddings` endpoint.
 */
export type EmbeddingsConfig =
  | { provider: "local"; model: string; threads: number; spinning: boolean }
  | { provider: "openai"; baseUrl: string; apiKey: string; model: string };

export type ContextMode = "joint" | "derived";

export interface GameConfig {
  /** Largest screenshot accepted by recordTurn, in decoded bytes. */
  screenshotMaxBytes: number;
  /** How long a session stays ACTIVE without a turn or heartbeat, in seconds. */
  leaseSeconds: number;
  /** How often the sweeper closes sessions whose lease ran out, in ms. */
  sweepIntervalMs: number;
}

export interface AuthConfig {
  /** `token`: every request needs a valid JWT. `off`: loopback only, for one developer. */
  mode: "token" | "off";
  /** HS256 secret: verifies tokens and signs the ones API keys are exchanged for. */
  jwtSecret: string | undefined;
  /** JWKS URL of an external issuer (RS256/ES256…), instead of or beside the secret. */
  jwksUrl: string | undefined;
  issuer: string | undefined;
  audience: string | undefined;
  /** Lifetime of tokens issued for API keys, in seconds. */
  tokenTtlSeconds: number;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** True when only this machine can reach the given listen address. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host) || host.startsWith("127.");
}

export interface Neo4jConfig {
  /** Set: use this server. Unset: provision and start the embedded one. */
  uri: string | undefined;
  user: string;
  password: string;
  database: string;
  /** Where the embedded server keeps its data (survives restarts). */
  dataDir: string;
  /** Where provisioned jars are cached, outside the repository. */
  cacheDir: string;
  /** Bolt port of the embedded server; 0 picks a free one. */
  boltPort: number;
  heap: string;
  pageCache: string;
  /** Server-side transaction timeout, in seconds. */
  txTimeoutSeconds: number;
  /** The embedded server keeps a cached query plan at least this long before moved statistics have it planned again (NEO4J_REPLAN_SECONDS). */
  minReplanSeconds: number;
  /** Whether transactions carry the driver's shared bookmarks: `auto` only over a routing (neo4j://) connection (graph/driver.ts). */
  bookmarks: "auto" | "on" | "off";
}

/** Chosen by measurement on the LoCoMo development set (docs/benchmarks.md). */
export const DEFAULT_EMBEDDING_MODEL = "bge-small-en-v1.5-q";

const memorySize = z.string().regex(/^\d+[kmg]$/i, "a size such as 512m or 2g");

/** A comma-separated list of tenant ids. */
const tenantList = z.string().transform((text) => text.split(",").map((t) => t.trim()).filter((t) => t.length > 0));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default("127.0.0.1"),
  MNEMOGRAPH_MODE: z.enum(["development", "production"]).default("development"),
  INTROSPECTION: z.enum(["on", "off"]).optional(),
  CORS_ORIGINS: z
    .string()
    .transform((text, ctx) => {
      const origins = text.split(",").map((o) => o.trim()).filter((o) => o.length > 0);
      if (origins.length === 1 && origins[0] === "*") return "*" as const;
      for (const origin of origins) {
        const problem = originProblem(origin);
        if (problem) ctx.addIssue({ code: "custom", message: `"${origin}" ${problem}` });
      }
      return origins;
    })
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(4 * 1024 * 1024),
  NEO4J_URI: z
    .string()
    .regex(/^(bolt|neo4j)(\+s|\+ssc)?:\/\/.+/, "a bolt:// or neo4j:// URI")
    .optional(),
  NEO4J_USER: z.string().min(1).default("neo4j"),
  NEO4J_PASSWORD: z.string().default(""),
  NEO4J_DATABASE: z.string().min(1).default("neo4j"),
  MNEMOGRAPH_HOME: z.string().min(1).optional(),
  MNEMOGRAPH_DATA_DIR: z.string().min(1).optional(),
  MNEMOGRAPH_CACHE_DIR: z.string().min(1).optional(),
  NEO4J_BOLT_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  NEO4J_HEAP: memorySize.default("1g"),
  NEO4J_PAGECACHE: memorySize.default("512m"),
  NEO4J_TX_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  NEO4J_REPLAN_SECONDS: z.coerce.number().int().min(0).max(86400).default(300),
  NEO4J_BOOKMARKS: z.enum(["auto", "on", "off"]).default("auto"),
  MNEMOGRAPH_AUTH: z.enum(["token", "off"]).default("token"),
  JWT_SECRET: z.string().min(32, "at least 32 characters").optional(),
  JWKS_URL: z.string().url().optional(),
  JWT_ISSUER: z.string().min(1).optional(),
  JWT_AUDIENCE: z.string().min(1).optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(900),
  MCP_SESSION_IDLE_SECONDS: z.coerce.number().int().min(10).max(86400).default(1800),
  MCP_MAX_SESSIONS_PER_CALLER: z.coerce.number().int().min(1).max(1000).default(10),
  QUERY_MAX_DEPTH: z.coerce.number().int().min(2).max(100).optional(),
  QUERY_MAX_COST: z.coerce.number().int().min(10).max(10_000_000).optional(),
  QUERY_MAX_ALIASES: z.coerce.number().int().min(0).max(1000).optional(),
  QUERY_MAX_TOKENS: z.coerce.number().int().min(100).max(1_000_000).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).optional(),
  EMBEDDING_MODEL: z.enum(LOCAL_MODEL_NAMES).default(DEFAULT_EMBEDDING_MODEL),
  EMBEDDING_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  EMBEDDING_SPINNING: z.enum(["on", "off"]).default("off"),
  EMBEDDING_CONTEXT: z.enum(["joint", "derived"]).default("joint"),
  SEARCH_SHARED_KEYS: z.enum(["on", "off"]).default("on"),
  EMBEDDING_BASE_URL: z.string().url().optional(),
  EMBEDDING_API_KEY: z.string().default(""),
  EMBEDDING_API_MODEL: z.string().min(1).default("text-embedding-3-small"),
  SCREENSHOT_MAX_BYTES: z.coerce.number().int().min(1024).max(16 * 1024 * 1024).default(2 * 1024 * 1024),
  GAME_SESSION_LEASE_SECONDS: z.coerce.number().int().min(5).max(7 * 24 * 3600).default(300),
  GAME_SESSION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().default(""),
  LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  LLM_BREAKER_THRESHOLD: z.coerce.number().int().min(1).max(100).default(3),
  LLM_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  RETRIEVE_TIME_BUDGET_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  RETRIEVE_TOOL_TIMEOUT_MS: z.coerce.number().int().min(10).max(600_000).default(5000),
  // Per core of this machine by default: 8 running and 4 waiting on two cores. 4 and 2 halve bench:load's p95 at 50
  // agents at the same throughput, but cost a fifth of the rate of one-memory writes alone (bench:writes: 31-36
  // against 42-44/s; docs/benchmarks.md, ninth round of throughput).
  MAX_CONCURRENT_OPERATIONS: z.coerce.number().int().min(0).max(10_000).default(4 * os.availableParallelism()),
  MAX_QUEUED_OPERATIONS: z.coerce.number().int().min(0).max(100_000).default(2 * os.availableParallelism()),
  WARMUP_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  OPERATION_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  // The standard OpenTelemetry variables: a traces endpoint, or a base endpoint to which /v1/traces is added.
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default("mnemograph"),
  // `admin` was the value before raw Cypher became operator-only: refused by name, so no one keeps it believing admins still may.
  CYPHER_TOOL: z
    .string()
    .default("operator")
    .refine((v) => v !== "admin", "CYPHER_TOOL=admin is gone: raw Cypher reads every tenant, so it is for the gateway's operator only; use CYPHER_TOOL=operator (docs/security.md)")
    .pipe(z.enum(["operator", "off"])),
  SHARED_POOL_THRESHOLD: z.coerce.number().min(0).max(1).default(0.7),
  EXTRACTION: z.enum(["deterministic", "llm", "off"]).default("deterministic"),
  EXTRACTION_TENANTS: tenantList.optional(),
  EXTRACTION_OFF_TENANTS: tenantList.optional(),
  EXTRACTION_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(500),
  EXTRACTION_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  EXTRACTION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  EXTRACTION_MAX_BUSY_SHARE: z.coerce.number().gt(0).max(1).default(0.05),
  EXTRACTION_QUIET_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  RATE_LIMITS: z
    .string()
    .transform((text, ctx) => {
      try {
        return parseRateLimits(text);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
});

/** Why `origin` is not a browser origin as the Origin header sends it (scheme://host[:port]), or null. */
function originProblem(origin: string): string | null {
  if (origin === "*") return "is allowed only alone (CORS_ORIGINS=*)";
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return "is not an origin: scheme://host[:port], e.g. https://app.example.com";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "is not an http(s) origin";
  if (url.origin !== origin) return `is not an origin as browsers send it (no path or trailing slash): ${url.origin}`;
  return null;
}

/** Every environment variable Mnemograph reads: the keys of the table above (deployment files are checked against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

/** Thrown when the environment holds a value Mnemograph cannot start with. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Parses and validates the environment. Empty strings count as unset, so
 * `NEO4J_URI=` in a shell falls back to the embedded server.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd(), platform: NodeJS.Platform = process.platform): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  const limits = defaultLimits(e.MNEMOGRAPH_MODE);
  const places = { env: cleaned, platform, homedir: cleaned.HOME ?? os.homedir() };
  // Explicit folders resolve against the current directory, as they always have; the defaults never do.
  const givenHome = e.MNEMOGRAPH_HOME ? path.resolve(cwd, e.MNEMOGRAPH_HOME) : undefined;
  const dataDir = e.MNEMOGRAPH_DATA_DIR ? path.resolve(cwd, e.MNEMOGRAPH_DATA_DIR) : path.join(givenHome ?? defaultDataHome(places), "data");
  const home = givenHome ?? (e.MNEMOGRAPH_DATA_DIR ? path.dirname(dataDir) : defaultDataHome(places));
  // With MNEMOGRAPH_HOME, one folder holds everything (the cache too).
  const cacheDir = e.MNEMOGRAPH_CACHE_DIR ? path.resolve(cwd, e.MNEMOGRAPH_CACHE_DIR) : givenHome ? path.join(givenHome, "cache") : defaultCacheDir(places);
  if (e.EXTRACTION === "llm" && !e.LLM_BASE_URL) {
    throw new ConfigError(["EXTRACTION: \"llm\" needs LLM_BASE_URL (an OpenAI-compatible chat endpoint); use EXTRACTION=deterministic without one"]);
  }
  if (e.MNEMOGRAPH_AUTH === "off" && !isLoopback(e.HOST)) {
    throw new ConfigError([
      `MNEMOGRAPH_AUTH: "off" is allowed only when HOST is a loopback address (HOST is ${e.HOST})`,
    ]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    mode: e.MNEMOGRAPH_MODE,
    introspection: e.INTROSPECTION ? e.INTROSPECTION === "on" : e.MNEMOGRAPH_MODE === "development",
    corsOrigins: e.CORS_ORIGINS ?? [],
    logLevel: e.LOG_LEVEL,
    home,
    maxBodyBytes: e.MAX_BODY_BYTES,
    admission: { maxConcurrent: e.MAX_CONCURRENT_OPERATIONS, maxQueued: e.MAX_QUEUED_OPERATIONS, queueTimeoutMs: e.OPERATION_QUEUE_TIMEOUT_MS },
    warmUpSeconds: e.WARMUP_SECONDS,
    limits: {
      ...limits,
      maxDepth: e.QUERY_MAX_DEPTH ?? limits.maxDepth,
      maxCost: e.QUERY_MAX_COST ?? limits.maxCost,
      maxAliases: e.QUERY_MAX_ALIASES ?? limits.maxAliases,
      maxTokens: e.QUERY_MAX_TOKENS ?? limits.maxTokens,
      rateLimits: {
        defaultPerMinute: e.RATE_LIMIT_PER_MINUTE ?? limits.rateLimits.defaultPerMinute,
        perField: { ...limits.rateLimits.perField, ...(e.RATE_LIMITS ?? {}) },
      },
    },
    auth: {
      mode: e.MNEMOGRAPH_AUTH,
      jwtSecret: e.JWT_SECRET,
      jwksUrl: e.JWKS_URL,
      issuer: e.JWT_ISSUER,
      audience: e.JWT_AUDIENCE,
      tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    },
    embeddings: e.EMBEDDING_BASE_URL
      ? { provider: "openai", baseUrl: e.EMBEDDING_BASE_URL, apiKey: e.EMBEDDING_API_KEY, model: e.EMBEDDING_API_MODEL }
      : { provider: "local", model: e.EMBEDDING_MODEL, threads: e.EMBEDDING_THREADS, spinning: e.EMBEDDING_SPINNING === "on" },
    embeddingContext: e.EMBEDDING_CONTEXT,
    searchSharedKeys: e.SEARCH_SHARED_KEYS === "on",
    mcp: { sessionIdleSeconds: e.MCP_SESSION_IDLE_SECONDS, maxSessionsPerCaller: e.MCP_MAX_SESSIONS_PER_CALLER },
    game: {
      screenshotMaxBytes: e.SCREENSHOT_MAX_BYTES,
      leaseSeconds: e.GAME_SESSION_LEASE_SECONDS,
      sweepIntervalMs: e.GAME_SESSION_SWEEP_SECONDS * 1000,
    },
    llm: e.LLM_BASE_URL
      ? {
          baseUrl: e.LLM_BASE_URL,
          apiKey: e.LLM_API_KEY,
          model: e.LLM_MODEL,
          timeoutMs: e.LLM_TIMEOUT_MS,
          maxRetries: e.LLM_MAX_RETRIES,
          breakerThreshold: e.LLM_BREAKER_THRESHOLD,
          breakerCoolDownMs: e.LLM_BREAKER_COOLDOWN_MS,
        }
      : null,
    retrieval: { timeBudgetMs: e.RETRIEVE_TIME_BUDGET_MS, toolTimeoutMs: e.RETRIEVE_TOOL_TIMEOUT_MS },
    metrics: { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    tracing: {
      endpoint: e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, "")}/v1/traces` : null),
      serviceName: e.OTEL_SERVICE_NAME,
    },
    cypherTool: e.CYPHER_TOOL,
    sharedPool: { threshold: e.SHARED_POOL_THRESHOLD },
    extraction: {
      mode: e.EXTRACTION,
      onlyTenants: e.EXTRACTION_TENANTS ?? [],
      offTenants: e.EXTRACTION_OFF_TENANTS ?? [],
      batchSize: e.EXTRACTION_BATCH_SIZE,
      leaseSeconds: e.EXTRACTION_LEASE_SECONDS,
      maxAttempts: e.EXTRACTION_MAX_ATTEMPTS,
      maxBusyShare: e.EXTRACTION_MAX_BUSY_SHARE,
      quietMs: e.EXTRACTION_QUIET_MS,
    },
    neo4j: {
      uri: e.NEO4J_URI,
      user: e.NEO4J_USER,
      password: e.NEO4J_PASSWORD,
      database: e.NEO4J_DATABASE,
      dataDir,
      cacheDir,
      boltPort: e.NEO4J_BOLT_PORT,
      heap: e.NEO4J_HEAP.toLowerCase(),
      pageCache: e.NEO4J_PAGECACHE.toLowerCase(),
      txTimeoutSeconds: e.NEO4J_TX_TIMEOUT_SECONDS,
      minReplanSeconds: e.NEO4J_REPLAN_SECONDS,
      bookmarks: e.NEO4J_BOOKMARKS,
    },
  };
}
