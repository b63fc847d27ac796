import type { ApolloServerPlugin } from "@apollo/server";
import type { Caller } from "../../core/caller.js";
import { BadUserInputError } from "../../errors/errors.js";
import type { AgentRateLimiter } from "./rateLimiter.js";
import { RateLimitedError } from "./RateLimitedError.js";
import { rootFieldNames } from "./rootFieldNames.js";
import { retrieveContextEndUser } from "./endUser.js";

/**
 * Draws each HTTP operation from its caller's rate budgets once Apollo knows
 * which operation runs (so the budget follows the root fields called, aliases
 * and fragments included). A refusal is answered with HTTP 429 and a
 * `Retry-After` header besides the error's `retryAfterSeconds`; nothing executes.
 */
export function rateLimitPlugin<TContext extends { caller: Caller }>(limiter: AgentRateLimiter): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, document, operation, request, response }) {
          if (!operation) return; // execution reports the unknown operation; nothing runs
          try {
            const endUser = retrieveContextEndUser(document, request.operationName, request.variables);
            await limiter.consume(contextValue.caller, rootFieldNames(document, request.operationName), { retrieveContext: endUser });
          } catch (err) {
            if (err instanceof RateLimitedError) {
              response.http.status = 429;
              response.http.headers.set("retry-after", String(err.retryAfterSeconds));
            } else if (err instanceof BadUserInputError) {
              response.http.status = 400;
            }
            throw err;
          }
        },
      };
    },
  };
}
