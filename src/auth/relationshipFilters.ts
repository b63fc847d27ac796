import {
  getNamedType,
  getNullableType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import { BadUserInputError, ForbiddenError } from "../errors/errors.js";
import type { Caller } from "../core/caller.js";
import { hasRole } from "./policy.js";

type Where = Record<string, unknown>;

/**
 * @neo4j/graphql applies @authorization to the nodes a query returns, but not to
 * the nodes a filter reaches through a relationship (neo4j/graphql#5534): with
 * `agents(where: { memories: { some: { content: { startsWith: "a" } } } })` an
 * agent could probe another agent's private memories. This rewrites every such
 * filter so that it only sees what the caller may read:
 * `some`/`single`/`none` of P become "… of (P and readable)", `all` of P becomes
 * "all of (P or not readable)". Counting related nodes in a filter cannot be
 * limited that way, so it is refused to anyone but an admin (FORBIDDEN).
 */
export function createFilterGuard(schema: GraphQLSchema, caller: Caller) {
  const admin = hasRole(caller, "admin");
  // Admins read everything of their tenant, nothing of another.
  const readable: Where = admin
    ? { tenantId: { eq: caller.tenantId } }
    : {
        tenantId: { eq: caller.tenantId },
        OR: [{ ownerId: { eq: caller.agentId } }, { visibility: { eq: "SHARED" } }, { sharedWith: { includes: caller.agentId } }],
      };

  /** The owned node type a `…Where` input type filters, if it is one. */
  function whereTarget(type: GraphQLInputObjectType) {
    if (!type.name.endsWith("Where")) return undefined;
    const target = schema.getType(type.name.slice(0, -"Where".length));
    return target && (isObjectType(target) || isInterfaceType(target)) && "tenantId" in target.getFields() ? target : undefined;
  }

  // Only the owner writes a node; an admin writes any of its tenant's.
  const writable: Where = admin ? { tenantId: { eq: caller.tenantId } } : { tenantId: { eq: caller.tenantId }, ownerId: { eq: caller.agentId } };
  let depth = 0;

  /** Walks any argument value by its input type, securing every node filter inside it. */
  function secure(value: unknown, type: GraphQLInputType): unknown {
    if (value === null || value === undefined) return value;
    if (++depth > MAX_INPUT_DEPTH) throw new BadUserInputError(`Input is nested deeper than ${MAX_INPUT_DEPTH} levels`);
    try {
      return secureValue(value, type);
    } finally {
      depth--;
    }
  }

  function secureValue(value: unknown, type: GraphQLInputType): unknown {
    const nullable = getNullableType(type);
    if (isListType(nullable)) return (value as unknown[]).map((v) => secure(v, nullable.ofType as GraphQLInputType));
    if (!isInputObjectType(nullable)) return value;
    if (whereTarget(nullable)) return secureWhere(value as Where, nullable);
    const fields = nullable.getFields();
    return Object.fromEntries(Object.entries(value as Where).map(([k, v]) => [k, fields[k] ? secure(v, fields[k].type) : v]));
  }

  function secureWhere(where: Where, type: GraphQLInputObjectType): Where {
    const target = whereTarget(type)!;
    const fields = type.getFields();
    const out: Where = {};
    for (const [key, value] of Object.entries(where)) {
      const field = fields[key];
      if (!field || value === null || value === undefined) {
        out[key] = value;
        continue;
      }
      const base = key.replace(/(Connection|Aggregate)$/, "");
      const related = base !== key || key in target.getFields() ? target.getFields()[base] : undefined;
      const relatedType = related ? getNamedType(related.type) : undefined;
      const ownedTarget = relatedType && (isObjectType(relatedType) || isInterfaceType(relatedType)) && "tenantId" in relatedType.getFields();
      if (!ownedTarget) {
        out[key] = secure(value, field.type);
        continue;
      }
      if (key.endsWith("Aggregate") && !admin) refuseCount(key);
      out[key] = secureRelationshipFilter(value as Where, getNamedType(field.type) as GraphQLInputObjectType, key);
    }
    return out;
  }

  function secureRelationshipFilter(filter: Where, type: GraphQLInputObjectType, key: string): Where {
    const connection = key.endsWith("Connection");
    const out: Where = {};
    for (const [op, inner] of Object.entries(filter)) {
      if (op === "aggregate") {
        // An admin reads every node of its tenant, and links never cross tenants: its counts are exact.
        if (!admin) refuseCount(`${key}.aggregate`);
        out[op] = inner;
        continue;
      }
      const innerType = getNamedType(type.getFields()[op]!.type) as GraphQLInputObjectType;
      if (inner === null || inner === undefined) {
        out[op] = inner;
        continue;
      }
      const secured = secure(inner, innerType) as Where;
      const rule = connection ? { node: readable } : readable;
      const notRule = connection ? { node: { NOT: readable } } : { NOT: readable };
      out[op] = op === "all" ? { OR: [secured, notRule] } : { AND: [secured, rule] };
    }
    return out;
  }

  function refuseCount(where: string): never {
    throw new ForbiddenError(`Counting related nodes in a filter (${where}) is for admins only: the count would include nodes you cannot read`);
  }

  /**
   * The root `where` of an update or delete, limited to nodes the caller may
   * write. @neo4j/graphql checks the UPDATE rule only when properties are set
   * (neo4j/graphql#6696), so a nested-only update (connect, disconnect, edge
   * update) would otherwise run on any node the `where` matched.
   */
  function secureRootWhere(where: Where | undefined, type: GraphQLInputType): Where {
    return { AND: [(secure(where ?? {}, type) as Where) ?? {}, writable] };
  }

  return { secure, secureRootWhere };
}

/** Deepest input accepted: filters nest NOT/AND/OR and relationships, nothing real needs more. */
export const MAX_INPUT_DEPTH = 32;
