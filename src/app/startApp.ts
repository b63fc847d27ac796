import type { Driver } from "../graph/driver.js";
import { setupAuth } from "../auth/setupAuth.js";
import type { Config } from "../config/config.js";
import { apiKeyExchange, apiKeyStore, cachedApiKeyExchange } from "../apiKeys/index.js";
import { createProbeDriver } from "../graph/driver.js";
import { traceDriver } from "../graph/tracedDriver.js";
import { startTracing } from "./tracing.js";
import { watchAvailability, type DatabaseAvailability } from "../graph/availability.js";
import { VERSION } from "./version.js";
import { createGatewayMetrics } from "../server/metrics/gatewayMetrics.js";
import type { LocalNeo4j } from "../graph/local/localNeo4j.js";
import { localUrl, removeGatewayRecord, writeGatewayRecord } from "./gatewayFile.js";
import { migrationsFor } from "./migrations.js";
import { schemaFactsOf } from "./schemaFacts.js";
import type { SchemaFacts } from "../core/schemaFacts.js";
import { runMigrations } from "../graph/migrations/runMigrations.js";
import type { Logger } from "../logging/logger.js";
import { createEmbedder } from "../embeddings/createEmbedder.js";
import type { Embedder } from "../core/embedder.js";
import { type EmbeddingWorker } from "../core/embedder.js";
import { KEYWORD_EXTRACTORS } from "../game/index.js";
import { startLeaseSweeper, type LeaseSweeper } from "../game/index.js";
import { screenshotTransfer, startScreenshotSweeper, type ScreenshotSweeper } from "../game/index.js";
import { diskBlobStore } from "../blobs/diskBlobStore.js";
import { buildSchema, schemaContext } from "../schema/buildSchema.js";
import { BELIEF_WRITE_LABELS, createBeliefDeps } from "../beliefs/index.js";
import { MEMORY_WRITE_LABELS } from "../memory/index.js";
import { MESSAGE_WRITE_LABELS } from "../messages/index.js";
import { appCypherHooks, appResolvers } from "./appResolvers.js";
import { GAME_WRITE_LABELS } from "../game/index.js";
import { createWriteEvents, type WriteEvent, type WriteEvents } from "../core/writeEvents.js";
import { createOutboxSequencer, type FeedPolls } from "../feed/index.js";
import { SINGLE_PROCESS } from "../core/gatewayPeers.js";
import { connectSharedRedis } from "../redis/sharedRedis.js";
import { createBackgroundTasks, type BackgroundTasks } from "../core/backgroundTasks.js";
import { startStack } from "./resourceStack.js";
import { refuseSecondEmbedded, startDatabase } from "./startDatabase.js";
import { embeddingWorkerFor } from "./embeddingWorkerFor.js";
import { loadTypeDefs } from "../schema/loadTypeDefs.js";
import { startGateway, type Gateway } from "../server/gateway.js";
import { createContextFactory } from "../server/context.js";
import { explorerWarmUpReads } from "../server/memoryExplorer/index.js";
import { WARM_UP_TENANT, warmUp, type WarmUpReport } from "./warmUp.js";
import { tokenRoute } from "../server/rest/tokenRoute.js";
import { adminTransferRoute } from "../server/rest/adminTransferRoute.js";
import { knowledgeRoute } from "../server/rest/knowledgeRoute.js";
import { gameTurnRoute } from "../server/rest/gameTurnRoute.js";
import { retrieveRoute } from "../server/rest/retrieveRoute.js";
import { openApiRoute } from "../server/rest/openApiRoute.js";
import { mcpRoute } from "../mcp/mcpRoute.js";
import { RETRIEVAL_WRITE_LABELS, runBudgets } from "../retrieveContext/index.js";
import { createExtractionWorker, createExtractor, extractionBacklog, type ExtractionWorker, type Extractor } from "../extraction/index.js";

