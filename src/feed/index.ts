export { appendOutboxEvent } from "./appendOutboxEvent.js";
export { feedResolvers } from "./feedResolvers.js";
export type { FeedObserver } from "./feedObserver.js";
export { feedWriteStamp, reachesStampedInput, stampedLabels, withFeedStamp, writtenLabels, WRITTEN_INPUT } from "./feedStamp.js";
export { feedStampIndexes } from "./feedStampIndexes.js";
export { type KnowledgeWriteRunner, knowledgeOutbox } from "./knowledgeOutbox.js";
export { OUTBOX_MIGRATIONS } from "./outboxMigrations.js";
export { installSquadDefaults, type SquadInstallation } from "./installSquadDefaults.js";
