import fc from "fast-check";
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import { inputValue, type ValueOptions } from "./inputArbitraries.js";

export type RootKind = "query" | "mutation" | "subscription";

export interface RootField {
  kind: RootKind;
  field: GraphQLField<unknown, unknown>;
}

/** Every root field the schema serves: queries, mutations and subscriptions. */
export function rootFields(schema: GraphQLSchema): RootField[] {
  const of = (kind: RootKind, type: ReturnType<GraphQLSchema["getQueryType"]>) =>
    Object.values(type?.getFields() ?? {}).map((field) => ({ kind, field }));
  return [
    ...of("query", schema.getQueryType()),
    ...of("mutation", schema.getMutationType()),
    ...of("subscription", schema.getSubscriptionType()),
  ];
}

/**
 * A field with arguments of a node type (relationship filters, connections,
 * @cypher fields), reached under its type's generated list query: `under` is
 * that query with `limit: 1`, e.g. `people(limit: 1)`.
 */
export interface NestedField {
  coordinate: string;
  under: string;
  field: GraphQLField<unknown, unknown>;
}

/** Every field that takes arguments on a type a generated list query returns, once per type. */
export function nestedFields(schema: GraphQLSchema): NestedField[] {
  const seen = new Set<string>();
  const found: NestedField[] = [];
  for (const query of Object.values(schema.getQueryType()?.getFields() ?? {})) {
    const list = isNonNullType(query.type) ? query.type.ofType : query.type;
    const type = getNamedType(query.type);
    if (!isListType(list) || !(isObjectType(type) || isInterfaceType(type)) || !query.args.some((a) => a.name === "where") || seen.has(type.name)) continue;
    seen.add(type.name);
    for (const field of Object.values(type.getFields())) {
      if (field.args.length > 0) found.push({ coordinate: `${type.name}.${field.name}`, under: `${query.name}(limit: 1)`, field });
    }
  }
  return found;
}

/** One request for a root field: its text, and its variables when the values are not written inline. */
export interface FuzzOperation {
  field: string;
  kind: RootKind;
  query: string;
  variables: Record<string, unknown>;
}

/**
 * Requests for `root`: each argument drawn from its input type (sometimes
 * left out, even when required), sent as variables or, one time in four,
 * written inline as literals (the other parser path). The selection is
 * `__typename`, which every composite type has.
 */
export function operationFor(root: RootField, options: ValueOptions, under?: string): fc.Arbitrary<FuzzOperation> {
  const { kind, field } = root;
  // Under a list query, the field is asked of its first node: `{ people(limit: 1) { skills(…) … } }`.
  const wrap = (call: string) => (under ? `${under} { ${call} }` : call);
  const selection = isCompositeType(getNamedType(field.type)) ? " { __typename }" : "";
  const args = field.args.map((a) =>
    fc.option(inputValue(a.type, options), { freq: 8, nil: undefined }).map((value) => ({ arg: a, value })),
  );
  return fc.tuple(fc.tuple(...args), fc.integer({ min: 0, max: 3 })).map(([drawn, mode]) => {
    const given = drawn.filter((d) => d.value !== undefined);
    if (mode === 0) {
      const inline = given.map((d) => `${d.arg.name}: ${literal(d.value, d.arg.type)}`).join(", ");
      return { field: field.name, kind, query: `${kind} { ${wrap(`${field.name}${inline ? `(${inline})` : ""}${selection}`)} }`, variables: {} };
    }
    const defs = given.map((d) => `$${d.arg.name}: ${String(d.arg.type)}`).join(", ");
    const uses = given.map((d) => `${d.arg.name}: $${d.arg.name}`).join(", ");
    const variables = Object.fromEntries(given.map((d) => [d.arg.name, d.value]));
    return { field: field.name, kind, query: `${kind}${defs ? ` (${defs})` : ""} { ${wrap(`${field.name}${uses ? `(${uses})` : ""}${selection}`)} }`, variables };
  });
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A value written as a GraphQL literal for a position of `type` (enums bare, the rest as JSON would). */
export function literal(value: unknown, type: GraphQLInputType): string {
  if (value === null || value === undefined) return "null";
  const nullable = getNullableType(type);
  if (Array.isArray(value)) {
    const item = isListType(nullable) ? nullable.ofType : nullable;
    return `[${value.map((v) => literal(v, item)).join(", ")}]`;
  }
  if (typeof value === "object") {
    const fields = isInputObjectType(nullable) ? nullable.getFields() : {};
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}: ${literal(v, fields[k]?.type ?? nullable)}`);
    return `{ ${entries.join(", ")} }`;
  }
  if (typeof value === "string" && isEnumType(getNamedType(type)) && NAME.test(value)) return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : JSON.stringify(String(value));
  return JSON.stringify(value);
}
