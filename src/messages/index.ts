export { messageToolResolvers } from "./messageToolResolvers.js";
export { MESSAGE_TOOLS } from "./tools.js";
export { MESSAGE_WRITE_LABELS } from "./writeLabels.js";
export { channelMessageMap } from "./messageRecord.js";
