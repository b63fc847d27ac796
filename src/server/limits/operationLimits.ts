import { MAX_VARIABLES_DEPTH, nestsDeeperThan } from "./variablesDepth.js";
import { GraphQLError, parse, validate, type DocumentNode, type GraphQLSchema } from "graphql";
import { BadUserInputError, ErrorCode } from "../../errors/errors.js";
import { limitRules } from "./limitRules.js";
import type { LimitsConfig } from "../../config/config.js";
import { costDependsOnVariables, MAX_EVALUATED_SELECTIONS, operationCost } from "./operationCost.js";

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

/** Checks an operation against every query limit; see `operationCheck`. */
export type OperationCheck = (input: OperationInput) => GraphQLError[];

/**
 * Every query limit in one place, for HTTP and WebSocket alike (the
 * operation guard's `withinLimits` step): tokens (when given source),
 * depth, aliases, directives, then cost. The check returns the refusals, each
 * a BAD_USER_INPUT naming its limit; empty when the operation may run. Cost is
 * only estimated for a document within the structural limits, so a refused
 * document is never walked twice.
 *
 * Depth, aliases and directives do not depend on variables: their verdict is
 * kept per schema and document. Apollo hands every request with the same text
 * the same parsed DocumentNode (its document store), so a repeated operation
 * is walked once for them. So is its cost when no variable can change it (see
 * costDependsOnVariables) and it is within the limit; otherwise cost is
 * estimated with each request's variables.
 */
export function operationCheck(limits: OperationLimits): OperationCheck {
  const rules = limitRules(limits);
  const verdicts = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Verdict>>();
  const verdict = (schema: GraphQLSchema, document: DocumentNode): Verdict => {
    let bySchema = verdicts.get(schema);
    if (!bySchema) verdicts.set(schema, (bySchema = new WeakMap()));
    let known = bySchema.get(document);
    if (!known) {
      const refusals = validate(schema, document, rules);
      known = { refusals, fixedCost: refusals.length === 0 && !costDependsOnVariables(schema, document), passedCost: new Set() };
      bySchema.set(document, known);
    }
    return known;
  };

  return (input) => {
    const { schema, variables, operationName } = input;
    if (nestsDeeperThan(variables, MAX_VARIABLES_DEPTH)) {
      return [new BadUserInputError(`Variables are nested deeper than ${MAX_VARIABLES_DEPTH} levels`)];
    }
    const document = input.document ?? parseWithTokenLimit(input.source, limits);
    if (document instanceof GraphQLError) return [document];

    const known = verdict(schema, document);
    if (known.refusals.length > 0) return [...known.refusals];
    if (known.passedCost.has(operationName ?? null)) return [];

    const cost = operationCost({ schema, document, variables, operationName });
    if (cost === Number.POSITIVE_INFINITY) {
      const expanded = `fragments expand to more than ${MAX_EVALUATED_SELECTIONS} selections`;
      return [new BadUserInputError(`Query cost limit of ${limits.maxCost} exceeded: ${expanded}.`)];
    }
    if (cost > limits.maxCost) {
      return [new BadUserInputError(`Query cost limit of ${limits.maxCost} exceeded, found ${cost}.`)];
    }
    // Cost 0: the variables did not coerce, nothing was counted; the next request's may.
    if (known.fixedCost && cost > 0) known.passedCost.add(operationName ?? null);
    return [];
  };
}

/** What is known of a document for every request that sends it. */
interface Verdict {
  /** Depth, alias and directive refusals. */
  refusals: readonly GraphQLError[];
  /** No variable can change its cost. */
  fixedCost: boolean;
  /** Operations (by name; null when the request names none) of a fixed-cost document found within the cost limit. */
  passedCost: Set<string | null>;
}

/** `operationCheck(limits)` for one operation; the check is built once per limits object and kept. */
export function checkOperation(input: OperationInput, limits: OperationLimits): GraphQLError[] {
  let check = checks.get(limits);
  if (!check) checks.set(limits, (check = operationCheck(limits)));
  return check(input);
}

const checks = new WeakMap<OperationLimits, OperationCheck>();
