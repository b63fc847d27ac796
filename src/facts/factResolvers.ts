import type { RequestContext } from "../core/requestContext.js";
import { loadPersonFacts } from "./personFacts.js";
import { text } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { assertFacts } from "./assertFacts.js";
import { validateAssertions } from "./validateAssertions.js";
import { retractFact } from "./retractFact.js";

/**
 * Resolvers of schema/facts.graphql: `assertFacts` (validated whole before
 * anything is read, written in one transaction) and `factContradictions`.
 */
export function factResolvers(deps: AppDeps) {
  const relations = deps.schema.factRelations;
  const types = deps.schema.factTypes;
  return {
    Query: {
      factContradictions: async (_: unknown, args: { personId: unknown }, ctx: RequestContext) => {
        const personId = text("factContradictions.personId", args.personId, 128);
        const person = await loadPersonFacts(deps, ctx.caller, personId, types);
        return person.facts.filter((f) => f.contradicts.length > 0);
      },
    },
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
