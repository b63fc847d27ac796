import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import type { Registry } from "prom-client";
import type { Authenticator } from "../../auth/authenticate.js";
import { MnemographError } from "../../errors/errors.js";

/** Prometheus' text format of every metric of the registry. */
export function metricsHandler(registry: Registry): RequestHandler {
  return async (_req, res) => {
    res.set("content-type", registry.contentType);
    res.end(await registry.metrics());
  };
}

/**
 * `/metrics` on the gateway's own port: for the gateway's operator only, since
 * it tells how every tenant uses the service (a tenant's admin is not the
 * operator). A scraper sends an operator token (`npm run operator-token`).
 */
export function operatorMetricsHandler(registry: Registry, authenticate: Authenticator): RequestHandler {
  const serve = metricsHandler(registry);
  return async (req, res, next) => {
    try {
      const caller = await authenticate(req.headers);
      if (!caller.operator) {
        res.status(403).json({ error: { code: "FORBIDDEN", message: "Only the gateway's operator may read /metrics: it counts every tenant's use (npm run operator-token, or METRICS_PORT)" } });
        return;
      }
    } catch (err) {
      const code = err instanceof MnemographError ? String(err.extensions.code) : "UNAUTHENTICATED";
      res.status(code === "UNAUTHENTICATED" ? 401 : 400).json({ error: { code, message: err instanceof Error ? err.message : "A valid token is required" } });
      return;
    }
    await serve(req, res, next);
  };
}

/** A listener of its own that serves only `/metrics`, without tokens (METRICS_PORT): reach is limited by where it listens. */
export async function startMetricsServer(registry: Registry, port: number, host: string): Promise<{ port: number; stop(): Promise<void> }> {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", metricsHandler(registry));
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
