/**
 * The node types the hand-written message writes create, by root field: the workers woken by them read only
 * these (app/startApp.ts; a write not named anywhere wakes a pass over every type). recordMessages merges
 * each message's channel and author, and a memory when asked to remember.
 */
export const MESSAGE_WRITE_LABELS: Readonly<Record<string, readonly string[]>> = { recordMessages: ["Message", "Channel", "Person", "Memory"] };
