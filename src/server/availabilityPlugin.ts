import type { ApolloServerPlugin } from "@apollo/server";
import { Kind, type DocumentNode } from "graphql";
import type { RequestContext } from "../core/requestContext.js";
import { ServiceUnavailableError } from "../errors/errors.js";
import type { DatabaseAvailability } from "../graph/availability.js";

/** Introspection needs no database: the explorer keeps working during an outage. */
export function onlyIntrospection(document: DocumentNode): boolean {
  return document.definitions.every(
    (d) => d.kind !== Kind.OPERATION_DEFINITION || d.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith("__")),
  );
}

/**
 * Refuses operations with SERVICE_UNAVAILABLE at once while Neo4j is known
 * to be down, instead of letting each one wait out the driver's retries; an
 * operation answered without errors tells the watcher Neo4j is answering.
 */
export function availabilityPlugin(availability: DatabaseAvailability): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document }) {
          if (!availability.up && !onlyIntrospection(document)) throw new ServiceUnavailableError();
        },
        async willSendResponse({ response, operation }) {
          const answered = response.body.kind === "single" && !response.body.singleResult.errors?.length;
          if (answered && operation && operation.operation !== "subscription") availability.noteAnswered();
        },
      };
    },
  };
}
