import fc from "fast-check";
import {
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from "graphql";

/**
 * fast-check arbitraries for GraphQL input values, read from the served
 * schema: mostly plausible values, with a hostile one in place of any of them
 * now and then (wrong types, numbers out of range, huge strings and lists,
 * deep nesting, Unicode edge cases, injection strings, nulls where a value is
 * required). A field added to `schema/` is fuzzed without anyone writing a case.
 */

/** Strings that are valid text yet hard on every layer below. */
export const EDGE_STRINGS = [
  "\ud800", // a lone high surrogate
  "a\udc00b", // a lone low surrogate
  "nul\u0000byte",
  "zero\u200bwidth\u200d",
  "\u202eright-to-left override",
  "e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301",
  "\u{1F469}\u200d\u{1F469}\u200d\u{1F467}",
  "\ufeffbom",
  "' OR 1=1 //",
  '"}) MATCH (n) DETACH DELETE n //',
  "`; CALL dbms.components() //",
  "$param",
  "*:* OR content:/.*/",
  "title:(a AND b) OR ~ ^ \\",
  '{"$gt": ""}',
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00%ff",
  " ",
  "",
];

const INT_EDGES = [2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), 1.5, -0, 1e308, -1];
const FLOAT_EDGES = [1e308, -1e308, 5e-324, -0, 2 ** 53 + 1, 1e21];

/** What a position of any type may hold instead of its value. */
function hostileAny(depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 31, "", "x", {}, [], [null], { unknownField: 1 }),
    fc.constantFrom(...EDGE_STRINGS),
    // A huge string (the body limit is 4 MB; field limits are far below).
    fc.integer({ min: 20_001, max: 300_000 }).map((n) => "x".repeat(n)),
    // A huge list and a deep one.
    fc.integer({ min: 1_001, max: 20_000 }).map((n) => new Array(n).fill("x")),
    fc.integer({ min: 20, max: 70 }).map((n) => nest(n, depth)),
  );
}

function nest(levels: number, _depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { AND: [value] };
  return value;
}

function scalarValue(name: string): fc.Arbitrary<unknown> {
  switch (name) {
    case "Int":
      return fc.integer({ min: 0, max: 20 });
    case "Float":
      return fc.double({ min: 0, max: 1, noNaN: true });
    case "Boolean":
      return fc.boolean();
    case "ID":
      return fc.oneof(fc.uuid(), fc.constantFrom("fuzz-id", "run-1"));
    case "DateTime":
      return fc.constantFrom("2024-05-01T09:30:00Z", "2023-01-15", "2024-02-29T23:59:59.999+01:00");
    default:
      return fc.oneof({ weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 24 }) }, { weight: 1, arbitrary: fc.constantFrom(...EDGE_STRINGS) });
  }
}

function scalarHostile(name: string): fc.Arbitrary<unknown> {
  switch (name) {
    case "Int":
      return fc.constantFrom<unknown>(...INT_EDGES, "1", true);
    case "Float":
      return fc.constantFrom<unknown>(...FLOAT_EDGES, "NaN", "Infinity", "0.5");
    case "DateTime":
      return fc.constantFrom("2024-13-45T99:99:99Z", "2023-02-29", "1", "2024-01-01 10:00", "9999999999-01-01", "2024-01-01T00:00:00+01:00[Europe/Paris]x");
    case "ID":
    case "String":
      return fc.constantFrom<unknown>(...EDGE_STRINGS, 12, ["a"], { a: 1 });
    default:
      return fc.constantFrom<unknown>(...EDGE_STRINGS, 12, false);
  }
}

export interface ValueOptions {
  /** How often a position holds a hostile value instead (0–1). */
  hostility: number;
  /** Input objects deeper than this get their required fields only. */
  maxDepth: number;
}

/** A value for an input position of type `type`. */
export function inputValue(type: GraphQLInputType, options: ValueOptions, depth = 0): fc.Arbitrary<unknown> {
  const plausible = plausibleValue(type, options, depth);
  if (options.hostility <= 0) return plausible;
  const hostileWeight = Math.max(1, Math.round(options.hostility * 100));
  const named = getNullableType(type);
  const hostile = isScalarType(named) && !isListType(named) ? fc.oneof(scalarHostile(named.name), hostileAny(depth)) : hostileAny(depth);
  return fc.oneof({ weight: 100 - hostileWeight, arbitrary: plausible }, { weight: hostileWeight, arbitrary: hostile });
}

function plausibleValue(type: GraphQLInputType, options: ValueOptions, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return inputValue(type.ofType, options, depth);
  if (isListType(type)) return fc.array(inputValue(type.ofType, options, depth + 1), { minLength: 1, maxLength: 3 });
  if (isEnumType(type)) {
    const values = type.getValues().map((v) => v.name);
    return values.length ? fc.constantFrom(...values) : fc.constant("NONE");
  }
  if (isScalarType(type)) return scalarValue(type.name);
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const required = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    const optional = depth < options.maxDepth ? fields.filter((f) => !required.includes(f)) : [];
    // Required fields, and at most three optional ones: arbitraries are built only for the drawn fields.
    return fc.subarray(optional, { maxLength: Math.min(3, optional.length) }).chain((chosen) => {
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const f of [...required, ...chosen]) record[f.name] = inputValue(f.type, options, depth + 1);
      return fc.record(record);
    });
  }
  return fc.constant(null);
}
