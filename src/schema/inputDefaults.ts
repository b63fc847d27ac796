import {
  getNamedType,
  getNullableType,
  isInputObjectType,
  isListType,
  type GraphQLInputFieldConfig,
  type GraphQLInputObjectType,
  type GraphQLInputType,
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
 * For an argument of `type`, the function that copies its value with every
 * rule's field filled where the client left it out, at any depth (nested
 * creates included); undefined when no rule's input lies below `type`. Built
 * once per argument at schema build; the returned function is pure.
 */
export function inputDefaultsFor(type: GraphQLInputType, rules: readonly InputDefault[]): ((value: unknown) => unknown) | undefined {
  const reaching = reachingTypes(type, rules);
  if (reaching.size === 0) return undefined;
  return (value) => fill(value, type, rules, reaching);
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
 * The input types below `root` (itself included) from which a rule's input
 * type can be reached: collected once, then grown to a fixpoint, so cycles
 * between inputs (Agent ↔ Memory nested creates) are counted right.
 */
function reachingTypes(root: GraphQLInputType, rules: readonly InputDefault[]): ReadonlySet<string> {
  const types = new Map<string, GraphQLInputObjectType>();
  const queue = [getNamedType(root)];
  while (queue.length > 0) {
    const t = queue.pop();
    if (!isInputObjectType(t) || types.has(t.name)) continue;
    types.set(t.name, t);
    for (const f of Object.values(t.getFields())) queue.push(getNamedType(f.type));
  }
  const reaching = new Set(rules.map((r) => r.input).filter((name) => types.has(name)));
  for (let grew = reaching.size > 0; grew; ) {
    grew = false;
    for (const t of types.values()) {
      if (reaching.has(t.name)) continue;
      if (Object.values(t.getFields()).some((f) => reaching.has(getNamedType(f.type).name))) {
        reaching.add(t.name);
        grew = true;
      }
    }
  }
  return reaching;
}
