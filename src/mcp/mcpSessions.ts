import type { Caller } from "../core/caller.js";

/** Who a session belongs to: the caller that initialized it. Later requests must be the same caller. */
export function sessionOwner(caller: Caller): string {
  return JSON.stringify([caller.tenantId, caller.agentId, caller.operator === true]);
}

export interface SessionEntry {
  owner: string;
  /** Milliseconds since the epoch of the last request, or of the end of the last GET stream. */
  lastUsed: number;
  /** GET streams open now: a client listening for notifications is not idle. */
  openStreams: number;
  close(): Promise<void>;
}

export interface SessionLimits {
  idleMs: number;
  maxPerCaller: number;
}

/**
 * The bookkeeping of the Streamable HTTP sessions: who owns each, how many
 * each caller holds, which ones are idle. No I/O and an injected clock, so the
 * bounds are unit-tested; closing a session is the entry's own `close`.
 */
export class McpSessions<E extends SessionEntry = SessionEntry> {
  private readonly byId = new Map<string, E>();

  constructor(
    private readonly limits: SessionLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get(id: string): E | undefined {
    return this.byId.get(id);
  }

  /** Whether `owner` may open one more session. */
  hasRoom(owner: string): boolean {
    let open = 0;
    for (const entry of this.byId.values()) if (entry.owner === owner) open++;
    return open < this.limits.maxPerCaller;
  }

  add(id: string, entry: E): void {
    this.byId.set(id, entry);
  }

  remove(id: string): void {
    this.byId.delete(id);
  }

  touch(entry: E): void {
    entry.lastUsed = this.now();
  }

  /** Removes and returns the sessions idle for longer than the limit (no request, no open GET stream). */
  takeIdle(): E[] {
    const cutoff = this.now() - this.limits.idleMs;
    const idle: E[] = [];
    for (const [id, entry] of this.byId) {
      if (entry.openStreams === 0 && entry.lastUsed < cutoff) {
        this.byId.delete(id);
        idle.push(entry);
      }
    }
    return idle;
  }

  /** Removes and returns every session (the gateway is stopping). */
  takeAll(): E[] {
    const all = [...this.byId.values()];
    this.byId.clear();
    return all;
  }

  get size(): number {
    return this.byId.size;
  }
}
