import type { BattleType, GameButton, GameSessionCloseReason, GameSessionStatus, TurnPattern } from "../generated/resolvers-types.js";

/*
 * The enums of schema/game.graphql as values, for the code that reads stored
 * turns and sessions back (Row.oneOf, Row.someOf refuse anything else). The
 * generated types check each value; tests/unit/schema/storedEnums.test.ts holds
 * each list equal to its SDL enum, so one cannot gain a value the other lacks.
 */
export const GAME_BUTTONS = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT", "L", "R"] as const satisfies readonly GameButton[];
export const BATTLE_TYPES = ["WILD", "TRAINER"] as const satisfies readonly BattleType[];
export const SESSION_STATUSES = ["ACTIVE", "COMPLETED", "ABANDONED"] as const satisfies readonly GameSessionStatus[];
export const CLOSE_REASONS = ["ENDED", "LEASE_EXPIRED", "CONNECTION_CLOSED"] as const satisfies readonly GameSessionCloseReason[];
export const TURN_PATTERNS = ["HITTING_OBSTACLES", "OSCILLATING", "REPEATED_FAILURE", "STUCK"] as const satisfies readonly TurnPattern[];
