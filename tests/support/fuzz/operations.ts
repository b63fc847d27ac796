import fc from "fast-check";
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
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
export function operationFor(root: RootField, options: ValueOptions): fc.Arbitrary<FuzzOperation> {
  const { kind, field } = root;
  const selection = isCompositeType(getNamedType(field.type)) ? " { __typename }" : "";
  const args = field.args.map((a) =>
    fc.option(inputValue(a.type, options), { freq: 8, nil: undefined }).map((value) => ({ arg: a, value })),
  );
  return fc.tuple(fc.tuple(...args), fc.integer({ min: 0, max: 3 })).map(([drawn, mode]) => {
    const given = drawn.filter((d) => d.value !== undefined);
    if (mode === 0) {
      const inline = given.map((d) => `${d.arg.name}: ${literal(d.value, d.arg.type)}`).join(", ");
      return { field: field.name, kind, query: `${kind} { ${field.name}${inline ? `(${inline})` : ""}${selection} }`, variables: {} };
    }
    const defs = given.map((d) => `$${d.arg.name}: ${String(d.arg.type)}`).join(", ");
    const uses = given.map((d) => `${d.arg.name}: $${d.arg.name}`).join(", ");
    const variables = Object.fromEntries(given.map((d) => [d.arg.name, d.value]));
    return { field: field.name, kind, query: `${kind}${defs ? ` (${defs})` : ""} { ${field.name}${uses ? `(${uses})` : ""}${selection} }`, variables };
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
