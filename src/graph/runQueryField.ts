import { execute, parse, type GraphQLSchema } from "graphql";

/**
 * Runs one Query field of the schema with these arguments and this selection
 * as a GraphQL operation with the request's context: what a server-side caller
 * (the retrieveContext loop) uses for a field @neo4j/graphql resolves from its
 * @cypher statement, so it runs exactly what a client's query runs (the
 * statement, its READ rule, the argument checks, the field's hook). Arguments
 * left undefined are left out (the field's defaults apply); the first error is
 * thrown as its original error (a typed one keeps its code).
 */
export async function runQueryField(schema: GraphQLSchema, field: string, args: Record<string, unknown>, selection: string, context: unknown): Promise<unknown> {
  const definitions = schema.getQueryType()?.getFields()[field]?.args;
  if (!definitions) throw new Error(`Query.${field} is not a field of the schema`);
  const given = definitions.filter((a) => args[a.name] !== undefined);
  const variables = given.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
  const passed = given.map((a) => `${a.name}: $${a.name}`).join(", ");
  const source = `query${variables ? `(${variables})` : ""} { result: ${field}${passed ? `(${passed})` : ""} { ${selection} } }`;
  let document = DOCUMENTS.get(source);
  if (!document) DOCUMENTS.set(source, (document = parse(source)));
  const result = await execute({ schema, document, variableValues: Object.fromEntries(given.map((a) => [a.name, args[a.name]])), contextValue: context });
  const error = result.errors?.[0];
  if (error) throw error.originalError ?? error;
  return result.data?.result;
}

/** Parsed operations by their text: a loop calls the same few shapes again and again. */
const DOCUMENTS = new Map<string, ReturnType<typeof parse>>();
