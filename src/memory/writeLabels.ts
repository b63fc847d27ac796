/**
 * The node types the hand-written memory writes create, by root field: the workers woken by them read only
 * these (app/startApp.ts; a write not named anywhere wakes a pass over every type).
 */
export const MEMORY_WRITE_LABELS: Readonly<Record<string, readonly string[]>> = {
  recordMemories: ["Memory"],
  recordInteraction: ["Memory"],
  recordSignificantInteraction: ["Memory"],
};
