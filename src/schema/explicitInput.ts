import { Kind, type GraphQLResolveInfo, type ValueNode } from "graphql";

/**
 * For each item of a create's `input` list, whether the client itself gave
 * `field` (GraphQL fills in an input field's default before a resolver sees
 * the arguments, so `visibility: PRIVATE` chosen and defaulted look alike).
 * Reads the operation's literal, or the variables as sent (`rawVariables`,
 * which an Apollo plugin keeps on the context); where neither tells, the
 * item counts as given: callers use this to keep a client's choice. Pure.
 */
export function givenPerItem(info: Pick<GraphQLResolveInfo, "fieldNodes">, argName: string, field: string, rawVariables: Readonly<Record<string, unknown>> | undefined, count: number): boolean[] {
  const arg = info.fieldNodes[0]?.arguments?.find((a) => a.name.value === argName);
  const fromRaw = (value: unknown) => (typeof value === "object" && value !== null && !Array.isArray(value) ? field in value : true);
  const fromNode = (node: ValueNode): boolean => {
    if (node.kind === Kind.OBJECT) return node.fields.some((f) => f.name.value === field);
    if (node.kind === Kind.VARIABLE) return rawVariables ? fromRaw(rawVariables[node.name.value]) : true;
    return true;
  };
  if (!arg) return new Array(count).fill(true);
  const value = arg.value;
  if (value.kind === Kind.LIST) return Array.from({ length: count }, (_, i) => (value.values[i] ? fromNode(value.values[i]!) : true));
  if (value.kind === Kind.VARIABLE) {
    const raw = rawVariables?.[value.name.value];
    if (raw === undefined) return new Array(count).fill(true);
    const items = Array.isArray(raw) ? raw : [raw];
    return Array.from({ length: count }, (_, i) => fromRaw(items[i]));
  }
  return Array.from({ length: count }, () => fromNode(value));
}
