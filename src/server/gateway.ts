import http from "node:http";
import type { AddressInfo } from "node:net";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import {
  ApolloServerPluginLandingPageLocalDefault,
  ApolloServerPluginLandingPageProductionDefault,
} from "@apollo/server/plugin/landingPage/default";
import { expressMiddleware } from "@as-integrations/express5";
import express from "express";
import type { GraphQLSchema } from "graphql";
import { useServer, type Extra } from "graphql-ws/use/ws";
import type { Driver } from "../graph/driver.js";
import type { Authenticator } from "../auth/authenticate.js";
import type { Caller } from "../core/caller.js";
import { WebSocketServer } from "ws";
import type { Config } from "../config/config.js";
import type { Logger } from "../logging/logger.js";
import { createConnectionScope, type ClosableConnectionScope } from "./connectionScope.js";
import { createContextFactory } from "./context.js";
import { type RequestContext } from "../core/requestContext.js";
import { explorerRouter } from "./explorer/explorerRouter.js";
import { localTokenRoute, memoryExplorerRouter } from "./memoryExplorer/index.js";
import { healthHandler, liveHandler, readyHandler, type HealthState } from "./health.js";
import type { DatabaseAvailability } from "../graph/availability.js";
import { registerAdmissionGauges, type GatewayMetrics } from "./metrics/gatewayMetrics.js";
import { operatorMetricsHandler, startMetricsServer } from "./metrics/metricsRoute.js";
import { createOperationMetrics } from "./metrics/operationMetrics.js";
import { createAdmission } from "./limits/admission.js";
import type { ExecuteOperation, RestRoutes } from "./rest/restRoutes.js";
import { AgentRateLimiter } from "./limits/rateLimiter.js";
import { traceRequests } from "./requestTracing.js";
import { createOperationGuard } from "./guard/operationGuard.js";
import { apolloGuardOptions, operationGuardPlugin } from "./guard/apolloGuard.js";
import { webSocketGuard } from "./guard/webSocketGuard.js";
import { bodyErrorHandler } from "./bodyErrors.js";
import { corsMiddleware } from "./corsMiddleware.js";
import { clientBookmarks } from "./clientBookmarks.js";
import { refuseInvalidFrames, strictJson } from "./strictDecoding.js";
import type { ExtractionBacklog } from "../extraction/index.js";
import type { Redis } from "ioredis";

/** What the gateway hands the MCP endpoint once its GraphQL pipeline runs. */
export interface McpEndpointIo {
  execute: ExecuteOperation;
  authenticate: Authenticator;
  /** The gateway's own /graphql URL (known once it listens): MCP sessions follow feeds over its graphql-ws endpoint. */
  graphqlUrl: () => string;
}

/** The MCP endpoint: its routes, and its sessions to close when the gateway stops. */
export interface McpEndpoint {
  router: express.Router;
  close(): Promise<void>;
}

export interface GatewayDeps {
  config: Config;
  driver: Driver;
  schema: GraphQLSchema;
  /** What each request's context carries for the schema (buildSchema's schemaContext of this gateway's binding). */
  schemaEntries: object;
  logger: Logger;
  health: HealthState;
  /** Whether Neo4j answers: while it does not, operations are refused at once and readiness is 503. */
  availability: DatabaseAvailability;
  /** The registry /metrics serves and the recorders the gateway reports to. */
  metrics: GatewayMetrics;
  authenticate: Authenticator;
  /** The embedded default's local token (setupAuth), served to this machine's own pages at /local-token. */
  localToken?: string;
  /** Extra routes (token exchange) mounted before /graphql. */
  routes?: express.Router;
  /** REST adapters over GraphQL operations, mounted under /api (POST /api/memory/retrieve). */
  restRoutes?: RestRoutes[];
  /** The extraction queue, shown by /health (absent when EXTRACTION=off). */
  extractionBacklog?: () => Promise<ExtractionBacklog>;
  /** The MCP endpoint over GraphQL operations, mounted at /mcp. */
  mcp?: (io: McpEndpointIo) => McpEndpoint;
  /** Redis (REDIS_URL), where rate-limit windows are counted for every gateway that shares it; null: in this process. */
  rateLimitStore?: Redis | null;
}

export interface Gateway {
  /** The URL `/graphql` is served on once listening. */
  url: string;
  port: number;
  /** The HTTP server (GraphQL, REST, WebSocket upgrades), for observers such as a benchmark's request timer. */
  httpServer: http.Server;
  /** Port of the separate /metrics listener (METRICS_PORT), or null when /metrics is on the gateway's port. */
  metricsPort: number | null;
  /** Drains HTTP and WebSocket traffic and closes the servers; the driver is the caller's. */
  stop(): Promise<void>;
}

/**
 * Apollo Server on express with a graphql-ws server on the same HTTP server,
 * both building their context with the same factory.
 */
