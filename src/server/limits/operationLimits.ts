import { MAX_VARIABLES_DEPTH, nestsDeeperThan } from "./variablesDepth.js";
import { GraphQLError, parse, validate, type DocumentNode, type GraphQLSchema } from "graphql";
import { BadUserInputError, ErrorCode } from "../../errors/errors.js";
import { limitRules } from "./limitRules.js";
import type { LimitsConfig } from "./limitsConfig.js";
import { MAX_EVALUATED_SELECTIONS, operationCost } from "./operationCost.js";

/** What a request asks for: a parsed document (HTTP, after Apollo's validation) or its source (WebSocket). */
export type OperationInput = {
  schema: GraphQLSchema;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
} & ({ document: DocumentNode; source?: undefined } | { source: string; document?: undefined });

export type OperationLimits = Pick<LimitsConfig, "maxDepth" | "maxCost" | "maxAliases" | "maxTokens" | "maxDirectives">;

/**
 * Parses with graphql's own token limit, so an oversized document is abandoned
 * as soon as it passes the limit rather than after it is built. Apollo parses
 * HTTP requests the same way (`parseOptions: { maxTokens }`), so both paths
 * answer with the same message.
 */
export function parseWithTokenLimit(source: string, limits: Pick<LimitsConfig, "maxTokens">): DocumentNode | GraphQLError {
  try {
    return parse(source, { maxTokens: limits.maxTokens });
  } catch (err) {
    if (!(err instanceof GraphQLError)) throw err;
    return new GraphQLError(err.message, {
      source: err.source,
      positions: err.positions,
      extensions: { code: ErrorCode.BAD_USER_INPUT },
    });
  }
}

/**
 * Every query limit in one place, for HTTP (from an Apollo plugin) and
 * WebSocket (from graphql-ws `onSubscribe`) alike: tokens (when given source),
 * depth, aliases, directives, then cost. Returns the refusals, each a
 * BAD_USER_INPUT naming its limit; empty when the operation may run. Cost is
 * only estimated for a document within the structural limits, so a refused
 * document is never walked twice.
 */
export function checkOperation(input: OperationInput, limits: OperationLimits): GraphQLError[] {
  const { schema, variables, operationName } = input;
  if (nestsDeeperThan(variables, MAX_VARIABLES_DEPTH)) {
    return [new BadUserInputError(`Variables are nested deeper than ${MAX_VARIABLES_DEPTH} levels`)];
  }
  const document = input.document ?? parseWithTokenLimit(input.source, limits);
  if (document instanceof GraphQLError) return [document];

  const refusals = validate(schema, document, limitRules(limits));
  if (refusals.length > 0) return [...refusals];

  const cost = operationCost({ schema, document, variables, operationName });
  if (cost === Number.POSITIVE_INFINITY) {
    const expanded = `fragments expand to more than ${MAX_EVALUATED_SELECTIONS} selections`;
    return [new BadUserInputError(`Query cost limit of ${limits.maxCost} exceeded: ${expanded}.`)];
  }
  if (cost > limits.maxCost) {
    return [new BadUserInputError(`Query cost limit of ${limits.maxCost} exceeded, found ${cost}.`)];
  }
  return [];
}
