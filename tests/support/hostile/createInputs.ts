import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isObjectType,
  type GraphQLInputObjectType,
  type GraphQLSchema,
} from "graphql";
import { extractRules, type FieldRule, type RuleTable } from "../../../src/schema/inputRules.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

/** A generated create mutation of an owned type, and its update twin. */
export interface CreateTarget {
  type: string;
  create: string;
  createInput: GraphQLInputObjectType;
  update: string | undefined;
  updateInput: GraphQLInputObjectType | undefined;
}

/** A value that breaks one rule of a type, so the whole create is refused. */
export interface Invalidator {
  field: string;
  value: unknown;
  message: RegExp;
}

const AT = "2025-01-01T00:00:00Z";
/** Values tried, in order, for a field with a pattern (ids, MIME types). */
const PATTERN_SAMPLES = ["hostile-fresh", "hostile-fresh_turn_1", "image/png"];

export const sdlRules: RuleTable = extractRules(loadTypeDefs().document);

/** Every `createX(input: [XCreateInput!]!)` whose node implements Owned. */
export function createTargets(schema: GraphQLSchema): CreateTarget[] {
  const mutations = schema.getMutationType()?.getFields() ?? {};
  return Object.entries(mutations).flatMap(([name, def]): CreateTarget[] => {
    const input = def.args.find((a) => a.name === "input");
    const inputType = input && getNamedType(input.type);
    const type = isInputObjectType(inputType) ? /^(.+)CreateInput$/.exec(inputType.name)?.[1] : undefined;
    const node = type ? schema.getType(type) : undefined;
    if (!type || !isInputObjectType(inputType) || !isObjectType(node) || !node.getInterfaces().some((i) => i.name === "Owned")) return [];
    const update = `update${name.slice("create".length)}`;
    const updateArg = mutations[update]?.args.find((a) => a.name === "update");
    const updateInput = updateArg && getNamedType(updateArg.type);
    return [{ type, create: name, createInput: inputType, update: mutations[update] ? update : undefined, updateInput: isInputObjectType(updateInput) ? updateInput : undefined }];
  });
}

/**
 * A create input that passes every rule, with every text field (scalar or
 * list item) filled by `textFor(index)` cut to its maxLength. Fields with a
 * pattern get a sample that matches it; relationship inputs are left out.
 */
export function validCreateInput(target: CreateTarget, textFor: (index: number) => string): Record<string, unknown> {
  const rules = sdlRules.get(target.type);
  const input: Record<string, unknown> = {};
  let textIndex = 0;
  for (const [name, def] of Object.entries(target.createInput.getFields())) {
    const named = getNamedType(def.type);
    if (isInputObjectType(named)) continue;
    const rule = rules?.get(name);
    const list = isListType(getNullableType(def.type));
    const value = scalarValue(named.name, rule, () => textFor(textIndex++), isEnumType(named) ? named.getValues()[0]?.name : undefined);
    input[name] = list ? [value] : value;
  }
  return input;
}

function scalarValue(scalar: string, rule: FieldRule | undefined, nextText: () => string, firstEnum: string | undefined): unknown {
  if (firstEnum !== undefined) return firstEnum;
  switch (scalar) {
    case "String":
    case "ID": {
      if (rule?.pattern) {
        const sample = PATTERN_SAMPLES.find((s) => rule.pattern!.test(s));
        if (!sample) throw new Error(`No sample matches ${rule.pattern.source}: add one to PATTERN_SAMPLES`);
        return sample;
      }
      return nextText().slice(0, rule?.maxLength ?? 20_000);
    }
    case "Int":
      return Math.min(rule?.max ?? Number.MAX_SAFE_INTEGER, Math.max(rule?.min ?? 1, 1));
    case "Float":
      return rule?.min !== undefined && rule.max !== undefined ? (rule.min + rule.max) / 2 : (rule?.min ?? 0.5);
    case "Boolean":
      return true;
    case "DateTime":
      return AT;
    default:
      throw new Error(`createInputs does not know how to fill a ${scalar}: teach scalarValue`);
  }
}

/**
 * A value that breaks a rule of the type: a bounded number pushed past its
 * bound when the type has one (the brief's "out-of-range number"), otherwise
 * `sharedWith` over the default cap of 1,000 items.
 */
export function invalidatorFor(target: CreateTarget): Invalidator {
  const fields = target.createInput.getFields();
  for (const [name, rule] of sdlRules.get(target.type) ?? []) {
    const scalar = fields[name] && getNamedType(fields[name].type).name;
    if (scalar !== "Int" && scalar !== "Float") continue;
    if (rule.max !== undefined) return { field: name, value: rule.max + 1, message: new RegExp(`^${target.type}\\.${name} must be (between|at most)`) };
    if (rule.min !== undefined) return { field: name, value: rule.min - 1, message: new RegExp(`^${target.type}\\.${name} must be (between|at least)`) };
  }
  return { field: "sharedWith", value: Array.from({ length: 1001 }, (_, i) => `agent-${i}`), message: new RegExp(`^${target.type}\\.sharedWith takes at most 1000 items`) };
}
