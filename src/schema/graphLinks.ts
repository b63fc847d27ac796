import DataLoader from "dataloader";
import { directiveValue, hasDirective } from "../core/sdlDirectives.js";
import {
  getNamedType,
  isListType,
  isNonNullType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type GraphQLFieldConfig,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from "graphql";
import { SELECTED_ID, SELECTED_TYPE, selectNodes, type SelectedNode } from "../graph/selectNodes.js";

/**
 * A field of a tool's result that is a node of the graph, declared in the SDL
 * with `@graphLink(by: "personId")`. The node is read through the generated
 * query of its type, with the client's whole selection under the field and the
 * caller's access rules, exactly as a direct query would read it.
 */
export interface GraphLink {
  /** Path to the id (or list of ids) in the result object: `personId`, `fact.objectId`. */
  by: readonly string[];
  /** Path to the node type's name when the link's type is an interface (`objectLabel`): only a node of that type matches. */
  typeBy?: readonly string[];
}

/** `Type.field` → its link. */
export type GraphLinkTable = ReadonlyMap<string, GraphLink>;

const DIRECTIVE = "graphLink";

/** Reads the `@graphLink` directives of the type definitions. */
export function extractGraphLinks(document: DocumentNode): GraphLinkTable {
  const table = new Map<string, GraphLink>();
  for (const def of document.definitions) {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION && def.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    for (const field of def.fields ?? []) {
      if (!hasDirective(field, DIRECTIVE)) continue;
      const by = directiveValue(field, DIRECTIVE, "by");
      const typeBy = directiveValue(field, DIRECTIVE, "typeBy");
      if (typeof by !== "string") throw new Error(`@${DIRECTIVE} on ${def.name.value}.${field.name.value} needs by: String`);
      const link: GraphLink = { by: by.split(".") };
      table.set(`${def.name.value}.${field.name.value}`, typeof typeBy === "string" ? { ...link, typeBy: typeBy.split(".") } : link);
    }
  }
  return table;
}

/** The generated query that lists a node (or interface) type: `people` for Person, `owneds` for Owned. */
export function listQueryOf(schema: GraphQLSchema, typeName: string): string | undefined {
  const fields = schema.getQueryType()?.getFields() ?? {};
  for (const [name, field] of Object.entries(fields)) {
    const list = isNonNullType(field.type) ? field.type.ofType : field.type;
    const where = field.args.find((a) => a.name === "where");
    if (isListType(list) && getNamedType(list).name === typeName && where && getNamedType(where.type).name === `${typeName}Where`) return name;
  }
  return undefined;
}

function readPath(source: unknown, path: readonly string[]): unknown {
  let value = source;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The resolver of a link field. Every result of one field in one request is
 * read by a single statement: a DataLoader per (request, field) collects the
 * ids of all the results of that field and runs the generated query once.
 */
export function linkResolver(link: GraphLink, queryField: string, fieldType: GraphQLOutputType): GraphQLFieldConfig<unknown, object>["resolve"] {
  const list = isListType(isNonNullType(fieldType) ? fieldType.ofType : fieldType);
  return async (source, _args, context, info) => {
    const value = readPath(source, link.by);
    const typeName = link.typeBy ? readPath(source, link.typeBy) : undefined;
    const ids = (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === "string" && id !== "");
    const keys = ids.map((id) => (typeof typeName === "string" ? `${typeName}\u0000${id}` : id));
    const loader = loaderFor(context, info, queryField);
    if (!list) return keys.length === 0 ? null : loader.load(keys[0]!);
    const nodes = await loader.loadMany(keys);
    const failed = nodes.find((n): n is Error => n instanceof Error);
    if (failed) throw failed;
    // A node the caller may not read (or that is gone) is left out, as a filtered relationship would be.
    return nodes.filter((n) => n !== null);
  };
}

const loaders = new WeakMap<object, Map<FieldNode, DataLoader<string, object | null>>>();

function loaderFor(context: object, info: GraphQLResolveInfo, queryField: string): DataLoader<string, object | null> {
  let perField = loaders.get(context);
  if (!perField) loaders.set(context, (perField = new Map()));
  // graphql-js hands every item of a list the same field node: one loader per field of the operation.
  const node = info.fieldNodes[0]!;
  let loader = perField.get(node);
  if (!loader) {
    // No cache: a subscription executes every event with the same context, and each must read the node as it is now.
    loader = new DataLoader((keys) => fetchNodes(keys, context, info, queryField), { maxBatchSize: 1000, cache: false });
    perField.set(node, loader);
  }
  return loader;
}

async function fetchNodes(keys: readonly string[], context: object, info: GraphQLResolveInfo, queryField: string): Promise<(object | null)[]> {
  const split = keys.map((key) => {
    const at = key.indexOf("\u0000");
    return at < 0 ? { type: undefined, id: key } : { type: key.slice(0, at), id: key.slice(at + 1) };
  });
  const nodes = await selectNodes(info, context, queryField, [...new Set(split.map((k) => k.id))]);
  // Several nodes may share an id across types (a link typed by an interface): keep each id's candidates.
  const byId = new Map<unknown, SelectedNode[]>();
  for (const node of nodes) byId.set(node[SELECTED_ID], [...(byId.get(node[SELECTED_ID]) ?? []), node]);
  return split.map(({ type, id }) => byId.get(id)?.find((node) => type === undefined || node[SELECTED_TYPE] === type) ?? null);
}
