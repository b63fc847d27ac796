export { KEYWORD_EXTRACTORS } from "./analysisKeywords.js";
export { type GameDeps } from "./gameDeps.js";
export { GAME_WRITES_WITHOUT_EMBEDDED_TEXT, gameResolvers } from "./gameResolvers.js";
export { type LeaseSweeper, startLeaseSweeper } from "./leaseSweeper.js";
export { openSessionCount } from "./openSessionCount.js";
