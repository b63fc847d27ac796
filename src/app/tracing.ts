import { context, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import type { TracingConfig } from "../config/config.js";
import { VERSION } from "./version.js";

export interface Tracing {
  /** Sends what is buffered and unregisters the provider. */
  stop(): Promise<void>;
}

/**
 * Installs the OpenTelemetry SDK when an OTLP endpoint is configured: spans
 * (operations, Neo4j statements, retrieval tool calls) are batched and sent
 * over OTLP/HTTP. Returns null when tracing is off; nothing is installed then.
 */
export function startTracing(config: TracingConfig): Tracing | null {
  if (!config.endpoint) return null;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": config.serviceName, "service.version": VERSION }),
    // A busy gateway makes a thousand statement spans a second or more: the SDK's default
    // queue (2,048) dropped spans under bench:profile's load, so it holds more and sends larger batches.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.endpoint }), { scheduledDelayMillis: 1000, maxQueueSize: 16_384, maxExportBatchSize: 2_048 })],
  });
  provider.register();
  return {
    async stop() {
      await provider.forceFlush();
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}
