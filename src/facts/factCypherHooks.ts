import type { AppDeps } from "../core/appDeps.js";
import { text } from "../core/args.js";
import type { CypherFieldHooks } from "../core/cypherFieldHook.js";

/**
 * The facts domain's hooks around its @cypher root fields (schema/facts.graphql):
 * Query.factContradictions checks `personId` as its resolver did (BAD_USER_INPUT
 * naming factContradictions.personId, at most 128 characters) and gives the
 * statement the gateway's clock (`$now`), which decides whether a fact is current.
 */
export function factCypherHooks({ now }: Pick<AppDeps, "now">): CypherFieldHooks {
  return {
    factContradictions: async (run, args, context) => {
      text("factContradictions.personId", args.personId, 128);
      return run({ ...context, cypherParams: { now: now().toISOString() } });
    },
  };
}
