import {
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import { checkValue, type FieldRule, type RuleTable } from "../../../src/schema/inputRules.js";

/**
 * Values no generic one can satisfy, by `Type.field`, given a fresh unique
 * string. Keep this short: anything else is derived from the field's type and
 * its `@constraint`.
 */
const OVERRIDES: Readonly<Record<string, (unique: string) => unknown>> = {
};

const SCALARS: Readonly<Record<string, (unique: string) => unknown>> = {
  ID: (unique) => unique,
  String: (unique) => unique,
  Int: () => 1,
  Float: () => 0.5,
  Boolean: () => true,
  DateTime: () => "2025-01-01T00:00:00Z",
};

export interface BuiltInput {
  input: Record<string, unknown>;
  /** The unique strings written into it: finding one in a response that should not show the node is a leak. */
  secrets: string[];
}

/**
 * The smallest valid create input of an `Owned` type: every required field
 * without a default, filled with a value its type and `@constraint` accept.
 * Throws, naming the field, when it cannot build one, so a new type whose
 * fields it does not understand is noticed rather than skipped.
 */
export function minimalCreateInput(schema: GraphQLSchema, rules: RuleTable, typeName: string, nextUnique: () => string): BuiltInput {
  const inputType = schema.getType(`${typeName}CreateInput`);
  if (!isInputObjectType(inputType)) throw new Error(`${typeName} has no ${typeName}CreateInput: add it to the access matrix`);
  const input: Record<string, unknown> = {};
  const secrets: string[] = [];
  for (const field of Object.values(inputType.getFields())) {
    if (!isNonNullType(field.type) || field.defaultValue !== undefined) continue;
    const coordinate = `${typeName}.${field.name}`;
    const unique = nextUnique();
    const rule = rules.get(typeName)?.get(field.name);
    const value = OVERRIDES[coordinate]?.(unique) ?? fitToRule(genericValue(field.type, unique, coordinate), rule);
    const problem = checkValue(coordinate, value, rule);
    if (problem) throw new Error(`Cannot build a valid ${coordinate} (${problem}): add it to OVERRIDES in minimalCreateInput.ts`);
    input[field.name] = value;
    if (JSON.stringify(value).includes(unique)) secrets.push(unique);
  }
  return { input, secrets };
}

/** Moves a generic number into the rule's range and pads a generic string to its minimum length. */
function fitToRule(value: unknown, rule: FieldRule | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => fitToRule(item, rule));
  if (typeof value === "number") return Math.min(Math.max(value, rule?.min ?? value), rule?.max ?? value);
  if (typeof value === "string" && rule?.minLength !== undefined) return value.padEnd(rule.minLength, "x");
  return value;
}

function genericValue(type: GraphQLInputType, unique: string, coordinate: string): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [genericValue(nullable.ofType as GraphQLInputType, unique, coordinate)];
  if (isEnumType(nullable)) return nullable.getValues()[0]!.value;
  if (isScalarType(nullable) && SCALARS[nullable.name]) return SCALARS[nullable.name]!(unique);
  throw new Error(`Cannot build a value of type ${String(type)} for ${coordinate}: add it to OVERRIDES in minimalCreateInput.ts`);
}
