export { KEYWORD_EXTRACTORS } from "./analysisKeywords.js";
export { type GameDeps } from "./gameDeps.js";
export { gameResolvers } from "./gameResolvers.js";
export { GAME_WRITE_LABELS } from "./writeLabels.js";
export { type LeaseSweeper, startLeaseSweeper } from "./leaseSweeper.js";
export { openSessionCount } from "./openSessionCount.js";
export { turnFromBot, type BotTurn } from "./botTurn.js";