export async function startGateway(deps: GatewayDeps): Promise<Gateway> {
  const { config, driver, schema, schemaEntries, logger, health, availability, metrics, authenticate } = deps;
  const database = config.neo4j.database;
  const buildContext = createContextFactory({ logger, database, authenticate, schemaEntries });
  const app = express();
  app.disable("x-powered-by");
  // Before every route: a preflight is answered here, and a refused origin gets no CORS headers (the browser blocks it).
  if (config.corsOrigins.length > 0) app.use(corsMiddleware(config.corsOrigins));
  const httpServer = http.createServer(app);

  const { limits } = config;
  const admission = createAdmission(config.admission);
  registerAdmissionGauges(metrics.registry, admission);
  // One pipeline for both doors (guard/operationGuard.ts): limits, availability, rate budgets (one limiter per
  // process, so an agent cannot double its budget by switching doors; in Redis, across gateways), turns, spans,
  // metrics and error masking.
  const guard = createOperationGuard({
    schema,
    limits,
    introspection: config.introspection,
    limiter: new AgentRateLimiter(limits.rateLimits, metrics.rateLimited, deps.rateLimitStore ?? null),
    admission,
    availability,
    metrics: createOperationMetrics(metrics.registry),
    logger,
  });

  const wsServer = new WebSocketServer({ server: httpServer, path: "/graphql", maxPayload: config.maxBodyBytes });
  refuseInvalidFrames(wsServer);
  // A WebSocket is authenticated once, when it connects; a refused one is closed (4403).
  // Every operation on it then goes through the same guard as over HTTP.
  // Close hooks still running (sessions being abandoned): stop() waits for them before the driver closes.
  const closing = new Set<Promise<void>>();
  type Connection = { caller?: Caller; scope?: ClosableConnectionScope };
  const wsCleanup = useServer<Record<string, unknown>, Connection>(
    {
      // The guard parses, validates and hands graphql-ws the execution arguments, schema included.
      ...webSocketGuard<Record<string, unknown>, Extra & Partial<Connection>>(guard, (ctx) =>
        buildContext({ ...ctx.extra.request.headers, ...(ctx.connectionParams ?? {}) }, ctx.extra.caller, ctx.extra.scope),
      ),
      onConnect: async (ctx) => {
        try {
          ctx.extra.caller = await authenticate({ ...ctx.extra.request.headers, ...(ctx.connectionParams ?? {}) });
          ctx.extra.scope = createConnectionScope(logger);
          return true;
        } catch {
          return false;
        }
      },
      onClose: (ctx) => {
        const done = ctx.extra.scope?.close();
        if (!done) return;
        closing.add(done);
        void done.finally(() => closing.delete(done));
      },
    },
    wsServer,
  );

  const apollo = new ApolloServer<RequestContext>({
    schema,
    ...apolloGuardOptions(guard),
    includeStacktraceInErrorResponses: false,
    // main.ts owns shutdown order (gateway, driver, then Neo4j); Apollo's own signal handlers would race it.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await wsCleanup.dispose();
            },
          };
        },
      },
      operationGuardPlugin(guard),
      // Sandbox needs introspection; without it, the production page (which says how to reach the API).
      config.introspection
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, footer: false, includeCookies: false })
        : ApolloServerPluginLandingPageProductionDefault({ footer: false }),
    ],
  });
  await apollo.start();

  const healthDeps = { driver, database, state: health, availability, extractionBacklog: deps.extractionBacklog, admission };
  app.get("/health", healthHandler(healthDeps));
  app.get("/health/live", liveHandler);
  app.get("/health/ready", readyHandler(healthDeps));
  app.get("/metrics", operatorMetricsHandler(metrics.registry, authenticate));
  app.use("/graphiql", explorerRouter());
  app.use("/explorer", memoryExplorerRouter());
  app.get("/local-token", localTokenRoute({ token: deps.localToken, authenticationOff: config.auth.mode === "off" }));
  // A span per HTTP request; the guard names it after its operation (WebSocket operations get a span of their own).
  if (config.tracing.endpoint) app.use(["/graphql", "/api", "/mcp"], traceRequests);
  app.get("/", (_req, res) => res.redirect("/graphql"));
  if (deps.routes) app.use(deps.routes);
  // REST adapters and MCP tools run their operation through Apollo, so through the same guard as /graphql.
  const execute: ExecuteOperation = async (headers, query, variables) => {
    const contextValue = await buildContext(headers as Record<string, string>);
    const response = await apollo.executeOperation({ query, variables }, { contextValue });
    if (response.body.kind !== "single") throw new Error("REST adapters and MCP tools run single-result operations only");
    return response.body.singleResult as never;
  };
  for (const routes of deps.restRoutes ?? []) app.use("/api", strictJson(config.maxBodyBytes), clientBookmarks, routes(execute));
  let url = "";
  const mcp = deps.mcp?.({ execute, authenticate, graphqlUrl: () => url });
  if (mcp) app.use("/mcp", strictJson(config.maxBodyBytes), clientBookmarks, mcp.router);
  app.use(
    "/graphql",
    strictJson(config.maxBodyBytes),
    // After the body: every transaction of the request carries the client's bookmarks, and the response the newest.
    clientBookmarks,
    expressMiddleware(apollo, { context: async ({ req }) => buildContext(req.headers) }),
  );
  app.use(bodyErrorHandler);

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  const metricsServer = config.metrics.port === null ? null : await startMetricsServer(metrics.registry, config.metrics.port, config.metrics.host);
  if (metricsServer) logger.info({ url: `http://${config.metrics.host}:${metricsServer.port}/metrics` }, "Metrics are served without tokens on their own port");
  const shownHost = config.host === "127.0.0.1" || config.host === "0.0.0.0" ? "localhost" : config.host;
  url = `http://${shownHost}:${port}/graphql`;
  logger.info({ url, explorer: url.replace(/graphql$/, "graphiql") }, "Mnemograph is serving");

  return {
    url,
    port,
    httpServer,
    metricsPort: metricsServer?.port ?? null,
    async stop() {
      await metricsServer?.stop();
      // MCP sessions first: their GET streams and feed sockets would hold the servers open.
      await mcp?.close();
      await apollo.stop();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
      await Promise.allSettled([...closing]);
    },
  };
}
