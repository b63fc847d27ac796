import { performance } from "node:perf_hooks";
import neo4j, { type Session } from "neo4j-driver";
import type { Caller } from "../core/caller.js";
import { BadUserInputError } from "../errors/errors.js";
import { limit as checkLimit } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { checkCypherPlan } from "./checkCypherPlan.js";
import { toDriverParams } from "./cypherParams.js";
import { CypherRefusedError } from "./CypherRefusedError.js";
import { requireCypherAccess } from "./requireCypherAccess.js";
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

export type CypherDeps = Pick<AppDeps, "driver" | "database" | "cypherTool">;

export interface CypherOptions {
  /** Tests shorten it; the API always runs with CYPHER_TIMEOUT_MS. */
  timeoutMs?: number;
}

const FIELD = "cypherQuery.query";

/**
 * The `cypher_query` tool of the knowledge agent, for GraphQL and for the retrieval loop
 * alike: read-only Cypher for admins. Three locks, each enough to stop a write
 * on its own: the static screen (screenCypher), Neo4j's EXPLAIN of the query
 * (checkCypherPlan) and a READ transaction. The transaction has a timeout and
 * the rows a cap: reading stops after `limit` rows and says `truncated`.
 */
export async function runReadOnlyCypher(deps: CypherDeps, caller: Caller, input: CypherInput, options: CypherOptions = {}): Promise<CypherResult> {
  requireCypherAccess(deps.cypherTool, caller);
  if (typeof input.query !== "string") throw new BadUserInputError(`${FIELD} must be a string`, FIELD);
  const query = screenCypher(input.query);
  const params = toDriverParams("cypherQuery.params", input.params);
  const rowLimit = checkLimit("cypherQuery.limit", input.limit, CYPHER_DEFAULT_ROWS, CYPHER_MAX_ROWS);
  const timeoutMs = options.timeoutMs ?? CYPHER_TIMEOUT_MS;

  const started = performance.now();
  // One more row than the cap is fetched, to know whether there were more.
  const session = deps.driver.session({ database: deps.database, defaultAccessMode: neo4j.session.READ, fetchSize: rowLimit + 1 });
  try {
    return await runInReadTransaction(session, query, params, rowLimit, timeoutMs, started);
  } catch (err) {
    throw describeDriverError(err, timeoutMs);
  } finally {
    await session.close();
  }
}

async function runInReadTransaction(session: Session, query: string, params: Record<string, unknown>, rowLimit: number, timeoutMs: number, started: number): Promise<CypherResult> {
  const tx = session.beginTransaction({ timeout: timeoutMs, metadata: { app: "mnemograph", tool: "cypherQuery" } });
  try {
    const explained = await tx.run(`EXPLAIN ${query}`, params).summary();
    checkCypherPlan(explained.queryType, explained.plan || undefined);
    const result = tx.run(query, params);
    const columns = await result.keys();
    const rows: Record<string, unknown>[] = [];
    let truncated = false;
    for await (const record of result) {
      if (rows.length === rowLimit) {
        // Leaving the loop discards the rest of the stream on the server.
        truncated = true;
        break;
      }
      rows.push(Object.fromEntries(columns.map((c) => [c, toPlainJson(record.get(c))])));
    }
    return { columns: [...columns], rows, rowCount: rows.length, truncated, elapsedMs: Math.round(performance.now() - started) };
  } finally {
    // Nothing was written; rolling back ends the transaction without a commit.
    if (tx.isOpen()) await tx.rollback().catch(() => {});
  }
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
  if (err instanceof CypherRefusedError || !(err instanceof neo4j.Neo4jError)) return err;
  const firstLine = err.message.split("\n")[0]!.slice(0, 500);
  if (TIMEOUT_CODES.has(err.code)) {
    return new CypherRefusedError("TIMEOUT", `${FIELD} ran longer than the ${seconds(timeoutMs)} limit and was stopped: narrow the MATCH, use an index or add a LIMIT`);
  }
  if (err.code === "Neo.ClientError.Statement.AccessMode") return new CypherRefusedError("WRITE", `${FIELD} must only read: ${firstLine}`);
  if (/^Neo\.ClientError\.(Statement|Procedure|Schema)\./.test(err.code)) return new CypherRefusedError("SYNTAX", `${FIELD} failed: ${firstLine}`);
  return err;
}
