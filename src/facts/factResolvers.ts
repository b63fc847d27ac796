import type { RequestContext } from "../core/requestContext.js";
import { text } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { assertFacts } from "./assertFacts.js";
import { validateAssertions } from "./validateAssertions.js";
import { retractFact } from "./retractFact.js";

/**
 * Resolvers of schema/facts.graphql: `assertFacts` (validated whole before
 * anything is read, written in one transaction) and `retractFact`.
 * `factContradictions` is a @cypher field (./factCypherHooks.ts).
 */
export function factResolvers(deps: AppDeps) {
  const relations = deps.schema.factRelations;
  const types = deps.schema.factTypes;
  return {
    Mutation: {
      assertFacts: async (_: unknown, args: { facts: unknown }, ctx: RequestContext) => {
        const valid = validateAssertions(args.facts, types);
        return assertFacts(deps, ctx.caller, valid, relations);
      },
      retractFact: (_: unknown, args: { id: unknown; reason: unknown }, ctx: RequestContext) =>
        retractFact(deps, ctx.caller, types, text("retractFact.id", args.id, 128), text("retractFact.reason", args.reason, 500)),
    },
  };
}
