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

/** A place held for a session being opened (McpSessions.reserve). */
export interface SessionSlot<E> {
  /** The session got its id: it takes the place. */
  fill(id: string, entry: E): void;
  /** The opening failed or ended without a session: the place is free again. */
  release(): void;
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
  /** Sessions each owner is initializing (reserved, not yet given an id). */
  private readonly opening = new Map<string, number>();

  constructor(
    private readonly limits: SessionLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get(id: string): E | undefined {
    return this.byId.get(id);
  }

  /** Whether `owner` may open one more session: its sessions and the ones it is opening count. */
  hasRoom(owner: string): boolean {
    let open = this.opening.get(owner) ?? 0;
    for (const entry of this.byId.values()) if (entry.owner === owner) open++;
    return open < this.limits.maxPerCaller;
  }

  /**
   * Holds a place for a session `owner` is opening, taken at once, so that
   * initializations running at the same time cannot together pass the cap:
   * null when there is no room. The place becomes the session with `fill`, or
   * is given back with `release` (a no-op once filled).
   */
  reserve(owner: string): SessionSlot<E> | null {
    if (!this.hasRoom(owner)) return null;
    this.opening.set(owner, (this.opening.get(owner) ?? 0) + 1);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      const left = (this.opening.get(owner) ?? 1) - 1;
      if (left > 0) this.opening.set(owner, left);
      else this.opening.delete(owner);
    };
    return {
      fill: (id, entry) => {
        release();
        this.add(id, entry);
      },
      release,
    };
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
