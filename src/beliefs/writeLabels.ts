import { STORED_AS } from "./memoryKinds.js";

/**
 * The node types the hand-written belief writes create, by root field: the workers woken by them read only
 * these (app/startApp.ts; a write not named anywhere wakes a pass over every type).
 */
export const BELIEF_WRITE_LABELS: Readonly<Record<string, readonly string[]>> = { memoryStore: Object.values(STORED_AS) };
