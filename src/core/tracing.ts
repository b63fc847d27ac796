import { context, ROOT_CONTEXT, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";

/**
 * Spans through the OpenTelemetry API: without a tracer provider (tracing is
 * off, the default) every call here is a no-op. app/tracing.ts installs the
 * SDK when an OTLP endpoint is configured.
 */
export const tracer = () => trace.getTracer("mnemograph");

/** Runs `work` inside a span, active for what it starts (Neo4j statements nest under it); an exception marks the span as failed. */
export function inSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (err) {
      failSpan(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Marks a span as failed by `err` (its message, and the error code when it has one). */
export function failSpan(span: Span, err: unknown): void {
  const code = (err as { extensions?: { code?: unknown } }).extensions?.code;
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500) });
  if (typeof code === "string") span.setAttribute("mnemograph.error.code", code);
}

/**
 * Runs `work` outside any request's trace: background work a request only
 * woke (a worker's pass, the feed's poll) starts its own traces instead of
 * adding its statements to the request that happened to wake it.
 */
export function detached<T>(work: () => T): T {
  return context.with(ROOT_CONTEXT, work);
}