/** A running Mnemograph: gateway, driver and (when embedded) its own Neo4j. */
export interface App {
  gateway: Gateway;
  driver: Driver;
  localNeo4j: LocalNeo4j | null;
  embedder: Embedder;
  /** Embeds what is written; `drain()` waits until every write so far has its vector and is in the word indexes. */
  embeddings: EmbeddingWorker;
  /** What the SDL says, as read once at start-up. */
  schema: SchemaFacts;
  /** Whether Neo4j answers now, as the probes and the supervisor see it. */
  availability: DatabaseAvailability;
  /** Closes game sessions whose lease ran out, every GAME_SESSION_SWEEP_SECONDS; `sweep()` runs one now. */
  leaseSweeper: LeaseSweeper;
  /** Removes screenshot files no Screenshot node names any more, every SCREENSHOT_SWEEP_MINUTES; `sweep()` runs one now. */
  screenshotSweeper: ScreenshotSweeper;
  /** Writes requests started without waiting (run records); `drain()` waits for them. */
  background: BackgroundTasks;
  /** Learns facts from messages after their commit; null when EXTRACTION=off. `drain()` waits until the queue is read. */
  extraction: ExtractionWorker | null;
  /** What the start-up warm-up did (null when WARMUP_SECONDS=0, or when it failed: logged). */
  warmedUp: WarmUpReport | null;
  /** Stops what started, last first: the lease sweeper, the gateway (its traffic drains), the workers, the driver, the embedded Neo4j. */
  stop(): Promise<void>;
}

/** What tests and benchmarks may replace. */
export interface AppOptions {
  /** The clock of leases, caches and timestamps; the system clock by default. */
  now?: () => Date;
  /** The extractor the extraction worker runs (EXTRACTION picks it otherwise). */
  extractor?: Extractor;
  /** The knowledge feed's poll intervals (a test makes them long, so that only a wake-up delivers in time). */
  feedPolls?: FeedPolls;
  /** The Neo4j driver's debug log, line by line: a test reads the access mode and bookmarks of each Bolt message there. */
  boltLog?: (line: string) => void;
}

/**
 * Wires the parts together in start-up order on a stack of resources: `stop()` stops them in the
 * reverse order (the lease sweeper, then the gateway's traffic, the workers, the driver, the
 * embedded Neo4j), and a failure during start-up stops what had started, the same way.
 */
