import {
  astFromValue,
  execute,
  getNamedType,
  Kind,
  OperationTypeNode,
  typeFromAST,
  visit,
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLResolveInfo,
  type SelectionNode,
  type ValueNode,
} from "graphql";

/** Response keys added to every selected node: its id and its type, to match nodes back to what asked for them. */
export const SELECTED_ID = "mnemographSelectedId";
export const SELECTED_TYPE = "mnemographSelectedType";

/** A node as `selectNodes` returns it: the client's selection, plus its id and type under the keys above. */
export type SelectedNode = Record<string, unknown>;

/**
 * Reads the nodes with these ids through a generated list query
 * (`listField(where: { id: { in: ids } })`) with the selection of the field
 * being resolved — its relationships, filters, connections and @cypher fields —
 * so the read obeys the same access rules as any query, in one statement. A
 * node the caller may not read is simply not returned.
 *
 * Variables of the selection are inlined as literals (the values in `info` are
 * already coerced and must not be coerced twice; an unset one leaves its
 * argument out). The data is resolved a second time by the caller's own
 * operation, where @neo4j/graphql resolves an interface or union member from
 * `__resolveType`, so every object asks for `__typename` and carries it there.
 */
export async function selectNodes(info: GraphQLResolveInfo, context: unknown, listField: string, ids: readonly string[]): Promise<SelectedNode[]> {
  if (ids.length === 0) return [];
  const inline = inliner(info);
  const field = (name: string, alias: string): FieldNode => ({ kind: Kind.FIELD, alias: { kind: Kind.NAME, value: alias }, name: { kind: Kind.NAME, value: name } });
  const selections: SelectionNode[] = [field("id", SELECTED_ID), field("__typename", SELECTED_TYPE), ...info.fieldNodes.flatMap((f) => f.selectionSet?.selections ?? [])];
  const root: FieldNode = {
    ...field(listField, "nodes"),
    arguments: [{ kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: "where" }, value: astFromValue({ id: { in: ids } }, whereType(info, listField))! }],
    selectionSet: { kind: Kind.SELECTION_SET, selections },
  };
  const document: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [
      inline({ kind: Kind.OPERATION_DEFINITION, operation: OperationTypeNode.QUERY, selectionSet: { kind: Kind.SELECTION_SET, selections: [root] } }),
      ...Object.values(info.fragments).map(inline),
    ],
  };
  const result = await execute({ schema: info.schema, document, contextValue: context });
  const error = result.errors?.[0];
  if (error) throw error.originalError ?? error;
  return ((result.data?.nodes ?? []) as SelectedNode[]).map((node) => withResolveType(node) as SelectedNode);
}

const TYPENAME: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: "__typename" } };
const isTypename = (s: SelectionNode) => s.kind === Kind.FIELD && !s.alias && s.name.value === "__typename";

function inliner(info: GraphQLResolveInfo): <T extends ASTNode>(node: T) => T {
  const types = new Map((info.operation.variableDefinitions ?? []).map((d) => [d.variable.name.value, typeFromAST(info.schema, d.type as never) as GraphQLInputType | undefined]));
  const literal = (name: string): ValueNode | null => {
    const type = types.get(name);
    const value = info.variableValues[name];
    if (!type || value === undefined) return null;
    return astFromValue(value, type) ?? { kind: Kind.NULL };
  };
  const replace = <N extends { value: ValueNode }>(node: N): N | null | undefined => {
    if (node.value.kind !== Kind.VARIABLE) return undefined;
    const value = literal(node.value.name.value);
    return value ? { ...node, value } : null;
  };
  return <T extends ASTNode>(node: T): T =>
    visit(node, {
      Argument: replace,
      ObjectField: replace,
      Variable: (v) => literal(v.name.value) ?? { kind: Kind.NULL },
      SelectionSet: { leave: (set) => (set.selections.some(isTypename) ? undefined : { ...set, selections: [...set.selections, TYPENAME] }) },
    }) as T;
}

function withResolveType(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withResolveType);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).map(([k, v]) => [k, withResolveType(v)]);
  const typename = (value as { __typename?: unknown }).__typename;
  return Object.fromEntries(typeof typename === "string" ? [...entries, ["__resolveType", typename]] : entries);
}

function whereType(info: GraphQLResolveInfo, listField: string): GraphQLInputType {
  const arg = info.schema.getQueryType()?.getFields()[listField]?.args.find((a) => a.name === "where");
  // Without an id filter astFromValue would drop `id` and the query would read every node of the type.
  if (!arg || !("getFields" in getNamedType(arg.type)) || !(getNamedType(arg.type) as GraphQLInputObjectType).getFields().id) throw new Error(`Query.${listField} cannot filter by id`);
  return arg.type;
}
