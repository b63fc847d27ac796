import { z } from "zod";
import { valuesOf, variablesOf, ConfigError, type ResolveContext, type Variable } from "./declare.js";
import { auth } from "./sections/auth.js";
import { beliefs } from "./sections/beliefs.js";
import { embeddings } from "./sections/embeddings.js";
import { extraction } from "./sections/extraction.js";
import { game } from "./sections/game.js";
import { limits } from "./sections/limits.js";
import { llm } from "./sections/llm.js";
import { mcp } from "./sections/mcp.js";
import { memory } from "./sections/memory.js";
import { neo4j } from "./sections/neo4j.js";
import { observability } from "./sections/observability.js";
import { retrieval } from "./sections/retrieval.js";
import { server } from "./sections/server.js";
import { shared } from "./sections/shared.js";

/**
 * Mnemograph's configuration, read once from the environment at start-up and
 * passed down. Nothing else in the code reads `process.env`.
 *
 * Each variable is declared once, in its section (config/sections/*.ts): name,
 * parsing and limits, default, one line of docs. The config object's type is
 * inferred from the sections, and docs/configuration.md is generated from them
 * (`npm run docs:config`). A new variable is one declaration in its section.
 */
export const SECTIONS = [server, neo4j, auth, mcp, limits, embeddings, retrieval, memory, llm, extraction, beliefs, game, observability, shared] as const;

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void ? I : never;
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The configuration the code reads: every section's part, side by side. */
export type Config = Flatten<UnionToIntersection<ReturnType<(typeof SECTIONS)[number]["resolve"]>>>;

export type Neo4jConfig = Config["neo4j"];
export type AuthConfig = Config["auth"];
export type McpConfig = Config["mcp"];
/** Depth, cost, aliases, tokens and per-agent rates, for HTTP and WebSocket alike. */
export type LimitsConfig = Config["limits"];
/** Per-agent rates, each counted over a fixed one-minute window. */
export type RateLimitsConfig = LimitsConfig["rateLimits"];
export type EmbeddingsConfig = Config["embeddings"];
export type ContextMode = Config["embeddingContext"];
export type WordIndexRefresh = Config["searchWordIndexRefresh"];
export type RetrievalLoopConfig = Config["retrieval"];
/** Any OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM, llama.cpp). */
export type LlmConfig = NonNullable<Config["llm"]>;
export type ExtractionConfig = Config["extraction"];
export type GameConfig = Config["game"];
export type CypherToolMode = Config["cypherTool"];
export type MetricsConfig = Config["metrics"];
export type TracingConfig = Config["tracing"];
export type SharedConfig = Config["shared"];

export { ConfigError } from "./declare.js";
export { isLoopback } from "./sections/server.js";

const DECLARED: readonly Variable<unknown>[] = SECTIONS.flatMap((section) => variablesOf(section.variables));

/** Every environment variable Mnemograph reads (deployment files are checked against it). */
export const CONFIG_VARIABLES: readonly string[] = DECLARED.map((v) => v.name);

const twice = CONFIG_VARIABLES.filter((name, i) => CONFIG_VARIABLES.indexOf(name) !== i);
if (twice.length > 0) throw new Error(`Declared in more than one place: ${twice.join(", ")}`);

const schema = z.object(Object.fromEntries(DECLARED.map((v) => [v.name, v.schema])));
const DEFAULTS: Record<string, string> = Object.fromEntries(DECLARED.flatMap((v) => (v.defaultValue === undefined ? [] : [[v.name, v.defaultValue]])));

/**
 * Parses and validates the environment, reporting every bad variable at once.
 * Empty strings count as unset, so `NEO4J_URI=` in a shell falls back to the
 * embedded server.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd(), platform: NodeJS.Platform = process.platform): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""));
  const parsed = schema.safeParse({ ...DEFAULTS, ...cleaned });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const values = parsed.data;
  const context: ResolveContext = { env: cleaned, cwd, platform, get: <T>(variable: Variable<T>) => values[variable.name] as T };
  // A section refuses a combination of values (auth off beyond loopback) with a ConfigError: all are reported together.
  const problems: string[] = [];
  const parts = SECTIONS.map((section) => {
    try {
      return section.resolve(valuesOf(section.variables, values) as never, context);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(...err.problems);
      return {};
    }
  });
  if (problems.length > 0) throw new ConfigError(problems);
  const config: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (Object.hasOwn(config, key)) throw new Error(`Two configuration sections make config.${key}`);
      config[key] = value;
    }
  }
  return config as Config;
}

/** The limits of an environment that sets none of them, in `mode`. */
export function defaultLimits(mode: Config["mode"]): LimitsConfig {
  return loadConfig({ MNEMOGRAPH_MODE: mode }).limits;
}
