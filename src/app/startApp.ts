import type { Driver } from "../graph/driver.js";
import { setupAuth } from "../auth/setupAuth.js";
import type { Config } from "../config/config.js";
import { apiKeyExchange, apiKeyStore, cachedApiKeyExchange } from "../apiKeys/index.js";
import { createDriver, createProbeDriver } from "../graph/driver.js";
import { traceDriver } from "../graph/tracedDriver.js";
import { startTracing } from "./tracing.js";
import { watchAvailability, type DatabaseAvailability } from "../graph/availability.js";
import { VERSION } from "./version.js";
import { createGatewayMetrics } from "../server/metrics/gatewayMetrics.js";
import { startLocalNeo4j, type LocalNeo4j } from "../graph/local/localNeo4j.js";
import { DataDirectoryInUse, findRunningGateway, localUrl, removeGatewayRecord, writeGatewayRecord } from "./gatewayFile.js";
import { migrationsFor } from "./migrations.js";
import { schemaFactsOf } from "./schemaFacts.js";
import type { SchemaFacts } from "../core/schemaFacts.js";
import { runMigrations } from "../graph/migrations/runMigrations.js";
import type { Logger } from "../logging/logger.js";
import { createEmbedder } from "../embeddings/createEmbedder.js";
import type { Embedder } from "../core/embedder.js";
import { createEmbeddingWorker } from "../embeddings/embeddingWorker.js";
import { type EmbeddingWorker } from "../core/embedder.js";
import { createFactEmbeddingPass } from "../facts/index.js";
import { KEYWORD_EXTRACTORS } from "../game/index.js";
import { startLeaseSweeper, type LeaseSweeper } from "../game/index.js";
import { buildSchema, schemaContext } from "../schema/buildSchema.js";
import { BELIEF_WRITE_LABELS, createBeliefDeps } from "../beliefs/index.js";
import { MEMORY_WRITE_LABELS } from "../memory/index.js";
import { MESSAGE_WRITE_LABELS } from "../messages/index.js";
import { appResolvers } from "./appResolvers.js";
import { GAME_WRITE_LABELS } from "../game/index.js";
import { createWriteEvents, type WriteEvent } from "../core/writeEvents.js";
import type { OutboxSequencer } from "../core/outboxEvent.js";
import { createOutboxSequencer } from "../feed/index.js";
import { createBackgroundTasks, type BackgroundTasks } from "../core/backgroundTasks.js";
import { loadTypeDefs } from "../schema/loadTypeDefs.js";
import { startGateway, type Gateway } from "../server/gateway.js";
import { createContextFactory } from "../server/context.js";
import { warmUp, type WarmUpReport } from "./warmUp.js";
import { tokenRoute } from "../server/rest/tokenRoute.js";
import { adminTransferRoute } from "../server/rest/adminTransferRoute.js";
import { knowledgeRoute } from "../server/rest/knowledgeRoute.js";
import { retrieveRoute } from "../server/rest/retrieveRoute.js";
import { mcpRoute } from "../mcp/mcpRoute.js";
import { RETRIEVAL_WRITE_LABELS } from "../retrieveContext/index.js";
import { createExtractionWorker, createExtractor, extractionBacklog, type ExtractionWorker, type Extractor } from "../extraction/index.js";

/** A running Mnemograph: gateway, driver and (when embedded) its own Neo4j. */
export interface App {
  gateway: Gateway;
  driver: Driver;
  localNeo4j: LocalNeo4j | null;
  embedder: Embedder;
  /** Embeds what is written; `drain()` waits until every write so far has its vector. */
  embeddings: EmbeddingWorker;
  /** What the SDL says, as read once at start-up. */
  schema: SchemaFacts;
  /** Whether Neo4j answers now, as the probes and the supervisor see it. */
  availability: DatabaseAvailability;
  /** Closes game sessions whose lease ran out, every GAME_SESSION_SWEEP_SECONDS; `sweep()` runs one now. */
  leaseSweeper: LeaseSweeper;
  /** Writes requests started without waiting (run records); `drain()` waits for them. */
  background: BackgroundTasks;
  /** Learns facts from messages after their commit; null when EXTRACTION=off. `drain()` waits until the queue is read. */
  extraction: ExtractionWorker | null;
  /** What the start-up warm-up did (null when WARMUP_SECONDS=0, or when it failed: logged). */
  warmedUp: WarmUpReport | null;
  /** Drains traffic, closes the driver, stops the embedded Neo4j, in that order. */
  stop(): Promise<void>;
}

/** What tests and benchmarks may replace. */
export interface AppOptions {
  /** The clock of leases, caches and timestamps; the system clock by default. */
  now?: () => Date;
  /** The extractor the extraction worker runs (EXTRACTION picks it otherwise). */
  extractor?: Extractor;
}

