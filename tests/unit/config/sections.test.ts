import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig, SECTIONS } from "../../../src/config/config.js";
import { variablesOf } from "../../../src/config/declare.js";

/** The value and the limit of a number schema, reached through the optional wrapper and the transforms. */
function numberOf(schema: z.ZodType): z.ZodNumber | null {
  if (schema instanceof z.ZodOptional) return numberOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return numberOf(schema.in as z.ZodType);
  return schema instanceof z.ZodNumber ? schema : null;
}

function enumOf(schema: z.ZodType): z.ZodEnum | null {
  if (schema instanceof z.ZodOptional) return enumOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return enumOf(schema.in as z.ZodType) ?? enumOf(schema.out as z.ZodType);
  return schema instanceof z.ZodEnum ? schema : null;
}

const declared = SECTIONS.flatMap((section) => variablesOf(section.variables));

describe("every declared variable", () => {
  it("refuses a number past its limit, naming the variable and the limit", () => {
    const numbers = declared.flatMap((v) => {
      const n = numberOf(v.schema);
      return n && n.maxValue !== null ? [{ name: v.name, max: n.maxValue }] : [];
    });
    expect(numbers.length).toBeGreaterThan(30);
    for (const { name, max } of numbers) {
      expect(() => loadConfig({ [name]: String(max + 1) }), name).toThrowError(new RegExp(`${name}: Too big: expected number to be <=${max}`));
      expect(() => loadConfig({ [name]: "lots" }), name).toThrowError(new RegExp(`${name}: Invalid input: expected number`));
    }
  });

  it("refuses a word that is not one of its choices, naming the variable and the choices", () => {
    const choices = declared.flatMap((v) => (enumOf(v.schema) ? [v.name] : []));
    expect(choices).toContain("LOG_LEVEL");
    for (const name of choices) expect(() => loadConfig({ [name]: "sometimes" }), name).toThrowError(new RegExp(`${name}: Invalid option: expected one of`));
  });

  it("starts with its default", () => {
    expect(() => loadConfig({})).not.toThrow();
  });
});

