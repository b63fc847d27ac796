import type { ApolloServerPlugin } from "@apollo/server";
import { BadUserInputError } from "../errors/errors.js";
import type { RequestContext } from "../core/requestContext.js";

/**
 * HTTP (GraphQL POST/GET, REST, MCP) runs queries and mutations; a
 * subscription sent there would run its resolver without its event stream.
 * It is refused with where to send it instead. Keeps the variables as sent on
 * the context (RequestContext.rawVariables).
 */
export function httpOperationTypesPlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, response, request, contextValue }) {
          // The variables as sent, before GraphQL fills in input defaults (schema/explicitInput.ts reads them).
          contextValue.rawVariables = request.variables ?? {};
          if (operation?.operation !== "subscription") return;
          response.http.status = 400;
          throw new BadUserInputError(
            "Subscriptions are served over WebSocket (the graphql-transport-ws protocol at /graphql), not over HTTP",
          );
        },
      };
    },
  };
}
