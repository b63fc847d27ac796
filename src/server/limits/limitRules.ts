import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesRule } from "@escape.tech/graphql-armor-max-directives";
import type { GraphQLError, ValidationContext, ValidationRule } from "graphql";
import { BadUserInputError } from "../../errors/errors.js";
import type { LimitsConfig } from "../../config/config.js";

/**
 * GraphQL Armor's depth, alias and directive limits as plain validation rules,
 * so the same rules run wherever a document is validated (Apollo and
 * graphql-ws). Armor throws by default, which would abort validation as an
 * unexpected error; here a refusal is reported as BAD_USER_INPUT instead.
 */
export function limitRules(limits: Pick<LimitsConfig, "maxDepth" | "maxAliases" | "maxDirectives">): ValidationRule[] {
  const callbacks = { propagateOnRejection: false, exposeLimits: true, onReject: [reportRefusal] };
  return [
    // Fragments are flattened: depth is how deep the selected fields are, however they are spelled.
    maxDepthRule({ n: limits.maxDepth, flattenFragments: true, ignoreIntrospection: true, ...callbacks }),
    maxAliasesRule({ n: limits.maxAliases, ...callbacks }),
    maxDirectivesRule({ n: limits.maxDirectives, ...callbacks }),
  ];
}

/** Armor words its refusals as syntax errors ("Syntax Error: Query depth limit of 12 exceeded, found 14."); they are not. */
function reportRefusal(context: ValidationContext | null, error: GraphQLError): void {
  context?.reportError(new BadUserInputError(error.message.replace(/^Syntax Error: /, "")));
}
