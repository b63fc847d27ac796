import { performance } from "node:perf_hooks";
import type { Caller } from "../core/caller.js";
import { BadUserInputError } from "../errors/errors.js";
import { limit as checkLimit } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { executor } from "../graph/executor.js";
import type { Row, Statement } from "../graph/statement.js";
import { isNeo4jError } from "../graph/values.js";
import { visibilityParams, visibleToCaller } from "../auth/policy.js";
import { checkCypherPlan, OPERATOR_CALLS, SCOPED_CALLS } from "./checkCypherPlan.js";
import { toDriverParams } from "./cypherParams.js";
import { CypherRefusedError } from "./CypherRefusedError.js";
import { requireCypherAccess } from "./requireCypherAccess.js";
import { outOfScope } from "./outOfScope.js";
import { scopeCypher } from "./scopeCypher.js";
import { loadCypherParser } from "./parseCypherTree.js";
import { screenCypher } from "./screenCypher.js";
import { toPlainJson } from "./toPlainJson.js";

/** The transaction timeout: the seed's guardrail of 5 s per query. */
export const CYPHER_TIMEOUT_MS = 5_000;
export const CYPHER_DEFAULT_ROWS = 100;
export const CYPHER_MAX_ROWS = 1_000;

export interface CypherInput {
  query: unknown;
  /** Parameter names and JSON values; whole numbers become INTEGERs. */
  params?: unknown;
  /** Rows to return at most (1..1000, default 100). */
  limit?: unknown;
}

export interface CypherResult {
  columns: string[];
  /** Each row keyed by column, as plain JSON (toPlainJson). */
  rows: Record<string, unknown>[];
  rowCount: number;
  /** True when the query had more rows than `limit`: the rest were not read. */
  truncated: boolean;
  elapsedMs: number;
}

export type CypherDeps = Pick<AppDeps, "driver" | "database" | "cypherTool"> & {
  /** The tenant model: a tenant's agent's query may touch only nodes of these labels (SchemaFacts.transfer.labels, the SDL's @node types). */
  schema: { transfer: { labels: readonly string[] } };
};

export interface CypherOptions {
  /** Tests shorten it; the API always runs with CYPHER_TIMEOUT_MS. */
  timeoutMs?: number;
}

const FIELD = "cypherQuery.query";

/**
 * The `cypher_query` tool of the knowledge agent, for GraphQL and for the retrieval loop
 * alike: read-only Cypher. Three locks, each enough to stop a write on its
 * own: the static screen (screenCypher), Neo4j's EXPLAIN of the query
 * (checkCypherPlan) and a READ transaction. The operator reads the whole
 * database; a tenant's agent's query is first rewritten so that it reads only
 * what the caller may (scopeCypher), its plan is checked against the scoped
 * allowlist, and a result holding a node out of scope is refused (outOfScope).
 * The transaction has a timeout and the rows a cap: reading stops after
 * `limit` rows and says `truncated`.
 */
export async function runReadOnlyCypher(deps: CypherDeps, caller: Caller, input: CypherInput, options: CypherOptions = {}): Promise<CypherResult> {
  requireCypherAccess(deps.cypherTool, caller);
  if (typeof input.query !== "string") throw new BadUserInputError(`${FIELD} must be a string`, FIELD);
  const screened = screenCypher(input.query);
  const callersParams = toDriverParams("cypherQuery.params", input.params);
  const scoped = caller.operator !== true;
  const query = scoped ? scopeCypher(screened, { labels: deps.schema.transfer.labels, visible: visibleToCaller }, await loadCypherParser()) : screened;
  const params = scoped ? withScopeParams(callersParams, caller) : callersParams;
  const rowLimit = checkLimit("cypherQuery.limit", input.limit, CYPHER_DEFAULT_ROWS, CYPHER_MAX_ROWS);
  const timeoutMs = options.timeoutMs ?? CYPHER_TIMEOUT_MS;

  const started = performance.now();
  try {
    // Without the shared bookmarks, as the tool always read.
    const labels = new Set(deps.schema.transfer.labels);
    const { columns, rows, truncated } = await executor(deps).readGuarded(
      callersQuery(query, params, scoped ? (value) => refuseOutOfScope(outOfScope(value, caller, labels)) : () => {}),
      {
        timeoutMs,
        metadata: { app: "mnemograph", tool: "cypherQuery", ...(scoped ? { scoped: true } : {}) },
        maxRows: rowLimit,
        checkPlan: (queryType, plan) => checkCypherPlan(queryType, plan, scoped ? SCOPED_CALLS : OPERATOR_CALLS),
      },
      { bookmarks: false },
    );
    return { columns, rows, rowCount: rows.length, truncated, elapsedMs: Math.round(performance.now() - started) };
  } catch (err) {
    throw describeDriverError(err, timeoutMs);
  }
}

/** The caller's query, each row keyed by its columns as plain JSON (toPlainJson), each value shown to `check` first. */
const callersQuery = (cypher: string, params: Record<string, unknown>, check: (value: unknown) => void): Statement<Record<string, unknown>> => ({
  cypher,
  params,
  decode: (row: Row) =>
    Object.fromEntries(
      row.keys().map((column) => {
        const value = row.value(column);
        check(value);
        return [column, toPlainJson(value)];
      }),
    ),
});

/**
 * The caller's parameters and the READ rule's (visibilityParams), which the
 * caller may not set: a parameter of that name is refused, not overwritten, so
 * the caller learns why its value was not used.
 */
function withScopeParams(params: Record<string, unknown>, caller: Caller): Record<string, unknown> {
  const rule = visibilityParams(caller);
  const taken = Object.keys(params).find((name) => name in rule);
  if (taken) throw new CypherRefusedError("PARAMS", `cypherQuery.params may not set $${taken}: the gateway sets it to scope the query to the caller`, "cypherQuery.params");
  return { ...params, ...rule };
}

function refuseOutOfScope(elementId: string | null): void {
  if (elementId) throw new CypherRefusedError("SCOPE", `${FIELD} was refused: its result held a node the caller may not read (${elementId}), so none of it is returned`);
}

const TIMEOUT_CODES = new Set(["Neo.ClientError.Transaction.TransactionTimedOut", "Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration"]);

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/**
 * Neo4j's verdict on the caller's own query, in words the caller can act on:
 * the timeout, a write the READ transaction stopped, a syntax or semantic
 * error (its message, which is about the query, not the server). Anything
 * else is returned as it is, to be masked by the gateway.
 */
function describeDriverError(err: unknown, timeoutMs: number): unknown {
  if (err instanceof CypherRefusedError || !isNeo4jError(err)) return err;
  const firstLine = err.message.split("\n")[0]!.slice(0, 500);
  if (TIMEOUT_CODES.has(err.code)) {
    return new CypherRefusedError("TIMEOUT", `${FIELD} ran longer than the ${seconds(timeoutMs)} limit and was stopped: narrow the MATCH, use an index or add a LIMIT`);
  }
  if (err.code === "Neo.ClientError.Statement.AccessMode") return new CypherRefusedError("WRITE", `${FIELD} must only read: ${firstLine}`);
  if (/^Neo\.ClientError\.(Statement|Procedure|Schema)\./.test(err.code)) return new CypherRefusedError("SYNTAX", `${FIELD} failed: ${firstLine}`);
  return err;
}
