import type { RequestContext } from "../core/requestContext.js";
import { parseCypherParams } from "./cypherParams.js";
import { requireCypherAccess } from "./requireCypherAccess.js";
import { runReadOnlyCypher, type CypherDeps } from "./runReadOnlyCypher.js";

interface CypherQueryArgs {
  query: unknown;
  params?: unknown;
  limit?: unknown;
}

/** Resolvers of schema/cypher-tools.graphql: `cypherQuery`, rows as JSON object texts. */
export function cypherToolResolvers(deps: CypherDeps) {
  return {
    Query: {
      cypherQuery: async (_: unknown, args: CypherQueryArgs, ctx: RequestContext) => {
        // Access first: a caller who may not run Cypher learns nothing about its input.
        requireCypherAccess(deps.cypherTool, ctx.caller);
        const params = parseCypherParams("cypherQuery.params", args.params);
        const result = await runReadOnlyCypher(deps, ctx.caller, { query: args.query, params, limit: args.limit });
        return { ...result, rows: result.rows.map((row) => JSON.stringify(row)) };
      },
    },
  };
}
