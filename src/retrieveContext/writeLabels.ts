/**
 * The node types retrieval's hand-written writes create or update, by root field (app/startApp.ts names
 * each write's types with them): a retrieval writes only its run record, which has no embedded text,
 * no knowledge and no message, so it wakes no worker and not the knowledge feed's poller.
 */
export const RETRIEVAL_WRITE_LABELS: Readonly<Record<string, readonly string[]>> = {
  retrieveContext: ["RetrievalRun"],
  markRetrievalRun: ["RetrievalRun"],
};
