import { Counter, Histogram, type Registry } from "prom-client";

/** Millisecond-scale buckets, in seconds: most operations answer in 5–100 ms. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One answered operation, as the operation guard reports it (server/guard/operationGuard.ts). */
export interface OperationOutcome {
  /** `http` (GraphQL over HTTP, and the REST routes and MCP tools, which run through it) or `ws` (graphql-ws). */
  transport: "http" | "ws";
  /** Its root fields, each once; empty when it never resolved to an operation (counted as `(none)`). */
  rootFields: readonly string[];
  /** `OK`, or the code of the first error the client saw. */
  outcome: string;
  /** From its arrival to its answer (for a subscription, to its subscribe's answer). */
  seconds: number;
}

export type OperationMetrics = (operation: OperationOutcome) => void;

/**
 * GraphQL operations by root field, outcome and transport. Root field names
 * come from the validated document, so a client cannot invent label values.
 */
export function createOperationMetrics(registry: Registry): OperationMetrics {
  const registers = [registry];
  const operations = new Counter({
    name: "mnemograph_graphql_operations_total",
    help: "GraphQL root fields executed, by outcome (OK or the error code returned) and transport (http or ws)",
    labelNames: ["root_field", "outcome", "transport"],
    registers,
  });
  const duration = new Histogram({
    name: "mnemograph_graphql_operation_duration_seconds",
    help: "Time from the operation's arrival to its answer, per root field (a subscription: to its subscribe's answer)",
    labelNames: ["root_field", "transport"],
    buckets: BUCKETS,
    registers,
  });
  return ({ transport, rootFields, outcome, seconds }) => {
    for (const field of rootFields.length ? rootFields : ["(none)"]) {
      operations.inc({ root_field: field, outcome, transport });
      duration.observe({ root_field: field, transport }, seconds);
    }
  };
}
