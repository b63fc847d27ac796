import type { Caller } from "./caller.js";

/** A mutation that succeeded through the gateway. */
export interface WriteEvent {
  /** Root field, e.g. `createMemories`, `recordInteraction`. */
  field: string;
  /** Node type a generated mutation wrote (`Memory`), when known. */
  typeName: string | undefined;
  caller: Caller;
  /**
   * The node types a generated write created or updated, as its input says (nested writes included);
   * absent for hand-written writes, which may touch anything. Workers woken by the write
   * look only at these types.
   */
  labels?: string[];
}

export type WriteListener = (event: WriteEvent) => void;

/**
 * In-process notifications of committed writes: the embedding worker wakes on
 * them, caches drop what a write made stale. Listeners must not throw or block.
 */
export interface WriteEvents {
  emit(event: WriteEvent): void;
  on(listener: WriteListener): () => void;
}

export function createWriteEvents(): WriteEvents {
  const listeners = new Set<WriteListener>();
  return {
    emit: (event) => listeners.forEach((l) => l(event)),
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
