import type { ApolloServerPlugin } from "@apollo/server";
import { Counter, Histogram, type Registry } from "prom-client";
import type { RequestContext } from "../../core/requestContext.js";
import { rootFieldNames } from "../limits/rootFieldNames.js";

/** Millisecond-scale buckets, in seconds: most operations answer in 5–100 ms. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * GraphQL operations over HTTP (and the REST routes, which run through the
 * same pipeline), by root field and outcome: `OK` or the error code the client
 * saw. Root field names come from the validated document, so a client cannot
 * invent label values; an operation that never validated counts as `(none)`.
 */
export function operationMetricsPlugin(registry: Registry): ApolloServerPlugin<RequestContext> {
  const registers = [registry];
  const operations = new Counter({
    name: "mnemograph_graphql_operations_total",
    help: "GraphQL root fields executed, by outcome (OK or the error code returned)",
    labelNames: ["root_field", "outcome"],
    registers,
  });
  const duration = new Histogram({
    name: "mnemograph_graphql_operation_duration_seconds",
    help: "Time from the request's arrival to its response, per root field",
    labelNames: ["root_field"],
    buckets: BUCKETS,
    registers,
  });
  return {
    async requestDidStart() {
      const started = performance.now();
      let fields: string[] = [];
      return {
        async didResolveOperation({ document, request }) {
          fields = [...new Set(rootFieldNames(document, request.operationName))];
        },
        async willSendResponse({ response }) {
          const seconds = (performance.now() - started) / 1000;
          const errors = response.body.kind === "single" ? response.body.singleResult.errors : undefined;
          const outcome = errors?.length ? String(errors[0]?.extensions?.code ?? "INTERNAL_SERVER_ERROR") : "OK";
          for (const field of fields.length ? fields : ["(none)"]) {
            operations.inc({ root_field: field, outcome });
            duration.observe({ root_field: field }, seconds);
          }
        },
      };
    },
  };
}
