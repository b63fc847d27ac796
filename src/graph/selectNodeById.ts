import type { GraphQLResolveInfo } from "graphql";
import { NotFoundError } from "../errors/errors.js";
import { selectNodes } from "./selectNodes.js";

/**
 * Answers a hand-written mutation that returns a generated node type (its
 * relationship and @cypher fields included) by reading the node through the
 * generated list query with the mutation field's own selection (selectNodes).
 * `T` is the generated node type the list field returns (what the resolver's
 * generated type asks for); only the selected fields are present.
 */
export async function selectNodeById<T = unknown>(info: GraphQLResolveInfo, context: unknown, listField: string, id: string): Promise<T> {
  const [node] = await selectNodes(info, context, listField, [id]);
  if (node === undefined) throw new NotFoundError(`${info.fieldName}: ${id} is no longer visible to you`);
  return node as T;
}