export async function startApp(config: Config, logger: Logger, options: AppOptions = {}): Promise<App> {
  const now = options.now ?? (() => new Date());
  await refuseSecondEmbedded(config);
  return startStack(async (stack) => {
    const tracing = await stack.start(() => startTracing(config.tracing), (t) => t?.stop());
    if (tracing) logger.info({ endpoint: config.tracing.endpoint }, "Sending traces over OTLP");
    const auth = await setupAuth(config, logger);
    // With REDIS_URL, rate limits, cache invalidation, feed wake-ups and the embedding worker's claims are shared with the other
    // gateways; closed after the gateway drains.
    const { redisUrl } = config.shared;
    const redis = redisUrl ? await stack.start(() => connectSharedRedis(redisUrl, logger.child({ component: "redis" })), (r) => r.close()) : null;
    const peers = redis?.peers ?? SINGLE_PROCESS;
    // The model loads while Neo4j starts: both take seconds the first time.
    const embedderReady = createEmbedder(config.embeddings, config.neo4j.cacheDir, (m) => logger.info(m));
    embedderReady.catch(() => {});
    stack.defer(async () => (await embedderReady.catch(() => null))?.close());
    // With tracing on, every statement gets a span (the probe's do not: they would only be noise).
    const { localNeo4j, connection, driver } = await startDatabase(stack, config, logger, tracing ? traceDriver : undefined, options.boltLog);
    const probeDriver = await stack.start(() => createProbeDriver(connection), (d) => d.close());
    const embedder = await embedderReady;
    const database = config.neo4j.database;
    await driver.verifyConnectivity({ database });
    const availability = await stack.start(() => watchAvailability({ driver: probeDriver, database, logger: logger.child({ component: "neo4j" }) }), (a) => a.stop());
    // The supervisor knows first: an exited server is refused at once, not at the next probe.
    localNeo4j?.onStateChange((state) => {
      if (state !== "up") availability.markDown(state === "failed" ? "the embedded Neo4j could not be restarted" : "the embedded Neo4j exited");
    });
    // The SDL is read once: migrations, the embedding worker and fact passes derive from it.
    const { document } = loadTypeDefs();
    const schemaFacts = schemaFactsOf(document);
    const migrations = migrationsFor(document, { sharedKeys: config.searchSharedKeys, wordIndexRefresh: config.searchWordIndexRefresh });
    const health = { schemaReady: false, migrations: migrations.length, startedAt: Date.now(), modelLoaded: async () => (await embedder.loaded?.()) ?? true, version: VERSION, warmedUp: config.warmUpSeconds === 0 };
    await runMigrations(driver, database, migrations, logger);
    const keys = apiKeyStore(driver, database);
    const exchange = auth.signingSecret ? apiKeyExchange(keys, auth.signingSecret, config.auth) : null;
    // Feed events are staged by their writes and numbered after the commit; a sweep numbers any a stopped process left.
    const outbox = await stack.start(() => createOutboxSequencer({ driver, database, logger: logger.child({ component: "feed" }) }), (o) => o.stop());
    await outbox.sweep();
    const embeddings = await stack.start(() => embeddingWorkerFor(config, { driver, database, embedder, schema: schemaFacts, logger, claims: redis?.claims }), (w) => w.stop());
    const background = await stack.start(() => createBackgroundTasks(logger), (b) => b.drain());
    const extractor =
      config.extraction.mode === "off"
        ? null
        : (options.extractor ?? createExtractor(config.extraction, config.llm, schemaFacts.factRelations, logger.child({ component: "extraction" })));
    const extraction = extractor
      ? await stack.start(
          () => createExtractionWorker({ deps: { driver, database, embedder, now, logger: logger.child({ component: "extraction" }), schema: schemaFacts }, extractor, config: config.extraction }),
          (w) => w.stop(),
        )
      : null;
    const writes = createWriteEvents();
    routeWrites(writes, embeddings, extraction);
    const screenshots = { mode: config.game.screenshotStore, blobs: diskBlobStore(config.game.screenshotDir) };
    const nodeTransfers = { Screenshot: screenshotTransfer(screenshots) };
    const deps = { driver, database, embedder, embeddings, logger, writes, background, now, cypherTool: config.cypherTool, schema: schemaFacts, sharedKeys: config.searchSharedKeys, interactionTags: config.interactionTags, outbox, peers, nodeTransfers };
    const game = { driver, database, config: config.game, extractors: KEYWORD_EXTRACTORS, logger: logger.child({ component: "game" }), now, screenshots };
    const beliefs = createBeliefDeps(config, deps, schemaFacts.knowledgeLabels);
    const backlog = extraction ? () => extractionBacklog(driver, database) : undefined;
    const metrics = createGatewayMetrics({ driver, database, availability, embeddedTypes: schemaFacts.embeddedTypes, embeddings, logger, extractionBacklog: backlog });
    const resolvers = appResolvers({
      keys,
      deps,
      loop: { llm: config.llm, budgets: runBudgets(config.retrieval), llmBudgetShare: config.retrieval.llmBudgetShare, onRun: metrics.retrieveRun },
      game,
      beliefs,
      extraction: { config: config.extraction, extractor: extractor ? `${extractor.name}@${extractor.version}` : null },
      feed: metrics.feed,
      feedPolls: options.feedPolls,
    });
    const { schema, neoSchema, binding } = await buildSchema({
      driver,
      database,
      document,
      knowledgeLabels: schemaFacts.knowledgeLabels,
      resolvers,
      cypherHooks: appCypherHooks(deps),
      onWrite: (e) => writes.emit(namedWrite(e)),
      poolThreshold: config.sharedPool.threshold,
      outbox,
    });
    await neoSchema.assertIndexesAndConstraints({ driver, sessionConfig: { database } });
    const schemaEntries = schemaContext(binding);
    health.schemaReady = true;
    const gateway = await stack.start(
      () =>
        startGateway({
          config,
          driver,
          schema,
          schemaEntries,
          rateLimitStore: redis?.commands ?? null,
          logger,
          health,
          availability,
          metrics,
          authenticate: auth.authenticate,
          localToken: auth.localToken,
          routes: tokenRoute(exchange),
          restRoutes: [retrieveRoute, knowledgeRoute, gameTurnRoute, adminTransferRoute, openApiRoute(VERSION)],
          mcp: mcpRoute(schema, VERSION, config.mcp, { exchangeApiKey: exchange && cachedApiKeyExchange(exchange), cypherTool: config.cypherTool }),
          extractionBacklog: backlog,
        }),
      (g) => g.stop(),
    );
    // Commands without --url find this gateway instead of starting a second one on the same data.
    if (localNeo4j) {
      const record = { pid: process.pid, url: localUrl(config.host, gateway.port), dataDir: config.neo4j.dataDir, startedAt: now().toISOString() };
      await stack.start(() => writeGatewayRecord(config.neo4j.dataDir, record), () => removeGatewayRecord(config.neo4j.dataDir));
    }
    let warmedUp: WarmUpReport | null = null;
    if (!health.warmedUp) {
      // Before /health/ready says ready: the first minute would otherwise run at half speed (cold plans, JIT, model).
      const contextFor = createContextFactory({ logger, database, authenticate: auth.authenticate, schemaEntries });
      warmedUp = await warmUpLogged({ schema, driver, database, logger, contextFor: (caller) => contextFor({}, caller), seconds: config.warmUpSeconds, labels: warmUpLabels(schemaFacts), reads: explorerWarmUpReads, extraction: warmsExtraction(config, extractor) ? (extraction ?? undefined) : undefined });
      health.warmedUp = true;
    }
    const leaseSweeper = await stack.start(() => startLeaseSweeper(game), (s) => s.stop());
    const screenshotSweeper = await stack.start(() => startScreenshotSweeper(game), (s) => s.stop());
    return {
      gateway,
      driver,
      localNeo4j,
      embedder,
      embeddings,
      leaseSweeper,
      screenshotSweeper,
      background,
      extraction,
      warmedUp,
      schema: schemaFacts,
      availability,
      async stop() {
        await stack.stop();
        logger.info("Stopped");
      },
    };
  }, (err) => logger.warn({ err }, "A part of the gateway did not stop cleanly after a failed start-up"));
}

