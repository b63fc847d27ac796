import { z } from "zod";
import { directiveValue } from "../core/sdlDirectives.js";
import {
  Kind,
  type DocumentNode,
  type EnumTypeDefinitionNode,
  type FieldDefinitionNode,
  type InputObjectTypeDefinitionNode,
  type InputValueDefinitionNode,
  type ObjectTypeDefinitionNode,
  type TypeNode,
} from "graphql";
import { snakeCase, type AnyAgentTool } from "../core/agentTool.js";

/**
 * An agent tool's MCP side, derived from its SDL field (core/agentTool.ts):
 * the input schema from the field's arguments (snake_case, each with its
 * description, enums with their values, @constraint's min and max), the
 * variables from a model's arguments, and — unless the declaration gives
 * one — the operation, selecting the result's scalars two levels deep. Only
 * the SDL document is read: no schema is built, no domain code loaded.
 */

/** The values of a GraphQL enum of the served schema, when known (else the SDL's). */
export type EnumValues = (enumName: string) => readonly string[] | undefined;

export interface SdlTool {
  operation: "query" | "mutation";
  field: FieldDefinitionNode;
  input: z.ZodRawShape;
  variables(args: Record<string, unknown>): Record<string, unknown>;
  document: string;
  description: string;
}

const SCALARS: Record<string, () => z.ZodType> = {
  Int: () => z.number().int(),
  Float: () => z.number(),
  Boolean: () => z.boolean(),
};

/** The SDL document's types and root fields, indexed once. */
export class SdlIndex {
  readonly types = new Map<string, ObjectTypeDefinitionNode | InputObjectTypeDefinitionNode | EnumTypeDefinitionNode>();
  readonly scalars = new Set(["String", "ID", "Int", "Float", "Boolean"]);
  readonly roots = { query: new Map<string, FieldDefinitionNode>(), mutation: new Map<string, FieldDefinitionNode>() };

  constructor(document: DocumentNode) {
    for (const def of document.definitions) {
      if (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) {
        const root = def.name.value === "Query" ? this.roots.query : def.name.value === "Mutation" ? this.roots.mutation : null;
        if (root) for (const f of def.fields ?? []) root.set(f.name.value, f);
        else if (def.kind === Kind.OBJECT_TYPE_DEFINITION) this.types.set(def.name.value, def);
      } else if (def.kind === Kind.SCALAR_TYPE_DEFINITION) {
        this.scalars.add(def.name.value);
      } else if (def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION || def.kind === Kind.ENUM_TYPE_DEFINITION) {
        this.types.set(def.name.value, def);
      }
    }
  }

  root(field: string): { operation: "query" | "mutation"; def: FieldDefinitionNode } {
    const q = this.roots.query.get(field);
    if (q) return { operation: "query", def: q };
    const m = this.roots.mutation.get(field);
    if (m) return { operation: "mutation", def: m };
    throw new Error(`Agent tool field ${field} is not a Query or Mutation field of schema/`);
  }
}

const isRequired = (v: InputValueDefinitionNode) => v.type.kind === Kind.NON_NULL_TYPE && !v.defaultValue;
const named = (t: TypeNode): string => (t.kind === Kind.NAMED_TYPE ? t.name.value : named(t.type));
const constraint = (value: InputValueDefinitionNode, name: string): number | undefined => {
  const bound = directiveValue(value, "constraint", name);
  return bound === undefined ? undefined : Number(bound);
};

/** A GraphQL input value as a zod type, described; optional unless it is non-null without a default. */
interface Said {
  describe: Readonly<Record<string, string>>;
  ranges: Readonly<Record<string, readonly [number, number?]>>;
}

function zodOf(index: SdlIndex, enums: EnumValues, value: InputValueDefinitionNode, path: string, said: Said, parentOptional = false): z.ZodType {
  const typeOf = (t: TypeNode): z.ZodType => {
    if (t.kind === Kind.NON_NULL_TYPE) return typeOf(t.type);
    if (t.kind === Kind.LIST_TYPE) return z.array(typeOf(t.type));
    const name = t.name.value;
    const scalar = SCALARS[name];
    if (scalar) {
      let n = scalar() as z.ZodNumber;
      const [min, max] = said.ranges[path] ?? [constraint(value, "min"), constraint(value, "max")];
      if (name !== "Boolean" && min !== undefined) n = n.min(min);
      if (name !== "Boolean" && max !== undefined) n = n.max(max);
      return n;
    }
    const def = index.types.get(name);
    if (def?.kind === Kind.ENUM_TYPE_DEFINITION) {
      const values = enums(name) ?? (def.values ?? []).map((v) => v.name.value);
      return z.enum(values as [string, ...string[]]);
    }
    if (def?.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) {
      return z.object(Object.fromEntries((def.fields ?? []).map((f) => [snakeCase(f.name.value), zodOf(index, enums, f, `${path}.${snakeCase(f.name.value)}`, said)])));
    }
    return z.string(); // String, ID and the custom scalars (DateTime) travel as text
  };
  const text = said.describe[path] ?? value.description?.value;
  if (!text?.trim()) throw new Error(`Agent tool input ${path} has no description (SDL or the declaration's describe)`);
  const required = !parentOptional && isRequired(value);
  const t = typeOf(value.type);
  return (required ? t : t.optional()).describe(text.replace(/\s+/g, " ").trim());
}

