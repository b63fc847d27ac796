import type { ApolloServerPlugin, BaseContext } from "@apollo/server";
import { operationCheck, type OperationLimits } from "./operationLimits.js";

/**
 * Applies `operationCheck` to every HTTP operation once Apollo has parsed and
 * validated it, with the request's variables (a `limit: $n` changes the cost).
 * A refused operation is answered with HTTP 400 and the first refusal; nothing
 * executes. The token limit is not checked here: pass
 * `parseOptions: { maxTokens }` to Apollo so parsing stops early instead.
 */
export function operationLimitsPlugin<TContext extends BaseContext>(limits: OperationLimits): ApolloServerPlugin<TContext> {
  const check = operationCheck(limits);
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request, response }) {
          // No operation matches operationName: execution reports that, nothing runs.
          if (!operation) return;
          const [refusal] = check({ schema, document, variables: request.variables, operationName: request.operationName });
          if (refusal) {
            response.http.status = 400;
            throw refusal;
          }
        },
      };
    },
  };
}
