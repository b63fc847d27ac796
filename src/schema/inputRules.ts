import { Kind, valueFromASTUntyped, type ConstDirectiveNode, type DocumentNode } from "graphql";

/** Limits on one field, written in the SDL as `@constraint(...)`. */
export interface FieldRule {
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: RegExp;
}

/** `Type` → `field` → rule, for node, relationship-property and hand-written input types. */
export type RuleTable = ReadonlyMap<string, ReadonlyMap<string, FieldRule>>;

/** Caps for every string and list that has no rule of its own. */
export const DEFAULT_MAX_STRING = 20_000;
export const DEFAULT_MAX_ITEMS = 1_000;

/** C0 control characters other than tab, line feed and carriage return (and DEL): never meaningful in text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/u;

/** Reads the `@constraint` directives of the type definitions into a rule table. */
export function extractRules(document: DocumentNode): RuleTable {
  const table = new Map<string, Map<string, FieldRule>>();
  for (const def of document.definitions) {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION && def.kind !== Kind.OBJECT_TYPE_EXTENSION && def.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION) {
      continue;
    }
    for (const field of def.fields ?? []) {
      addRule(table, def.name.value, field.name.value, field.directives);
      // Arguments of object fields (the @cypher fields' `limit`, `minConfidence`…) under `Type.field`.
      if ("arguments" in field) {
        for (const arg of field.arguments ?? []) addRule(table, argumentsKey(def.name.value, field.name.value), arg.name.value, arg.directives);
      }
    }
  }
  return table;
}

/** The rule-table key of a field's arguments: `Agent.recentMemories`. */
export const argumentsKey = (type: string, field: string) => `${type}.${field}`;

function addRule(table: Map<string, Map<string, FieldRule>>, owner: string, name: string, directives: readonly ConstDirectiveNode[] | undefined) {
  const directive = directives?.find((d) => d.name.value === "constraint");
  if (!directive) return;
  const args = Object.fromEntries(
    (directive.arguments ?? []).map((a) => [a.name.value, valueFromASTUntyped(a.value)]),
  ) as Record<string, unknown>;
  const rule: FieldRule = {};
  for (const key of ["min", "max", "minLength", "maxLength", "maxItems"] as const) {
    if (typeof args[key] === "number") rule[key] = args[key];
  }
  if (typeof args.pattern === "string") rule.pattern = new RegExp(args.pattern, "u");
  const fields = table.get(owner) ?? new Map<string, FieldRule>();
  fields.set(name, rule);
  table.set(owner, fields);
}

/**
 * Checks one value against a rule; returns what is wrong in words that name
 * the field (`Memory.importance must be at most 1, got 1.5`), or null.
 * Lists are checked as a whole (maxItems) and item by item.
 */
export function checkValue(field: string, value: unknown, rule: FieldRule | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    const maxItems = rule?.maxItems ?? DEFAULT_MAX_ITEMS;
    if (value.length > maxItems) return `${field} takes at most ${maxItems} items, got ${value.length}`;
    for (const item of value) {
      const problem = checkValue(field, item, rule);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof value === "string") {
    const maxLength = rule?.maxLength ?? DEFAULT_MAX_STRING;
    if (value.length > maxLength) return `${field} is at most ${maxLength} characters long, got ${value.length}`;
    if (!value.isWellFormed()) return `${field} must be well-formed Unicode (it has a lone surrogate)`;
    const control = CONTROL.exec(value);
    if (control) {
      const code = control[0].charCodeAt(0).toString(16).padStart(4, "0");
      return `${field} must not contain control characters (found U+${code.toUpperCase()} at ${control.index})`;
    }
    if (rule?.minLength !== undefined && value.trim().length < rule.minLength) {
      return rule.minLength === 1
        ? `${field} must not be empty`
        : `${field} is at least ${rule.minLength} characters long, got ${value.trim().length}`;
    }
    if (rule?.pattern && !rule.pattern.test(value)) {
      return `${field} must match ${rule.pattern.source}, got ${JSON.stringify(value.slice(0, 80))}`;
    }
    return null;
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return `${field} must be a finite number`;
    if (rule?.min !== undefined && rule.max !== undefined && (value < rule.min || value > rule.max)) {
      return `${field} must be between ${rule.min} and ${rule.max}, got ${value}`;
    }
    if (rule?.min !== undefined && value < rule.min) return `${field} must be at least ${rule.min}, got ${value}`;
    if (rule?.max !== undefined && value > rule.max) return `${field} must be at most ${rule.max}, got ${value}`;
  }
  return null;
}
