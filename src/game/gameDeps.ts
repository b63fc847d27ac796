import type { GraphTarget } from "../graph/executor.js";
import type { GameConfig } from "../config/config.js";
import type { Logger } from "../logging/logger.js";
import type { TurnExtractors } from "./analysisKeywords.js";

/** What the game-memory functions are built with, once at start-up. */
export interface GameDeps extends GraphTarget {
  config: GameConfig;
  /** Location and battle extraction from the analysis text (the game agent's keywords by default). */
  extractors: TurnExtractors;
  logger: Logger;
  /** The clock; tests pin it. Leases are computed from it, never from the database's clock. */
  now: () => Date;
}
