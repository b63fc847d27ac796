import {
  getNamedType,
  getNullableType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  type GraphQLInputObjectType,
  type GraphQLSchema,
} from "graphql";

/** A generated list query and the type of its `where` argument: `memories(where: MemoryWhere)`. */
export interface ListQuery {
  field: string;
  where: GraphQLInputObjectType;
}

/** A text filter field of a `where` type: a scalar (`content`) or a list of strings (`tags`). */
export interface TextFilter {
  name: string;
  kind: "scalar" | "list";
}

/** A relationship filter: `agent: { some: AgentWhere }`, with its connection's `edge` type if it has properties. */
export interface RelationshipFilter {
  name: string;
  node: GraphQLInputObjectType;
  edge?: GraphQLInputObjectType;
}

/** Operators of a scalar text filter that take one string. */
const SCALAR_OPERATORS = ["eq", "contains", "startsWith", "endsWith"] as const;

/** Every root query that lists nodes (objects or interfaces) and takes a `where`. */
export function listQueries(schema: GraphQLSchema): ListQuery[] {
  return Object.entries(schema.getQueryType()?.getFields() ?? {}).flatMap(([field, def]) => {
    const where = def.args.find((a) => a.name === "where");
    const returned = getNamedType(def.type);
    const whereType = where && getNamedType(where.type);
    if (!isListType(getNullableType(def.type)) || !(isObjectType(returned) || isInterfaceType(returned))) return [];
    return isInputObjectType(whereType) ? [{ field, where: whereType }] : [];
  });
}

/** Fields of a `where` type that filter on text, recognised by their operators rather than their names. */
export function textFilters(where: GraphQLInputObjectType): TextFilter[] {
  return Object.entries(where.getFields()).flatMap(([name, def]): TextFilter[] => {
    const filter = getNamedType(def.type);
    if (!isInputObjectType(filter)) return [];
    const ops = filter.getFields();
    const takesText = (op: string) => {
      const operator = ops[op];
      return operator !== undefined && ["String", "ID"].includes(getNamedType(operator.type).name);
    };
    if (takesText("contains")) return [{ name, kind: "scalar" }];
    if (takesText("includes")) return [{ name, kind: "list" }];
    return [];
  });
}

/** Relationship fields of a `where` type (`x: { some }`), paired with `xConnection: { some: { edge } }` when present. */
export function relationshipFilters(where: GraphQLInputObjectType): RelationshipFilter[] {
  const fields = where.getFields();
  return Object.entries(fields).flatMap(([name, def]): RelationshipFilter[] => {
    const node = someType(def.type);
    if (!node || name.endsWith("Connection")) return [];
    const connection = fields[`${name}Connection`];
    const connectionSome = connection ? someType(connection.type) : undefined;
    const edge = connectionSome?.getFields().edge;
    const edgeType = edge && getNamedType(edge.type);
    return [{ name, node, ...(isInputObjectType(edgeType) ? { edge: edgeType } : {}) }];
  });
}

function someType(type: Parameters<typeof getNamedType>[0]): GraphQLInputObjectType | undefined {
  const filter = getNamedType(type);
  if (!isInputObjectType(filter)) return undefined;
  const some = filter.getFields().some;
  const target = some && getNamedType(some.type);
  return isInputObjectType(target) ? target : undefined;
}

/**
 * One `where` branch per payload on one text field, the operators taking
 * turns from `offset` (eq, contains, startsWith, endsWith; `includes` for a
 * list), and all payloads at once through `in` (`eq` for a list).
 */
export function textFilterBranches(filter: TextFilter, payloads: readonly string[], offset = 0): Record<string, unknown>[] {
  const on = (op: string, value: unknown) => ({ [filter.name]: { [op]: value } });
  if (filter.kind === "list") return [...payloads.map((p) => on("includes", p)), on("eq", [...payloads])];
  return [...payloads.map((p, i) => on(SCALAR_OPERATORS[(offset + i) % SCALAR_OPERATORS.length]!, p)), on("in", [...payloads])];
}

/**
 * Every text filter of a `where` type with every payload, as one OR. The
 * operator a payload meets shifts from field to field, so across a type's
 * fields every payload meets every operator.
 */
export function everyTextFilter(where: GraphQLInputObjectType, payloads: readonly string[]): Record<string, unknown> {
  return { OR: textFilters(where).flatMap((f, i) => textFilterBranches(f, payloads, i)) };
}

/**
 * One branch per relationship filter of a `where` type: a payload against the
 * related node's first text field (its id) and, when the relationship has
 * properties, another against the edge's first text field. Kept small on
 * purpose: every branch is a subquery Neo4j has to plan.
 */
export function everyRelationshipFilter(where: GraphQLInputObjectType, payloads: readonly string[]): Record<string, unknown> {
  const pick = (i: number) => payloads[i % payloads.length]!;
  const branches = relationshipFilters(where).flatMap((rel, j) => {
    const [nodeField] = textFilters(rel.node);
    const [edgeField] = rel.edge ? textFilters(rel.edge) : [];
    return [
      ...(nodeField ? [{ [rel.name]: { some: textFilterBranches(nodeField, [pick(j)], j)[0] } }] : []),
      ...(edgeField ? [{ [`${rel.name}Connection`]: { some: { edge: textFilterBranches(edgeField, [pick(j + 1)], j + 1)[0] } } }] : []),
    ];
  });
  return { OR: branches };
}

/**
 * Extension point: root queries that will take search text (full-text or
 * hybrid search, e.g. `searchMemories(query:)`). None exist yet; when one
 * does, the Lucene table sends it every Lucene payload and expects the text to
 * be escaped (no error, no syntax honoured).
 */
/** Root fields whose `query` argument is not searched as full text. */
const NOT_FULL_TEXT = new Set(["cypherQuery"]);

export function fullTextSearchTargets(schema: GraphQLSchema): { field: string; arg: string }[] {
  const generated = new Set(listQueries(schema).map((q) => q.field));
  return Object.entries(schema.getQueryType()?.getFields() ?? {}).flatMap(([field, def]) => {
    // cypherQuery's `query` is Cypher, not full text: it refuses what it cannot run, and confines an agent's query to what it may read (tests/integration/tools/cypherScoped.test.ts).
    if (generated.has(field) || field.endsWith("Connection") || NOT_FULL_TEXT.has(field)) return [];
    const arg = def.args.find((a) => /^(query|phrase|text|search|q)$/i.test(a.name) && getNamedType(a.type).name === "String");
    return arg ? [{ field, arg: arg.name }] : [];
  });
}

/**
 * Input fields that take a vector (a list of floats) outside generated
 * filters. Embeddings are written by the server; the one vector a client
 * sends is searchMemories' query vector, and the vector table sends it wrong sizes.
 */
export function vectorInputTargets(schema: GraphQLSchema): { type: string; field: string }[] {
  const inputs = Object.values(schema.getTypeMap()).filter(
    // Generated filters ({ in: [Float!] }) compare, they do not store or search by a vector.
    (t): t is GraphQLInputObjectType => isInputObjectType(t) && !/(Where|Filters?|Sort|Options|Mutations)$/.test(t.name),
  );
  return inputs.flatMap((t) =>
    Object.entries(t.getFields())
      .filter(([, def]) => isListType(getNullableType(def.type)) && getNamedType(def.type).name === "Float")
      .map(([field]) => ({ type: t.name, field })),
  );
}
