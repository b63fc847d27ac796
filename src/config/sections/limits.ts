import os from "node:os";
import { z } from "zod";
import { section, variable, wholeNumber } from "../declare.js";
import { MODE } from "./server.js";

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

const rateLimitList = z.string().transform((text, ctx) => {
  try {
    return parseRateLimits(text);
  } catch (err) {
    ctx.addIssue({ code: "custom", message: (err as Error).message });
    return z.NEVER;
  }
});

/** Root fields with a budget of their own unless RATE_LIMITS says otherwise. */
const BUILT_IN_FIELD_LIMITS: Readonly<Record<string, number>> = { retrieveContext: 10 };

/** Directives in one operation: not configurable. */
const MAX_DIRECTIVES = 10;

export const limits = section({
  title: "Limits",
  summary: "How much one request, one operation and one agent may ask of the gateway, for HTTP and WebSocket alike, and how many operations run against Neo4j at once.",
  variables: {
    maxBodyBytes: variable("MAX_BODY_BYTES", wholeNumber(1024, 64 * 1024 * 1024), {
      default: 4 * 1024 * 1024,
      doc: "largest HTTP request body / WebSocket message accepted, in bytes",
    }),
    limits: {
      maxDepth: variable("QUERY_MAX_DEPTH", wholeNumber(2, 100), { default: 12, doc: "longest path of fields in an operation, leaf fields included (`{ agents { id } }` is 2)" }),
      maxCost: variable("QUERY_MAX_COST", wholeNumber(10, 10_000_000), {
        default: 5000,
        doc: "largest estimated cost of an operation (graphql-query-complexity with @neo4j/graphql's estimators: `limit`/`first` multiply)",
      }),
      maxAliases: variable("QUERY_MAX_ALIASES", wholeNumber(0, 1000), { default: 15, doc: "aliased fields in one operation: aliases multiply work without adding depth" }),
      maxTokens: variable("QUERY_MAX_TOKENS", wholeNumber(100, 1_000_000), { default: 2000, doc: "lexical tokens in one document; parsing stops as soon as it is passed" }),
      rateLimits: {
        defaultPerMinute: variable("RATE_LIMIT_PER_MINUTE", wholeNumber(1, 1_000_000), {
          default: 600,
          doc: "operations per agent per minute, counted over a fixed one-minute window (HTTP requests and WebSocket subscribes share the budget)",
        }),
        perField: variable("RATE_LIMITS", rateLimitList, {
          defaultDoc: "`retrieveContext=10`",
          doc: "tighter per-root-field budgets, `field=perMinute,…`, added to (or replacing) the built-in `retrieveContext=10`; each use counts once, and retrieveContext's is per end user (the last message's author) of an agent",
        }),
      },
    },
    admission: {
      // Per core of this machine by default: 8 running and 4 waiting on two cores. 4 and 2 take bench:load's p95 at 50
      // agents from about 500 to 330-350 ms, but now that concurrent creates commit together they cost the mix a fifth
      // of its throughput and one-memory writes a third of their rate (docs/benchmarks.md, "fewer operations at once,
      // measured again with group commit", 2026-12-02). Creates in a line of their own (32 and 16) beside 4 and 2 for the
      // rest did not bring the p95 near 300 ms either: the cores are full, so the time follows the CPU per operation
      // ("creates in a line of their own", 2026-12-02 evening).
      maxConcurrent: variable("MAX_CONCURRENT_OPERATIONS", wholeNumber(0, 10_000), {
        default: 4 * os.availableParallelism(),
        defaultDoc: "4 per core (`8` on two cores)",
        doc: "queries and mutations running against Neo4j at once (`0`: no limit); beyond them, up to `MAX_QUEUED_OPERATIONS` wait in line ([operations.md](operations.md))",
      }),
      maxQueued: variable("MAX_QUEUED_OPERATIONS", wholeNumber(0, 100_000), {
        default: 2 * os.availableParallelism(),
        defaultDoc: "2 per core (`4` on two cores)",
        doc: "operations that may wait in line for a place; one beyond the line is refused at once with SERVICE_BUSY (HTTP 503, `Retry-After`)",
      }),
      queueTimeoutMs: variable("OPERATION_QUEUE_TIMEOUT_MS", wholeNumber(100, 600_000), {
        default: 30_000,
        doc: "longest an operation waits in line, in ms, before it is refused with SERVICE_BUSY",
      }),
    },
  },
  resolve: (values, { get }) => ({
    ...values,
    limits: {
      ...values.limits,
      maxDirectives: MAX_DIRECTIVES,
      rateLimits: { ...values.limits.rateLimits, perField: { ...BUILT_IN_FIELD_LIMITS, ...values.limits.rateLimits.perField } },
      // Strip "Did you mean …" from errors in production, so a client cannot map the schema by guessing; in development they are how people learn it.
      blockFieldSuggestions: get(MODE) === "production",
    },
  }),
});
