import { migrationsFor } from "../../src/app/migrations.js";
import { loadConfig } from "../../src/config/config.js";
import type { Migration } from "../../src/graph/migrations/migration.js";
import { loadTypeDefs } from "../../src/schema/loadTypeDefs.js";

/**
 * The migrations the test suite's shared store is made with: every index a gateway or a plan may use
 * (shared keys on), the word indexes' refresh as the gateways' config has it, so a gateway start that
 * finds the store never rebuilds them (SEARCH_WORD_INDEX_REFRESH).
 */
export const testStoreMigrations = (): Migration[] =>
  migrationsFor(loadTypeDefs().document, { sharedKeys: true, wordIndexRefresh: loadConfig().searchWordIndexRefresh });
