/**
 * The channels gateways tell each other on; a closed set, so a name cannot be mistyped at one end.
 * - `memoryContext`: a write made cached memory contexts stale (the memory domain's invalidation scope);
 * - `feed`: a tenant's outbox has new numbered events (its subscribers' pollers read now).
 */
export type PeerChannel = "memoryContext" | "feed";

/**
 * The other gateway processes that share this one's Redis (REDIS_URL). A message is a hint, never the
 * data: what it points at is in Neo4j, so a message lost while Redis is away costs freshness (a cache
 * entry served until its TTL, a feed event delivered at the next poll), never correctness.
 */
export interface GatewayPeers {
  /** Whether any other process can hear: false on one process (no REDIS_URL). */
  readonly shared: boolean;
  /** Tells every other gateway; never throws (a failure is logged by the implementation). */
  publish(channel: PeerChannel, message: object): void;
  /** Called with each message another gateway publishes on `channel` (never with this process's own). */
  on(channel: PeerChannel, listener: (message: unknown) => void): void;
  /** Called when the connection to the others is back after a loss: messages sent meanwhile may be missed. */
  onResync(listener: () => void): void;
}

/** One process: nobody to tell, nothing to hear. */
export const SINGLE_PROCESS: GatewayPeers = {
  shared: false,
  publish: () => {},
  on: () => {},
  onResync: () => {},
};