/** Wires the parts together in start-up order; each failure undoes what had started. */
export async function startApp(config: Config, logger: Logger, options: AppOptions = {}): Promise<App> {
  const now = options.now ?? (() => new Date());
  if (!config.neo4j.uri) await refuseSecondEmbedded(config);
  const tracing = startTracing(config.tracing);
  if (tracing) logger.info({ endpoint: config.tracing.endpoint }, "Sending traces over OTLP");
  const auth = await setupAuth(config, logger);
  // The model loads while Neo4j starts: both take seconds the first time.
  const embedderReady = createEmbedder(config.embeddings, config.neo4j.cacheDir, (m) => logger.info(m));
  embedderReady.catch(() => {});
  const localNeo4j = config.neo4j.uri
    ? null
    : await startLocalNeo4j(config.neo4j, logger.child({ component: "neo4j" })).catch(async (err: unknown) => {
        await (await embedderReady.catch(() => null))?.close();
        throw err;
      });
  const connection = { ...(localNeo4j ?? { uri: config.neo4j.uri!, user: config.neo4j.user, password: config.neo4j.password }), bookmarks: config.neo4j.bookmarks };
  // With tracing on, every statement gets a span (the probe's do not: they would only be noise).
  const driver = tracing ? traceDriver(createDriver(connection)) : createDriver(connection);
  const probeDriver = createProbeDriver(connection);
  let embedder: Embedder | null = null;
  let embeddings: EmbeddingWorker | null = null;
  let availability: DatabaseAvailability | null = null;
  let extraction: ExtractionWorker | null = null;
  let outbox: OutboxSequencer | null = null;
  try {
    embedder = await embedderReady;
    await driver.verifyConnectivity({ database: config.neo4j.database });
    availability = watchAvailability({ driver: probeDriver, database: config.neo4j.database, logger: logger.child({ component: "neo4j" }) });
    const watched = availability;
    // The supervisor knows first: an exited server is refused at once, not at the next probe.
    localNeo4j?.onStateChange((state) => {
      if (state !== "up") watched.markDown(state === "failed" ? "the embedded Neo4j could not be restarted" : "the embedded Neo4j exited");
    });
    // The SDL is read once: migrations, the embedding worker and fact passes derive from it.
    const { document } = loadTypeDefs();
    const schemaFacts = schemaFactsOf(document);
    const migrations = migrationsFor(document, { sharedKeys: config.searchSharedKeys });
    const health = { schemaReady: false, migrations: migrations.length, startedAt: Date.now(), modelLoaded: true, version: VERSION, warmedUp: config.warmUpSeconds === 0 };
    await runMigrations(driver, config.neo4j.database, migrations, logger);
    const keys = apiKeyStore(driver, config.neo4j.database);
    const exchange = auth.signingSecret ? apiKeyExchange(keys, auth.signingSecret, config.auth) : null;
    const database = config.neo4j.database;
    const writes = createWriteEvents();
    // Feed events are staged by their writes and numbered after the commit; a sweep numbers any a stopped process left.
    const sequencer = (outbox = createOutboxSequencer({ driver, database, logger: logger.child({ component: "feed" }) }));
    await sequencer.sweep();
    embeddings = createEmbeddingWorker({
      driver,
      database,
      embedder,
      contextMode: config.embeddingContext,
      keys: config.searchSharedKeys,
      types: schemaFacts.embeddedTypes,
      // Facts are relationships: their own pass embeds the ones written through generated CRUD.
      extraPasses: [createFactEmbeddingPass({ driver, database, types: schemaFacts.factTypes })],
      extraPassLabels: ["Person", ...schemaFacts.factRelations.map((r) => r.target)],
      logger: logger.child({ component: "embeddings" }),
    });
    // What a write created: a generated write's input says; a hand-written one is named by its module's table here
    // (every write event carries them, see `named`). A write named nowhere may have written anything.
    const handWritten = new Map(Object.entries({ ...BELIEF_WRITE_LABELS, ...MEMORY_WRITE_LABELS, ...MESSAGE_WRITE_LABELS, ...GAME_WRITE_LABELS, ...RETRIEVAL_WRITE_LABELS }));
    const named = (e: WriteEvent): WriteEvent => (e.labels || !handWritten.has(e.field) ? e : { ...e, labels: [...handWritten.get(e.field)!] });
    // The embedding worker passes over the embedded types among them (none for a game turn or a retrieval run).
    writes.on((e) => embeddings?.wake(e.labels));
    const background = createBackgroundTasks(logger);
    const extractor =
      config.extraction.mode === "off"
        ? null
        : (options.extractor ?? createExtractor(config.extraction, config.llm, schemaFacts.factRelations, logger.child({ component: "extraction" })));
    extraction = extractor
      ? createExtractionWorker({
          deps: { driver, database, embedder, now, logger: logger.child({ component: "extraction" }), schema: schemaFacts },
          extractor,
          config: config.extraction,
        })
      : null;
    // A write that may have stored messages (a generated one whose input writes a Message, nested or not, or a hand-written
    // one: recordMessages, the importers) wakes the worker after a short delay; wake-ups meanwhile join that pass. Any
    // other write is foreground load the worker yields to.
    writes.on((e) => {
      const labels = e.labels;
      if (!labels || labels.includes("Message")) extraction?.wake();
      else extraction?.foreground();
    });
    const deps = { driver, database, embedder, embeddings, logger, writes, background, now, cypherTool: config.cypherTool, schema: schemaFacts, sharedKeys: config.searchSharedKeys, outbox: sequencer };
    const game = { driver, database, config: config.game, extractors: KEYWORD_EXTRACTORS, logger: logger.child({ component: "game" }), now };
    const beliefs = createBeliefDeps(config, deps, schemaFacts.knowledgeLabels);
    const backlog = extraction ? () => extractionBacklog(driver, database) : undefined;
    const metrics = createGatewayMetrics({ driver, database, availability: watched, embeddedTypes: schemaFacts.embeddedTypes, embeddings, logger, extractionBacklog: backlog });
    const { schema, neoSchema, binding } = await buildSchema({
      driver,
      database,
      document,
      knowledgeLabels: schemaFacts.knowledgeLabels,
      resolvers: appResolvers(keys, deps, { llm: config.llm, timeBudgetMs: config.retrieval.timeBudgetMs, toolTimeoutMs: config.retrieval.toolTimeoutMs, onRun: metrics.retrieveRun }, game, beliefs, { config: config.extraction, extractor: extractor ? `${extractor.name}@${extractor.version}` : null }, metrics.feed),
      onWrite: (e) => writes.emit(named(e)),
      poolThreshold: config.sharedPool.threshold,
      outbox: sequencer,
    });
    await neoSchema.assertIndexesAndConstraints({ driver, sessionConfig: { database: config.neo4j.database } });
    const schemaEntries = schemaContext(binding);
    health.schemaReady = true;
    const gateway = await startGateway({
      config,
      driver,
      schema,
      schemaEntries,
      logger,
      health,
      availability: watched,
      metrics,
      authenticate: auth.authenticate,
      localToken: auth.localToken,
      routes: tokenRoute(exchange),
      restRoutes: [retrieveRoute, knowledgeRoute, adminTransferRoute],
      mcp: mcpRoute(schema, VERSION, config.mcp, { exchangeApiKey: exchange && cachedApiKeyExchange(exchange) }),
      extractionBacklog: backlog,
    });
    // Commands without --url find this gateway instead of starting a second one on the same data.
    if (localNeo4j) {
      await writeGatewayRecord(config.neo4j.dataDir, { pid: process.pid, url: localUrl(config.host, gateway.port), dataDir: config.neo4j.dataDir, startedAt: now().toISOString() });
    }
    let warmedUp: WarmUpReport | null = null;
    if (!health.warmedUp) {
      // Before /health/ready says ready: the first minute would otherwise run at half speed (cold plans, JIT, model).
      const contextFor = createContextFactory({ logger, database, authenticate: auth.authenticate, schemaEntries });
      // The SDL's node types, and the feed's outbox (written by the gateway, not declared in the SDL).
      const labels = [...schemaFacts.transfer.labels, "OutboxEvent", "OutboxCounter"];
      try {
        warmedUp = await warmUp({ schema, driver, database, logger, contextFor: (caller) => contextFor({}, caller), seconds: config.warmUpSeconds, labels });
        if (warmedUp.failed > 0) logger.warn(warmedUp, "Warmed up; some warm-up operations failed");
        else logger.info(warmedUp, "Warmed up");
      } catch (err) {
        logger.warn({ err }, "The start-up warm-up failed; serving cold");
      }
      health.warmedUp = true;
    }
    const leaseSweeper = startLeaseSweeper(game);
    const worker = embeddings;
    const learner = extraction;
    const model = embedder;
    return {
      gateway,
      driver,
      localNeo4j,
      embedder: model,
      embeddings: worker,
      leaseSweeper,
      background,
      extraction: learner,
      warmedUp,
      schema: schemaFacts,
      availability: watched,
      async stop() {
        await gateway.stop();
        if (localNeo4j) await removeGatewayRecord(config.neo4j.dataDir);
        await background.drain();
        await sequencer.stop();
        await leaseSweeper.stop();
        await learner?.stop();
        await worker.stop();
        await model.close();
        watched.stop();
        await probeDriver.close();
        await driver.close();
        await localNeo4j?.stop();
        await tracing?.stop();
        logger.info("Stopped");
      },
    };
  } catch (err) {
    if (localNeo4j) await removeGatewayRecord(config.neo4j.dataDir);
    await outbox?.stop();
    await extraction?.stop();
    await embeddings?.stop();
    await (embedder ?? (await embedderReady.catch(() => null)))?.close();
    availability?.stop();
    await probeDriver.close();
    await driver.close();
    await localNeo4j?.stop();
    await tracing?.stop();
    throw err;
  }
}

/**
 * One embedded Neo4j per data directory: a second gateway on it would start for a minute and then fail on the
 * store's lock. Said at once, naming the one that runs.
 */
async function refuseSecondEmbedded(config: Config): Promise<void> {
  const running = await findRunningGateway(config.neo4j.dataDir);
  if (running.state !== "none") throw new DataDirectoryInUse(running);
}
