import type { GraphTarget } from "../graph/executor.js";
import type { GameConfig } from "../config/config.js";
import type { Logger } from "../logging/logger.js";
import type { TurnExtractors } from "./analysisKeywords.js";
import type { ScreenshotStorage } from "./screenshotStorage.js";

/** What the game-memory functions are built with, once at start-up. */
export interface GameDeps extends GraphTarget {
  config: GameConfig;
  /** Location and battle extraction from the analysis text (the game agent's keywords by default). */
  extractors: TurnExtractors;
  logger: Logger;
  /** Where screenshot bytes are written (SCREENSHOT_STORE) and read from. */
  screenshots: ScreenshotStorage;
  /** The clock; tests pin it. Leases are computed from it, never from the database's clock. */
  now: () => Date;
}
