import type { GraphQLSchema } from "graphql";
import { expect } from "vitest";
import type { AccessResponse } from "./accessClient.js";
import type { InterfacePlan, PlannedField } from "./accessPlan.js";
import * as ops from "./operations.js";
import type { Persona } from "./personas.js";

/** Sends an operation as a persona (recording whether it may see the fixtures). */
export type Send = (persona: Persona, operation: ops.Operation) => Promise<AccessResponse>;

/** Nodes of a list, or of a connection's edges after checking its total and aggregate count agree with them. */
function nodesOf(result: any, connection: boolean, aggregate: boolean): Record<string, unknown>[] {
  if (!connection) return result;
  const nodes = result.edges.map((e: { node: unknown }) => e.node);
  expect(result.totalCount, "totalCount").toBe(nodes.length);
  if (aggregate) expect(result.aggregate.count.nodes, "aggregate count").toBe(nodes.length);
  return nodes;
}

/**
 * Reads nodes by id through a list or connection query and returns the ids the
 * persona got; every node returned must be the owner's, in the owner's tenant.
 */
export async function readIds(send: Send, persona: Persona, field: PlannedField, ids: string[], owner: Persona): Promise<string[]> {
  const connection = field.cls.kind === "connection";
  const res = await send(persona, (connection ? ops.connectionQuery : ops.listQuery)(field.name, field.cls, ids));
  expect(res.errors, res.text).toBeUndefined();
  const nodes = nodesOf(res.data![field.name], connection, true);
  for (const node of nodes) {
    expect({ tenantId: node.tenantId, ownerId: node.ownerId }).toEqual({ tenantId: owner.caller!.tenantId, ownerId: owner.caller!.agentId });
  }
  return nodes.map((n) => n.id as string).sort();
}

/** Reads the nodes tagged `tag` through an interface query and returns their ids. */
export async function readInterfaceIds(send: Send, persona: Persona, schema: GraphQLSchema, plan: InterfacePlan, tag: string): Promise<string[]> {
  const res = await send(persona, ops.interfaceQuery(schema, plan.name, plan.node, tag, plan.connection ? "connection" : "list"));
  expect(res.errors, res.text).toBeUndefined();
  // The aggregate of an interface connection is asked on its own by the matrix.
  return nodesOf(res.data![plan.name], plan.connection, false)
    .map((n) => n.id as string)
    .sort();
}
