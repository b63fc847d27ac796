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

// Two tiers: unit tests need nothing; integration and e2e tests share one real
// Neo4j that the global setup starts (or the one NEO4J_URI names).
export default defineConfig({
  resolve: { alias: [...graphqlAlias, ...clientAlias] },
  test: {
    // Gateways the tests start from the environment (spawned or loadConfig()) learn no facts from the shared
    // database's messages; the extraction tests turn it on for a tenant of their own.
    // Child gateways (fixtures/childGateway.ts) inherit these: no extraction worker, no start-up warm-up (seconds per start).
    env: { EXTRACTION: "off", WARMUP_SECONDS: "0" },
    reporters: ["default", "./tests/support/summaryReporter.ts"],
    projects: [
      // Some unit tests build the whole schema in beforeAll: seconds, more on a busy machine than vitest's 10 s default.
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], hookTimeout: 60_000 } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/systems/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/globalSetup.ts"],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
