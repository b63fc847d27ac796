import {
  astFromValue,
  execute,
  Kind,
  OperationTypeNode,
  typeFromAST,
  visit,
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLInputType,
  type GraphQLResolveInfo,
  type SelectionNode,
} from "graphql";
import { NotFoundError } from "../errors/errors.js";

/**
 * Answers a hand-written mutation that returns a generated node type (its
 * relationship and @cypher fields included) by running the generated list
 * query `listField(where: { id: { eq: id } })` with the mutation field's own
 * selection. The read goes through the same schema, so it obeys the same
 * access rules as any query. Variables of the selection are inlined as
 * literals: the values in `info` are already coerced and must not be coerced
 * twice. `T` is the generated node type the list field returns (what the
 * resolver's generated type asks for); only the selected fields are present.
 */
export async function selectNodeById<T = unknown>(info: GraphQLResolveInfo, context: unknown, listField: string, id: string): Promise<T> {
  const types = new Map((info.operation.variableDefinitions ?? []).map((d) => [d.variable.name.value, typeFromAST(info.schema, d.type as never) as GraphQLInputType | undefined]));
  const inline = <T extends ASTNode>(node: T): T =>
    visit(node, {
      Variable(v) {
        const type = types.get(v.name.value);
        return (type && astFromValue(info.variableValues[v.name.value], type)) ?? { kind: Kind.NULL };
      },
      // Every object also reports its __typename, so interface and union fields can be resolved again (withResolveType).
      SelectionSet: { leave: (set) => (set.selections.some(isTypename) ? undefined : { ...set, selections: [...set.selections, TYPENAME] }) },
    }) as T;
  const selections: SelectionNode[] = info.fieldNodes.flatMap((f) => f.selectionSet?.selections ?? []).map(inline);
  const root: FieldNode = {
    kind: Kind.FIELD,
    alias: { kind: Kind.NAME, value: "node" },
    name: { kind: Kind.NAME, value: listField },
    arguments: [
      {
        kind: Kind.ARGUMENT,
        name: { kind: Kind.NAME, value: "where" },
        value: astFromValue({ id: { eq: id } }, whereType(info, listField))!,
      },
    ],
    selectionSet: { kind: Kind.SELECTION_SET, selections },
  };
  const document: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [
      { kind: Kind.OPERATION_DEFINITION, operation: OperationTypeNode.QUERY, selectionSet: { kind: Kind.SELECTION_SET, selections: [root] } },
      ...Object.values(info.fragments).map(inline),
    ],
  };
  const result = await execute({ schema: info.schema, document, contextValue: context });
  if (result.errors?.length) throw result.errors[0];
  const [node] = (result.data?.node ?? []) as unknown[];
  if (node === undefined) throw new NotFoundError(`${info.fieldName}: ${id} is no longer visible to you`);
  return withResolveType(node) as T;
}

const TYPENAME: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: "__typename" } };
const isTypename = (s: SelectionNode) => s.kind === Kind.FIELD && !s.alias && s.name.value === "__typename";

/**
 * The data is resolved a second time by the caller's own operation, where
 * @neo4j/graphql resolves an interface or union member from `__resolveType`:
 * the executed result carries only `__typename`, so it is copied over.
 */
function withResolveType(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withResolveType);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).map(([k, v]) => [k, withResolveType(v)]);
  const typename = (value as { __typename?: unknown }).__typename;
  return Object.fromEntries(typeof typename === "string" ? [...entries, ["__resolveType", typename]] : entries);
}

function whereType(info: GraphQLResolveInfo, listField: string): GraphQLInputType {
  const arg = info.schema.getQueryType()?.getFields()[listField]?.args.find((a) => a.name === "where");
  if (!arg) throw new Error(`Query.${listField} has no where argument`);
  return arg.type;
}
