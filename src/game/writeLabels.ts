/**
 * The node types the game agent's hand-written writes create or update, by root field (app/startApp.ts
 * names each write's types with them): none is embedded, none is knowledge, none holds messages, so a
 * game agent recording turns fast wakes neither the embedding worker, nor the extraction worker, nor
 * the knowledge feed's poller.
 */
export const GAME_WRITE_LABELS: Readonly<Record<string, readonly string[]>> = {
  startSession: ["GameSession"],
  endSession: ["GameSession"],
  heartbeatSession: ["GameSession"],
  recordTurn: ["Turn", "Screenshot", "GameSession"],
};
