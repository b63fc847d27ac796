import type { RequestContext } from "../server/context.js";
import { loadTypeDefs } from "../schema/loadTypeDefs.js";
import { loadPersonFacts } from "../tools/people/personFacts.js";
import { text } from "../tools/toolArgs.js";
import type { ToolDeps } from "../tools/toolDeps.js";
import { assertFacts } from "./assertFacts.js";
import { factRelations } from "./factRelations.js";
import { validateAssertions } from "./validateAssertions.js";

/**
 * Resolvers of schema/facts.graphql: `assertFacts` (validated whole before
 * anything is read, written in one transaction) and `factContradictions`.
 */
export function factResolvers(deps: ToolDeps) {
  const relations = factRelations(loadTypeDefs().document);
  const types = relations.map((r) => r.type);
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
    },
  };
}