/**
 * What a write created: a generated write's input says; a hand-written one is named by its module's table
 * here (every write event of the schema carries them). A write named nowhere may have written anything.
 */
const HAND_WRITTEN = new Map(Object.entries({ ...BELIEF_WRITE_LABELS, ...MEMORY_WRITE_LABELS, ...MESSAGE_WRITE_LABELS, ...GAME_WRITE_LABELS, ...RETRIEVAL_WRITE_LABELS }));
const namedWrite = (e: WriteEvent): WriteEvent => (e.labels || !HAND_WRITTEN.has(e.field) ? e : { ...e, labels: [...HAND_WRITTEN.get(e.field)!] });

/** The workers a committed write wakes. */
function routeWrites(writes: WriteEvents, embeddings: EmbeddingWorker, extraction: ExtractionWorker | null): void {
  // The embedding worker passes over the embedded types among them (none for a game turn or a retrieval run).
  writes.on((e) => embeddings.wake(e.labels));
  // A write that may have stored messages (a generated one whose input writes a Message, nested or not, or a hand-written
  // one: recordMessages, the importers) wakes the worker after a short delay; wake-ups meanwhile join that pass. Any
  // other write is foreground load the worker yields to.
  writes.on((e) => {
    if (!e.labels || e.labels.includes("Message")) extraction?.wake();
    else extraction?.foreground();
  });
}

/** The SDL's node types, and the feed's outbox (written by the gateway, not declared in the SDL). */
/** The warm-up's messages go through the extraction worker when reading them costs no model call and the worker reads the warm-up's tenant. */
const warmsExtraction = (config: Config, extractor: Extractor | null) =>
  extractor?.name === "deterministic" && (config.extraction.onlyTenants.length === 0 || config.extraction.onlyTenants.includes(WARM_UP_TENANT)) && !config.extraction.offTenants.includes(WARM_UP_TENANT);

const warmUpLabels = (schemaFacts: SchemaFacts) => [...schemaFacts.transfer.labels, "OutboxEvent", "OutboxCounter"];

/** The start-up warm-up, logged; one that fails leaves the gateway serving cold (null). */
async function warmUpLogged(options: Parameters<typeof warmUp>[0]): Promise<WarmUpReport | null> {
  try {
    const report = await warmUp(options);
    if (report.failed > 0) options.logger.warn(report, "Warmed up; some warm-up operations failed");
    else options.logger.info(report, "Warmed up");
    return report;
  } catch (err) {
    options.logger.warn({ err }, "The start-up warm-up failed; serving cold");
    return null;
  }
}
