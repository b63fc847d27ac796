import type { GraphQLResolveInfo } from "graphql";

/**
 * What @neo4j/graphql projected for the field being resolved: it keys the
 * parent's value by the field's alias when the operation gave one. For a
 * field resolver over a @cypher field, whose statement reads what the
 * resolver decides with (WorkflowImprovement.allowedTransitions).
 */
export function projectedValue(source: Record<string, unknown>, info: GraphQLResolveInfo): unknown {
  const alias = info.fieldNodes[0]?.alias?.value;
  return alias !== undefined && Object.hasOwn(source, alias) ? source[alias] : source[info.fieldName];
}