describe("loadConfig, section by section: a default, an override, a refused value", () => {
  it("limits", () => {
    const { limits, admission, maxBodyBytes } = loadConfig({});
    expect(limits).toEqual({
      maxDepth: 12,
      maxCost: 5000,
      maxAliases: 15,
      maxTokens: 2000,
      maxDirectives: 10,
      rateLimits: { defaultPerMinute: 600, perField: { retrieveContext: 10 } },
      blockFieldSuggestions: false,
    });
    expect(maxBodyBytes).toBe(4 * 1024 * 1024);
    expect(admission.queueTimeoutMs).toBe(30_000);
    const set = loadConfig({ MNEMOGRAPH_MODE: "production", QUERY_MAX_DEPTH: "5", RATE_LIMIT_PER_MINUTE: "60", RATE_LIMITS: "retrieveContext=3", MAX_CONCURRENT_OPERATIONS: "0", MAX_QUEUED_OPERATIONS: "1" });
    expect(set.limits).toMatchObject({ maxDepth: 5, blockFieldSuggestions: true, rateLimits: { defaultPerMinute: 60, perField: { retrieveContext: 3 } } });
    expect(set.admission).toEqual({ maxConcurrent: 0, maxQueued: 1, queueTimeoutMs: 30_000 });
    expect(() => loadConfig({ QUERY_MAX_DEPTH: "1" })).toThrowError(/QUERY_MAX_DEPTH: Too small: expected number to be >=2/);
  });

  it("embeddings: the local model unless an endpoint is given", () => {
    expect(loadConfig({}).embeddings).toEqual({ provider: "local", model: "bge-small-en-v1.5-q", threads: 2, spinning: false });
    expect(loadConfig({}).embeddingContext).toBe("single");
    expect(loadConfig({ EMBEDDING_MODEL: "all-minilm-l6-v2", EMBEDDING_SPINNING: "on", EMBEDDING_CONTEXT: "derived" })).toMatchObject({
      embeddings: { provider: "local", model: "all-minilm-l6-v2", spinning: true },
      embeddingContext: "derived",
    });
    expect(loadConfig({ EMBEDDING_BASE_URL: "https://embed.example/v1", EMBEDDING_API_KEY: "k" }).embeddings).toEqual({
      provider: "openai",
      baseUrl: "https://embed.example/v1",
      apiKey: "k",
      model: "text-embedding-3-small",
      maxTokens: 512,
    });
    expect(loadConfig({ EMBEDDING_BASE_URL: "https://embed.example/v1", EMBEDDING_API_MAX_TOKENS: "8191" }).embeddings).toMatchObject({ maxTokens: 8191 });
    expect(() => loadConfig({ EMBEDDING_BASE_URL: "https://embed.example/v1", EMBEDDING_API_MAX_TOKENS: "8" })).toThrowError(/EMBEDDING_API_MAX_TOKENS/);
    expect(() => loadConfig({ EMBEDDING_MODEL: "gpt-2" })).toThrowError(/EMBEDDING_MODEL/);
    expect(() => loadConfig({ EMBEDDING_BASE_URL: "not a url" })).toThrowError(/EMBEDDING_BASE_URL/);
  });

  it("search and retrieveContext", () => {
    // STANDARD within what an MCP client waits; THOROUGH as the knowledge agent's notes set it: about a minute, 10 s per tool.
    expect(loadConfig({})).toMatchObject({
      searchSharedKeys: true,
      retrieval: { timeBudgetMs: 30_000, toolTimeoutMs: 5000, thoroughTimeBudgetMs: 60_000, thoroughToolTimeoutMs: 10_000, llmBudgetShare: 0.75 },
    });
    expect(loadConfig({ SEARCH_SHARED_KEYS: "off", RETRIEVE_TOOL_TIMEOUT_MS: "10", RETRIEVE_LLM_BUDGET_SHARE: "0.5" })).toMatchObject({ searchSharedKeys: false, retrieval: { toolTimeoutMs: 10, llmBudgetShare: 0.5 } });
    expect(() => loadConfig({ SEARCH_SHARED_KEYS: "yes" })).toThrowError(/SEARCH_SHARED_KEYS/);
    expect(() => loadConfig({ RETRIEVE_LLM_BUDGET_SHARE: "0" })).toThrowError(/RETRIEVE_LLM_BUDGET_SHARE/);
  });

  it("the language model: none unless LLM_BASE_URL is set", () => {
    expect(loadConfig({}).llm).toBeNull();
    expect(loadConfig({ LLM_BASE_URL: "http://localhost:11434/v1", LLM_MODEL: "llama3" }).llm).toEqual({
      baseUrl: "http://localhost:11434/v1",
      apiKey: "",
      model: "llama3",
      timeoutMs: 20_000,
      maxRetries: 2,
      breakerThreshold: 3,
      breakerCoolDownMs: 30_000,
    });
    expect(() => loadConfig({ LLM_BASE_URL: "localhost" })).toThrowError(/LLM_BASE_URL/);
  });

  it("extraction: llm only with an endpoint, tenants as lists", () => {
    expect(loadConfig({}).extraction).toMatchObject({ mode: "deterministic", onlyTenants: [], offTenants: [], batchSize: 500 });
    expect(loadConfig({ EXTRACTION: "llm", LLM_BASE_URL: "http://llm.example/v1", EXTRACTION_TENANTS: "a, b,," }).extraction).toMatchObject({ mode: "llm", onlyTenants: ["a", "b"] });
    expect(() => loadConfig({ EXTRACTION: "llm" })).toThrowError(/EXTRACTION: "llm" needs LLM_BASE_URL/);
  });

  it("beliefs: the shared pool's threshold", () => {
    expect(loadConfig({}).sharedPool).toEqual({ threshold: 0.7 });
    expect(loadConfig({ SHARED_POOL_THRESHOLD: "0.9" }).sharedPool).toEqual({ threshold: 0.9 });
    expect(() => loadConfig({ SHARED_POOL_THRESHOLD: "1.5" })).toThrowError(/SHARED_POOL_THRESHOLD: Too big: expected number to be <=1/);
  });

  it("logs, metrics and traces", () => {
    expect(loadConfig({})).toMatchObject({ logLevel: "info", metrics: { port: null, host: "127.0.0.1" }, tracing: { endpoint: null, serviceName: "mnemograph" } });
    expect(loadConfig({ METRICS_PORT: "9464", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" })).toMatchObject({
      metrics: { port: 9464 },
      tracing: { endpoint: "http://collector:4318/v1/traces" },
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://a/v1/traces", OTEL_EXPORTER_OTLP_ENDPOINT: "http://b" }).tracing.endpoint).toBe("http://a/v1/traces");
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector" })).toThrowError(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it("Neo4j: sizes lower-cased, bookmarks auto", () => {
    expect(loadConfig({}).neo4j).toMatchObject({ heap: "1g", pageCache: "512m", txTimeoutSeconds: 60, minReplanSeconds: 300, queryCacheEntries: 1000, bookmarks: "auto", boltPort: 0 });
    expect(loadConfig({ NEO4J_HEAP: "2G", NEO4J_BOOKMARKS: "off" }).neo4j).toMatchObject({ heap: "2g", bookmarks: "off" });
    expect(() => loadConfig({ NEO4J_PAGECACHE: "half" })).toThrowError(/NEO4J_PAGECACHE: a size such as 512m or 2g/);
  });

  it("auth: tokens by default, a TTL in range", () => {
    expect(loadConfig({}).auth).toEqual({ mode: "token", jwtSecret: undefined, jwksUrl: undefined, issuer: undefined, audience: undefined, tokenTtlSeconds: 900 });
    expect(loadConfig({ TOKEN_TTL_SECONDS: "3600", JWT_ISSUER: "https://issuer.example" }).auth).toMatchObject({ tokenTtlSeconds: 3600, issuer: "https://issuer.example" });
    expect(() => loadConfig({ TOKEN_TTL_SECONDS: "30" })).toThrowError(/TOKEN_TTL_SECONDS: Too small: expected number to be >=60/);
  });

  it("reports a refused combination beside the other, all at once", () => {
    expect(() => loadConfig({ EXTRACTION: "llm", MNEMOGRAPH_AUTH: "off", HOST: "0.0.0.0" })).toThrowError(/MNEMOGRAPH_AUTH: "off".*\n.*EXTRACTION: "llm"/);
  });
});
