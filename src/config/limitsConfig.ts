/**
 * How much one operation and one agent may ask of the gateway. Read once at
 * start-up (the environment is parsed in `config/config.ts`) and passed to the
 * checks, which apply it to HTTP and WebSocket traffic alike.
 */
export interface LimitsConfig {
  /** Longest path of fields in an operation, leaf fields included (`{ agents { id } }` is 2). */
  maxDepth: number;
  /** Largest estimated cost (graphql-query-complexity with @neo4j/graphql's estimators). */
  maxCost: number;
  /** Aliased fields in one operation: aliases multiply work without adding depth. */
  maxAliases: number;
  /** Lexical tokens in one document; parsing stops as soon as it is passed. */
  maxTokens: number;
  /** Directives in one operation. */
  maxDirectives: number;
  rateLimits: RateLimitsConfig;
  /** Strip "Did you mean …" from errors, so a client cannot map the schema by guessing. */
  blockFieldSuggestions: boolean;
}

/** Per-agent rates, each counted over a fixed one-minute window. */
export interface RateLimitsConfig {
  /** Operations (HTTP requests and WebSocket subscribes) per agent per minute. */
  defaultPerMinute: number;
  /** Root fields with a tighter budget of their own, by field name: each use counts once. */
  perField: Record<string, number>;
}

/**
 * The limits the gateway runs with unless configured otherwise. Suggestions are
 * blocked in production only: in development they are how people learn the schema.
 */
export function defaultLimits(mode: "development" | "production"): LimitsConfig {
  return {
    maxDepth: 12,
    maxCost: 5000,
    maxAliases: 15,
    maxTokens: 2000,
    maxDirectives: 10,
    rateLimits: { defaultPerMinute: 600, perField: { retrieveContext: 10 } },
    blockFieldSuggestions: mode === "production",
  };
}

const FIELD_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const WHOLE_NUMBER = /^[0-9]+$/;

/**
 * Parses per-field rate limits written as `retrieveContext=10,searchMemories=120`
 * (root field name = operations per minute). Blank entries are ignored; every
 * bad entry is named in the error, so one start-up attempt reports them all.
 */
export function parseRateLimits(text: string): Record<string, number> {
  const limits: Record<string, number> = {};
  const problems: string[] = [];
  for (const raw of text.split(",")) {
    const entry = raw.trim();
    if (entry === "") continue;
    const [name = "", value, ...rest] = entry.split("=").map((part) => part.trim());
    if (value === undefined || rest.length > 0) {
      problems.push(`"${entry}" is not written as field=perMinute`);
    } else if (!FIELD_NAME.test(name) || name.startsWith("__")) {
      // Names starting with __ are reserved for introspection (and include __proto__).
      problems.push(`"${entry}": "${name}" is not a root field name`);
    } else if (!WHOLE_NUMBER.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
      problems.push(`"${entry}": the limit must be a whole number of operations per minute, at least 1`);
    } else if (Object.hasOwn(limits, name)) {
      problems.push(`"${entry}": ${name} is given more than once`);
    } else {
      limits[name] = Number(value);
    }
  }
  if (problems.length > 0) throw new Error(`Invalid rate limits: ${problems.join("; ")}`);
  return limits;
}
