import { cypherInt } from "../graph/readQuery.js";
import { CypherRefusedError } from "./CypherRefusedError.js";

/** Longest `params` JSON text, in characters. */
export const MAX_PARAMS_LENGTH = 10_000;
const MAX_DEPTH = 10;

/**
 * `cypherQuery.params` as GraphQL receives it: a JSON object text (the schema
 * has no JSON scalar; see schema/cypher-tools.graphql). Null or absent is `{}`;
 * toDriverParams checks what it holds.
 */
export function parseCypherParams(field: string, text: unknown): unknown {
  if (text === null || text === undefined) return {};
  if (typeof text !== "string") throw new CypherRefusedError("PARAMS", `${field} must be a JSON object text`, field);
  if (text.length > MAX_PARAMS_LENGTH) {
    throw new CypherRefusedError("PARAMS", `${field} is at most ${MAX_PARAMS_LENGTH} characters long, got ${text.length}`, field);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CypherRefusedError("PARAMS", `${field} is not valid JSON`, field);
  }
  return value;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Parameters as the driver sends them. Only JSON values pass (null, booleans,
 * numbers, strings, lists, maps); a whole number becomes a Cypher INTEGER
 * (`LIMIT $n` needs one; JSON cannot tell 5 from 5.0), any other number a
 * FLOAT. Parameters are values, never Cypher text: nothing in them is run. Pure.
 */
export function toDriverParams(field: string, params: unknown): Record<string, unknown> {
  if (params === null || params === undefined) return {};
  if (!isPlainObject(params)) throw new CypherRefusedError("PARAMS", `${field} must be a JSON object of parameter names and values`, field);
  return convert(field, params, 0) as Record<string, unknown>;
}

function convert(path: string, value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new CypherRefusedError("PARAMS", `${path} nests deeper than ${MAX_DEPTH} levels`, path);
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new CypherRefusedError("PARAMS", `${path} must be a finite number`, path);
    return Number.isSafeInteger(value) ? cypherInt(value) : value;
  }
  if (Array.isArray(value)) return value.map((v, i) => convert(`${path}[${i}]`, v, depth + 1));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(`${path}.${k}`, v, depth + 1)]));
  throw new CypherRefusedError("PARAMS", `${path} must be a JSON value`, path);
}
