import {
  getNamedType,
  getNullableType,
  isInputObjectType,
  isListType,
  type GraphQLInputFieldConfig,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";

/**
 * A default that depends on the rest of the item, which a GraphQL input
 * default cannot express (a memory's importance depends on its type). The
 * field is served optional and without a default, so a resolver sees whether
 * the client chose; `fill` gives the value where it did not (absent or null).
 */
export interface InputDefault {
  /** The input object type, e.g. `MemoryCreateInput`. */
  input: string;
  field: string;
  /** Appended to the field's description: how the default is chosen. */
  description: string;
  fill: (item: Readonly<Record<string, unknown>>) => unknown;
}

/** The field's config as served: nullable, no default, its rule described. For mapSchema's INPUT_OBJECT_FIELD. */
export function withoutInputDefault(config: GraphQLInputFieldConfig, typeName: string, fieldName: string, rules: readonly InputDefault[]): GraphQLInputFieldConfig {
  const rule = rules.find((r) => r.input === typeName && r.field === fieldName);
  if (!rule) return config;
  const description = [config.description, rule.description].filter(Boolean).join(" ");
  return { ...config, type: getNullableType(config.type) as GraphQLInputType, defaultValue: undefined, description };
}

/**
 * Built once per schema: for an argument of a given type, the function that
 * copies its value with every rule's field filled where the client left it
 * out, at any depth (nested creates included); undefined when no rule's input
 * lies below that type. The returned functions are pure.
 */
export function inputDefaults(schema: GraphQLSchema, rules: readonly InputDefault[]): (type: GraphQLInputType) => ((value: unknown) => unknown) | undefined {
  const reaching = reachingTypes(schema, rules);
  return (type) => (reaching.has(getNamedType(type).name) ? (value) => fill(value, type, rules, reaching) : undefined);
}

function fill(value: unknown, type: GraphQLInputType, rules: readonly InputDefault[], reaching: ReadonlySet<string>): unknown {
  if (value === null || value === undefined) return value;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const of = nullable.ofType as GraphQLInputType;
    return Array.isArray(value) ? value.map((v) => fill(v, of, rules, reaching)) : fill(value, of, rules, reaching);
  }
  if (!isInputObjectType(nullable) || typeof value !== "object" || !reaching.has(nullable.name)) return value;
  const fields = nullable.getFields();
  const item: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) item[key] = fields[key] ? fill(v, fields[key]!.type, rules, reaching) : v;
  for (const rule of rules) {
    if (rule.input === nullable.name && item[rule.field] == null) item[rule.field] = rule.fill(item);
  }
  return item;
}

/**
 * The schema's input types from which a rule's input type can be reached
 * (itself included), grown to a fixpoint so cycles between inputs (Agent ↔
 * Memory nested creates) are counted right.
 */
function reachingTypes(schema: GraphQLSchema, rules: readonly InputDefault[]): ReadonlySet<string> {
  const types = Object.values(schema.getTypeMap()).filter(isInputObjectType);
  const reaching = new Set(rules.map((r) => r.input).filter((name) => isInputObjectType(schema.getType(name))));
  for (let grew = reaching.size > 0; grew; ) {
    grew = false;
    for (const t of types) {
      if (reaching.has(t.name)) continue;
      if (Object.values(t.getFields()).some((f) => reaching.has(getNamedType(f.type).name))) {
        reaching.add(t.name);
        grew = true;
      }
    }
  }
  return reaching;
}
