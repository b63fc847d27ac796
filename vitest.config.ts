import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

// Node resolves `graphql` to its CommonJS build for everyone; Vite would hand our
// ESM code the .mjs build while @neo4j/graphql (CommonJS) loads index.js — two
// copies of graphql in one process. Pin Vite to the one Node uses.
const graphqlAlias = [{ find: /^graphql$/, replacement: require.resolve("graphql") }];
// In the repository the client package is its TypeScript source, as tsconfig.json's `paths` says.
const clientAlias = [{ find: /^@mnemograph\/client$/, replacement: fileURLToPath(new URL("./packages/client/src/index.ts", import.meta.url)) }];

/** Tests of the database tier: a real Neo4j that the global setup starts once for every project (or the one NEO4J_URI names). */
const DATABASE_TESTS = ["tests/integration/**/*.test.ts", "tests/systems/**/*.test.ts", "tests/e2e/**/*.test.ts"];

/**
 * Files that must see the whole database quiet while they run: the access matrix and the hostile
 * and fuzz tiers count or fingerprint every node, the plan tests read the planner's choices, and
 * the embedding tests mark every stale vector PENDING and read the status before any other
 * gateway's worker (which embeds whatever is PENDING, in any tenant) can take it.
 * They run one at a time, after the parallel files.
 */
const WHOLE_DATABASE = [
  "tests/integration/access/accessMatrix.test.ts",
  "tests/integration/access/tenantBoundary.test.ts",
  "tests/integration/hostile/**/*.test.ts",
  "tests/integration/**/*Plans.test.ts",
  "tests/integration/graph/planCache.test.ts",
  "tests/integration/admission.test.ts",
  "tests/integration/embeddings/**/*.test.ts",
  "tests/integration/facts.test.ts",
  "tests/integration/retrieval/recordMemories.test.ts",
  // The shared-keys backfill migration marks every tenant's key-less memories PENDING (the isolation guard caught it).
  "tests/integration/retrieval/sharedKeys.test.ts",
  // The operator's raw Cypher: a refused write must leave every node and relationship count as it was.
  "tests/integration/tools/cypherQuery.test.ts",
  // Its gateway sweeps every tenant's game leases by a clock decades ahead: any other file's live session would close.
  "tests/integration/game/sessionLease.test.ts",
];

/**
 * Process-level tests, `npm run test:system`: each starts its own processes (the compiled build,
 * an embedded Neo4j that is killed or signalled, the CLI's long runs) and proves how the
 * product behaves as a program rather than what it answers. .ci/run runs them after `npm test`.
 */
const SYSTEM = [
  "tests/integration/deploy/distStart.test.ts",
  "tests/integration/deploy/imageStart.test.ts",
  "tests/integration/deploy/packInstall.test.ts",
  "tests/integration/lifecycle.test.ts",
  "tests/integration/outage.test.ts",
  "tests/integration/signals.test.ts",
  "tests/integration/warmUp.test.ts",
  "tests/integration/productionMode.test.ts",
  "tests/integration/cli/squadInstall.test.ts",
  "tests/integration/cli/cliExport.test.ts",
  "tests/integration/cli/cliImport.test.ts",
];

// Two files share the two cores, and a test that starts a process (the CLI, the stdio MCP server) waits for it: 2 minutes before a test is called hung.
/**
 * Files that read OpenTelemetry's spans: the tracer provider is global to a process and can be
 * registered once, so each runs in a process of its own (the only database files not sharing a worker).
 */
const OWN_PROCESS = ["tests/integration/tracing.test.ts", "tests/integration/operationStatements.test.ts", "tests/integration/graph/graphLinkStatements.test.ts"];

// Gateways the tests start from the environment (spawned or loadConfig()) learn no facts from the shared
// database's messages; the extraction tests turn it on for a tenant of their own.
// Child gateways (fixtures/childGateway.ts) inherit these: no extraction worker, no start-up warm-up (seconds per start).
const SUITE_ENV = { EXTRACTION: "off", WARMUP_SECONDS: "0" };

const databaseTier = { globalSetup: ["tests/support/globalSetup.ts"], testTimeout: 120_000, hookTimeout: 240_000 };

// Tiers: unit tests need nothing; the database tier runs its files on both cores (each file owns its
// tenants and agents; a worker shares one gateway per config between files, tests/support/testGateway.ts),
// then the files that must see the whole database one at a time; the system tier is a script of its own.
export default defineConfig({
  resolve: { alias: [...graphqlAlias, ...clientAlias] },
  test: {
    env: SUITE_ENV,
    // `npm run coverage` (not part of `npm test`: it slows a run): line coverage of src/, read by V8.
    coverage: { provider: "v8", include: ["src/**/*.ts"], exclude: ["src/generated/**", "src/**/*.d.ts"], reporter: ["text-summary", "json-summary", "text"], reportsDirectory: "coverage" },
    reporters: ["default", "./tests/support/summaryReporter.ts"],
    projects: [
      // Some unit tests build the whole schema in beforeAll: seconds, more on a busy machine than vitest's 10 s default.
      // Nothing in them mocks modules: a worker keeps its module cache across files (imports are most of this tier's time).
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], hookTimeout: 60_000, isolate: false, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          name: "integration",
          include: DATABASE_TESTS,
          exclude: [...WHOLE_DATABASE, ...SYSTEM, ...OWN_PROCESS],
          ...databaseTier,
          // One worker per core; a worker's module cache (and so its shared gateways) lives across its files.
          isolate: false,
          // A statement a test sends directly must name its tenant, owner, agent or id (tests/support/isolationGuard.ts).
          env: { ...SUITE_ENV, TEST_ISOLATION_GUARD: "on" },
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: { name: "serial", include: WHOLE_DATABASE, ...databaseTier, isolate: false, fileParallelism: false, sequence: { groupOrder: 2 } },
      },
      { extends: true, test: { name: "own-process", include: OWN_PROCESS, ...databaseTier, fileParallelism: false, sequence: { groupOrder: 3 } } },
      { extends: true, test: { name: "system", include: SYSTEM, ...databaseTier, fileParallelism: false, sequence: { groupOrder: 4 } } },
    ],
  },
});
