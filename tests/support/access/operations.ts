import {
  getNamedType,
  isLeafType,
  isNonNullType,
  isObjectType,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from "graphql";
import type { NodeClass, RootField } from "./classifyRootFields.js";

/** One GraphQL request: a document and its variables. */
export interface Operation {
  query: string;
  variables: Record<string, unknown>;
}

/**
 * Every leaf field of a type that takes no required argument: what a read
 * returns, so that a leaked node shows up in the response body in full.
 */
export function leafSelection(type: GraphQLObjectType | GraphQLInterfaceType): string {
  return Object.values(type.getFields())
    .filter((f) => isLeafType(getNamedType(f.type)) && f.args.every((a) => !isNonNullType(a.type)))
    .map((f) => f.name)
    .join(" ");
}

/** What identifies a node of an interface: its `id`, asked of each implementation when the interface has none. */
function interfaceSelection(schema: GraphQLSchema, iface: GraphQLInterfaceType): string {
  if (iface.getFields().id) return `__typename ${leafSelection(iface)}`;
  const fragments = schema
    .getPossibleTypes(iface)
    .filter((t) => t.getFields().id)
    .map((t) => `... on ${t.name} { id }`);
  return `__typename ${leafSelection(iface)} ${fragments.join(" ")}`;
}

/** Two people reached through a tool result's links (relationshipsBetween.personA/personB), selected in full; the flat ids are not asked for. */
export function personLinkProbe(schema: GraphQLSchema, a: string, b: string): Operation {
  const person = leafSelection(schema.getType("Person") as GraphQLObjectType);
  return {
    query: `query ($a: ID!, $b: ID!) { relationshipsBetween(personAId: $a, personBId: $b) { personA { ${person} } personB { ${person} } } }`,
    variables: { a, b },
  };
}

/** `agents(where: { id: { in: $ids } })`: the fixtures, and only them. */
export function listQuery(name: string, cls: NodeClass, ids: string[]): Operation {
  return { query: `query ($ids: [ID!]) { ${name}(where: { id: { in: $ids } }) { ${leafSelection(cls.node)} } }`, variables: { ids } };
}

/** Edges, total count and aggregate count: each of them must hide what the rules hide. */
export function connectionQuery(name: string, cls: NodeClass, ids: string[]): Operation {
  return {
    query: `query ($ids: [ID!]) { ${name}(where: { id: { in: $ids } }) { totalCount aggregate { count { nodes } } edges { node { ${leafSelection(cls.node)} } } } }`,
    variables: { ids },
  };
}

/**
 * An interface query for the nodes tagged with `tag` in `sharedWith` (every
 * fixture carries the run's tag): as a list, as a connection's edges and total,
 * or as a connection's aggregate count alone.
 */
export function interfaceQuery(
  schema: GraphQLSchema,
  name: string,
  iface: GraphQLInterfaceType,
  tag: string,
  shape: "list" | "connection" | "aggregate",
): Operation {
  const selection = interfaceSelection(schema, iface);
  const body = { list: selection, connection: `totalCount edges { node { ${selection} } }`, aggregate: "aggregate { count { nodes } }" }[shape];
  return { query: `query ($tag: String!) { ${name}(where: { sharedWith: { includes: $tag } }) { ${body} } }`, variables: { tag } };
}

export function createMutation(name: string, cls: NodeClass, input: Record<string, unknown>[]): Operation {
  return {
    query: `mutation ($input: [${cls.node.name}CreateInput!]!) { ${name}(input: $input) { ${cls.responseField} { ${leafSelection(cls.node)} } } }`,
    variables: { input },
  };
}

export function updateMutation(name: string, cls: NodeClass, ids: string[], update: Record<string, unknown>): Operation {
  return {
    query: `mutation ($ids: [ID!], $update: ${cls.node.name}UpdateInput) { ${name}(where: { id: { in: $ids } }, update: $update) { ${cls.responseField} { ${leafSelection(cls.node)} } } }`,
    variables: { ids, update },
  };
}

export function deleteMutation(name: string, ids: string[]): Operation {
  return { query: `mutation ($ids: [ID!]) { ${name}(where: { id: { in: $ids } }) { nodesDeleted } }`, variables: { ids } };
}

export const API_KEYS = `{ apiKeys { id agentId roles name prefix createdAt revokedAt } }`;
export const CREATE_API_KEY = `mutation ($agentId: ID!, $name: String) { createApiKey(agentId: $agentId, name: $name) { key info { id agentId roles name prefix } } }`;
export const REVOKE_API_KEY = `mutation ($id: ID!) { revokeApiKey(id: $id) { id agentId revokedAt } }`;

/**
 * A request for any root field, however it is classified: what the
 * unauthenticated personas send. Required arguments become variables of their
 * declared type, sent empty: the request must be refused before they matter.
 */
export function anyOperation(root: RootField): Operation {
  const { field, operation } = root;
  const declared = field.args.filter((a) => isNonNullType(a.type));
  const params = declared.length ? `(${declared.map((a) => `$${a.name}: ${String(a.type)}`).join(", ")})` : "";
  const args = declared.length ? `(${declared.map((a) => `${a.name}: $${a.name}`).join(", ")})` : "";
  const named = getNamedType(field.type);
  const selection = isObjectType(named) || !isLeafType(named) ? " { __typename }" : "";
  return { query: `${operation} ${params} { ${field.name}${args}${selection} }`, variables: {} };
}