/** A model's value (snake_case keys, nested ones too) as the field's variable value. */
function toGraphQL(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toGraphQL);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), toGraphQL(v)]));
  }
  return value;
}

/** The selection of a result type: scalars and enums, and the object fields without required arguments, `depth` levels deep. */
function selection(index: SdlIndex, typeName: string, depth: number): string {
  const def = index.types.get(typeName);
  if (def?.kind !== Kind.OBJECT_TYPE_DEFINITION) return "";
  const parts: string[] = [];
  for (const f of def.fields ?? []) {
    if (f.arguments?.some((a) => a.type.kind === Kind.NON_NULL_TYPE && !a.defaultValue)) continue;
    const inner = index.types.get(named(f.type));
    if (inner?.kind === Kind.OBJECT_TYPE_DEFINITION) {
      // Links to graph nodes (@graphLink, @relationship) are for GraphQL clients to keep querying from, not for a model.
      if (depth <= 1 || f.directives?.some((d) => d.name.value === "graphLink" || d.name.value === "relationship")) continue;
      const sub = selection(index, named(f.type), depth - 1);
      if (sub) parts.push(`${f.name.value} { ${sub} }`);
    } else if (inner?.kind === Kind.ENUM_TYPE_DEFINITION || index.scalars.has(named(f.type))) {
      parts.push(f.name.value); // an interface or union result is left out: it needs fragments
    }
  }
  return parts.join(" ");
}

/** The MCP side of `tool`, from its SDL field. Throws on a field missing from the SDL or an undescribed input property. */
export function sdlTool(index: SdlIndex, tool: AnyAgentTool, enums: EnumValues): SdlTool {
  const { operation, def } = index.root(tool.field);
  const args = new Map((def.arguments ?? []).map((a) => [a.name.value, a]));
  const said: Said = { describe: tool.describe ?? {}, ranges: tool.ranges ?? {} };
  const input: Record<string, z.ZodType> = {};
  // MCP property → the path its value goes to: [argument], or [argument, input field, …] for a flattened one.
  const targets = new Map<string, string[]>();
  for (const name of tool.args ?? [...args.keys()]) {
    const path = name.split(".");
    const prop = snakeCase(path.length === 1 ? path[0]! : path.slice(1).join("_"));
    let value: InputValueDefinitionNode | undefined = args.get(path[0]!);
    // A flattened property is required only when everything on its path is (screenshot_base64: the screenshot is optional).
    let parentOptional = false;
    for (const step of path.slice(1)) {
      parentOptional ||= !value || !isRequired(value);
      const object = value ? index.types.get(named(value.type)) : undefined;
      value = object?.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION ? object.fields?.find((f) => f.name.value === step) : undefined;
    }
    if (!value) throw new Error(`${tool.name}: ${tool.field} has no argument ${name}`);
    input[prop] = zodOf(index, enums, value, prop, said, parentOptional);
    targets.set(prop, path);
  }
  const variables = (given: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [prop, path] of targets) {
      if (given[prop] === undefined) continue;
      let at = out;
      for (const step of path.slice(0, -1)) at = (at[step] ??= {}) as Record<string, unknown>;
      at[path.at(-1)!] = toGraphQL(given[prop]);
    }
    return out;
  };
  const used = [...new Set([...targets.values()].map(([a]) => a!))].map((a) => args.get(a)!);
  // An argument with a default takes a nullable variable: left out, the SDL's default applies.
  const signature = used.length ? `(${used.map((a) => `$${a.name.value}: ${typeText(a.defaultValue && a.type.kind === Kind.NON_NULL_TYPE ? a.type.type : a.type)}`).join(", ")})` : "";
  const call = used.length ? `(${used.map((a) => `${a.name.value}: $${a.name.value}`).join(", ")})` : "";
  const sub = selection(index, named(def.type), 2);
  const document = tool.document ?? `${operation} ${camel(tool.name)}${signature} { ${tool.field}${call}${sub ? ` { ${sub} }` : ""} }`;
  const description = tool.description ?? def.description?.value.replace(/\s+/g, " ").trim();
  if (!description) throw new Error(`${tool.name}: no description (SDL or declaration)`);
  return { operation, field: def, input, variables, document, description };
}

const camel = (snake: string) => snake.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());
function typeText(t: TypeNode): string {
  if (t.kind === Kind.NON_NULL_TYPE) return `${typeText(t.type)}!`;
  if (t.kind === Kind.LIST_TYPE) return `[${typeText(t.type)}]`;
  return t.name.value;
}
