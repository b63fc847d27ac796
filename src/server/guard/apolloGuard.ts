import type { ApolloServerOptions, ApolloServerPlugin, HTTPGraphQLHead } from "@apollo/server";
import type { GraphQLError } from "graphql";
import type { RequestContext } from "../../core/requestContext.js";
import { ErrorCode } from "../../errors/errors.js";
import type { OperationGuard } from "./operationGuard.js";

/**
 * Apollo's settings that belong to the guard: it parses with the token limit,
 * validates (introspection, suggestions) and formats errors itself, so these
 * steps are Apollo's own on HTTP and the guard's on the WebSocket.
 */
export function apolloGuardOptions(
  guard: OperationGuard,
): Required<Pick<ApolloServerOptions<RequestContext>, "introspection" | "parseOptions" | "hideSchemaDetailsFromClientErrors" | "formatError">> {
  return {
    introspection: guard.introspection,
    parseOptions: { maxTokens: guard.limits.maxTokens },
    hideSchemaDetailsFromClientErrors: guard.limits.blockFieldSuggestions,
    formatError: (formatted, error) => guard.formatError(formatted, error),
  };
}

/**
 * The operation guard's steps at Apollo's hooks, for every HTTP operation
 * (GraphQL, REST routes, MCP tools): once Apollo has parsed and validated it,
 * the guard names it, may refuse it and waits for its turn; Apollo's answer
 * is what the guard records. A refusal is answered with the HTTP status its
 * code calls for (BAD_USER_INPUT 400, RATE_LIMITED 429, SERVICE_BUSY 503,
 * the last two with `Retry-After`); nothing executes.
 */
export function operationGuardPlugin(guard: OperationGuard): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      const observation = guard.observe("http");
      let release: (() => void) | null = null;
      return {
        async didResolveOperation({ document, operation, request, response, contextValue }) {
          // The variables as sent, before GraphQL fills in input defaults (schema/explicitInput.ts reads them).
          contextValue.rawVariables = request.variables ?? {};
          // No operation matches operationName: execution reports that, nothing runs.
          if (!operation) return;
          const guarded = { document, operation, operationName: request.operationName, variables: request.variables, contextValue };
          guard.identify(observation, guarded);
          try {
            const refusal = await guard.refusal("http", guarded);
            if (refusal) throw refusal;
            release = await guard.admit(guarded);
          } catch (err) {
            answerWith(response.http, err as GraphQLError);
            throw err;
          }
        },
        async didEncounterErrors({ errors, contextValue }) {
          guard.noteErrors(errors, contextValue);
        },
        async willSendResponse({ response }) {
          release?.();
          guard.finish(observation, response.body.kind === "single" ? response.body.singleResult.errors : undefined);
        },
      };
    },
  };
}

/** A refusal's HTTP status; SERVICE_UNAVAILABLE and unexpected errors keep Apollo's 500. */
const STATUS: Partial<Record<string, number>> = {
  [ErrorCode.BAD_USER_INPUT]: 400,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.SERVICE_BUSY]: 503,
};

function answerWith(http: HTTPGraphQLHead, refusal: GraphQLError): void {
  const status = STATUS[String(refusal.extensions?.code)];
  if (status) http.status = status;
  const retryAfter = refusal.extensions?.retryAfterSeconds;
  if (status && typeof retryAfter === "number") http.headers.set("retry-after", String(retryAfter));
}
