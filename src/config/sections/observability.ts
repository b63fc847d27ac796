import { z } from "zod";
import { section, variable, wholeNumber } from "../declare.js";

export const observability = section({
  title: "Logs, metrics and traces",
  summary: "What the gateway tells its operator ([operations.md](operations.md)).",
  variables: {
    logLevel: variable("LOG_LEVEL", z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), { default: "info", doc: "the least severe level logged (JSON logs via pino)" }),
    metrics: {
      port: variable("METRICS_PORT", wholeNumber(0, 65535), {
        doc: "unset: `/metrics` on the gateway's port, the operator's token required; set: a listener of its own on this port serving `/metrics` without tokens, for a scraper that reaches `METRICS_HOST`",
      }),
      host: variable("METRICS_HOST", z.string().min(1), { default: "127.0.0.1", doc: "the interface of `METRICS_PORT`'s listener" }),
    },
    // The standard OpenTelemetry variables: a traces endpoint, or a base endpoint to which /v1/traces is added.
    tracing: {
      endpoint: variable("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", z.url(), {
        doc: "set: OpenTelemetry spans per operation, Neo4j statement and retrieval tool call, sent over OTLP/HTTP to this traces endpoint (…/v1/traces); unset (and no `OTEL_EXPORTER_OTLP_ENDPOINT`): tracing is off ([operations.md](operations.md#traces))",
      }),
      baseEndpoint: variable("OTEL_EXPORTER_OTLP_ENDPOINT", z.url(), { doc: "the OTLP base endpoint, to which `/v1/traces` is added, when the traces endpoint is not given" }),
      serviceName: variable("OTEL_SERVICE_NAME", z.string().min(1).max(200), { default: "mnemograph", doc: "the service name spans carry" }),
    },
  },
  resolve: ({ logLevel, metrics, tracing: { endpoint, baseEndpoint, serviceName } }) => ({
    logLevel,
    metrics: { ...metrics, port: metrics.port ?? null },
    tracing: { endpoint: endpoint ?? (baseEndpoint ? `${baseEndpoint.replace(/\/$/, "")}/v1/traces` : null), serviceName },
  }),
});
