import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  validate,
  type ExecutionArgs,
  type GraphQLSchema,
} from "graphql";
import type { SubscribePayload } from "graphql-ws";
import type { Caller } from "../../core/caller.js";
import { ErrorCode, MnemographError } from "../../errors/errors.js";
import type { LimitsConfig } from "../../config/config.js";
import { checkOperation, parseWithTokenLimit } from "./operationLimits.js";
import type { AgentRateLimiter } from "./rateLimiter.js";
import { rootFieldNames } from "./rootFieldNames.js";
import { retrieveContextEndUser } from "./endUser.js";
import { stripSuggestion } from "./suggestions.js";

export interface WebSocketGuard {
  schema: GraphQLSchema;
  limits: LimitsConfig;
  limiter: AgentRateLimiter;
  /** Apollo's `introspection` setting, so `__schema` and `__type` are refused on both paths or neither. */
  introspection: boolean;
}

/**
 * What Apollo does for an HTTP request, for a graphql-ws subscribe message:
 * Apollo's plugins and validation rules never see WebSocket traffic. Parses
 * with the token limit, validates (without introspection when it is off,
 * without suggestions when they are blocked), applies `checkOperation` and the
 * caller's rate budgets. Returns the execution arguments, context included, or
 * the refusals, both as graphql-ws `onSubscribe` expects; it never throws for a
 * bad operation, since a throw there closes the socket.
 */
export async function guardWebSocketOperation<TContext extends { caller: Caller }>(
  { schema, limits, limiter, introspection }: WebSocketGuard,
  payload: SubscribePayload,
  contextValue: TContext,
): Promise<ExecutionArgs | GraphQLError[]> {
  const document = parseWithTokenLimit(payload.query, limits);
  if (document instanceof GraphQLError) return [document];

  const rules = introspection ? specifiedRules : [...specifiedRules, NoSchemaIntrospectionCustomRule];
  const invalid = validate(schema, document, rules);
  if (invalid.length > 0) return invalid.map((error) => asBadUserInput(error, limits.blockFieldSuggestions));

  const { operationName, variables } = payload;
  const refused = checkOperation({ schema, document, variables, operationName }, limits);
  if (refused.length > 0) return refused;

  try {
    await limiter.consume(contextValue.caller, rootFieldNames(document, operationName), { retrieveContext: retrieveContextEndUser(document, operationName, variables) });
  } catch (err) {
    if (err instanceof MnemographError) return [err];
    throw err;
  }
  return { schema, document, operationName, variableValues: variables, contextValue };
}

/** Validation errors carry the code Apollo's would end with on HTTP (see `classifyError`). */
function asBadUserInput(error: GraphQLError, blockSuggestions: boolean): GraphQLError {
  return new GraphQLError(blockSuggestions ? stripSuggestion(error.message) : error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code: ErrorCode.BAD_USER_INPUT },
  });
}
