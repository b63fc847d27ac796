import type { AppDeps } from "../core/appDeps.js";
import type { RequestContext } from "../core/requestContext.js";
import { text } from "../core/args.js";
import { idArg } from "../core/idArgs.js";
import type { BeliefDeps } from "../beliefs/index.js";
import type { Resolvers } from "../generated/resolvers-types.js";
import { correctMemory } from "./correctMemory.js";
import { erasePerson } from "./erasePerson.js";
import { forgetMemory } from "./forgetMemory.js";

/** Resolvers of schema/forget.graphql; each argument is checked first (BAD_USER_INPUT naming it and its limit). */
export function forgetResolvers(deps: AppDeps, beliefs: BeliefDeps): Resolvers {
  return {
    Mutation: {
      forgetMemory: (_: unknown, args: { id: string }, ctx: RequestContext) => forgetMemory(deps, ctx.caller, text("forgetMemory.id", args.id, 128)),
      correctMemory: (_: unknown, args: { id: string; content: string; reason?: string | null }, ctx: RequestContext) =>
        correctMemory(deps, beliefs, ctx.caller, {
          id: text("correctMemory.id", args.id, 128),
          content: text("correctMemory.content", args.content, 20_000),
          reason: args.reason == null ? "corrected" : text("correctMemory.reason", args.reason, 5000),
        }),
      erasePerson: (_: unknown, args: { personId: string }, ctx: RequestContext) => erasePerson(deps, ctx.caller, idArg("erasePerson.personId", args.personId)),
    },
  };
}
