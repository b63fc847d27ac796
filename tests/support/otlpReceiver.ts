import http from "node:http";
import type { AddressInfo } from "node:net";

/** A span as OTLP/HTTP JSON carries it. */
export interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string } }[];
}

/** An OTLP/HTTP trace receiver inside the test: what the gateway exports, by service. */
export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>/v1/traces`, for the gateway's tracing config. */
  endpoint: string;
  received: { service: string; spans: OtlpSpan[] }[];
  spans(): OtlpSpan[];
  /** Waits (up to `timeoutMs`) until a received span satisfies `match`. */
  waitFor(match: (span: OtlpSpan) => boolean, timeoutMs?: number): Promise<OtlpSpan>;
  close(): Promise<void>;
}

export const spanAttribute = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value.stringValue;

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: OtlpReceiver["received"] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const parsed = JSON.parse(body) as { resourceSpans: { resource: { attributes: OtlpSpan["attributes"] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };
      for (const rs of parsed.resourceSpans) {
        const service = rs.resource.attributes?.find((a) => a.key === "service.name")?.value.stringValue ?? "";
        received.push({ service, spans: rs.scopeSpans.flatMap((s) => s.spans) });
      }
      res.setHeader("content-type", "application/json").end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const spans = () => received.flatMap((r) => r.spans);
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
    received,
    spans,
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = spans().find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error("no matching span was exported in time");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
