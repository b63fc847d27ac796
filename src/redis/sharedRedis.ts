import { randomUUID } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";
import type { GatewayPeers, PeerChannel } from "../core/gatewayPeers.js";
import type { WorkClaims } from "../core/workClaims.js";
import type { Logger } from "../logging/logger.js";
import { redisClaims } from "./redisClaims.js";

/** Channel names in Redis: one prefix, so a Redis shared with other programs sees whose they are. */
const PREFIX = "mnemograph:";
const CHANNELS: readonly PeerChannel[] = ["memoryContext", "feed"];

/** How long a start-up waits for Redis before the gateway refuses to start. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A command that takes longer fails (the rate limiter then counts in memory): a Redis that hangs must not
 * hold every operation of every gateway.
 */
const COMMAND_TIMEOUT_MS = 1_000;

/** The gateway's connections to Redis: one for commands (rate limits, publishing), one subscribed to the peers. */
export interface SharedRedis {
  /** Commands fail at once while Redis is away (no offline queue): the rate limiter counts in memory meanwhile. */
  commands: Redis;
  peers: GatewayPeers;
  /** Which gateway embeds a PENDING node (core/workClaims.ts). */
  claims: WorkClaims;
  close(): Promise<void>;
}

/**
 * Connects to REDIS_URL, once at start-up (from the app's composition root), and subscribes to the peers'
 * channels. A Redis that does not answer within CONNECT_TIMEOUT_MS stops the start-up: a gateway that was
 * told to share state and cannot is misconfigured. Once started, Redis going away is survived: ioredis
 * reconnects (and subscribes again) on its own, and what was shared is per process meanwhile.
 */
export async function connectSharedRedis(url: string, logger: Logger): Promise<SharedRedis> {
  const where = describe(url);
  const options: RedisOptions = { lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, retryStrategy: (times) => Math.min(times * 100, 2_000) };
  const commands = new Redis(url, { ...options, enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 0 });
  const subscriber = new Redis(url, options);
  const health = connectionLog(logger, where);
  commands.on("error", health.error);
  subscriber.on("error", health.error);
  commands.on("ready", health.ready);
  try {
    await Promise.all([commands.connect(), subscriber.connect()]);
    await subscriber.subscribe(...CHANNELS.map((c) => PREFIX + c));
  } catch (err) {
    commands.disconnect();
    subscriber.disconnect();
    throw new Error(`REDIS_URL: Redis at ${where} did not answer: ${(err as Error).message}`, { cause: err });
  }
  logger.info({ redis: where }, "Sharing rate limits, cache invalidation, feed wake-ups and work claims through Redis");
  // This process, as the peers and the claims name it.
  const origin = randomUUID();
  return {
    commands,
    peers: redisPeers(commands, subscriber, origin, logger),
    claims: redisClaims(commands, origin, logger),
    async close() {
      // Not QUIT: with Redis away it would wait for a reconnection that may never come.
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}

/**
 * Peers over Redis pub/sub. Every message carries this process's id, so a process does not hear itself
 * (it has already acted on its own writes, in its own memory).
 */
function redisPeers(commands: Redis, subscriber: Redis, origin: string, logger: Logger): GatewayPeers {
  const listeners = new Map<string, ((message: unknown) => void)[]>();
  const resync: (() => void)[] = [];
  subscriber.on("message", (channel: string, text: string) => {
    let parsed: { origin?: unknown; message?: unknown };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      return logger.warn({ channel }, "Ignoring a message from Redis that is not JSON");
    }
    if (parsed.origin === origin) return;
    for (const listener of listeners.get(channel) ?? []) listener(parsed.message);
  });
  // Start-up's `ready` has been emitted before this runs (connect() resolves on it): every one from now on is a
  // reconnection, after which ioredis subscribes again by itself.
  subscriber.on("ready", () => resync.forEach((l) => l()));
  return {
    shared: true,
    publish(channel, message) {
      // Fire and forget: the write has committed; a lost hint costs freshness only (core/gatewayPeers.ts).
      commands.publish(PREFIX + channel, JSON.stringify({ origin, message })).catch(() => {});
    },
    on(channel, listener) {
      const key = PREFIX + channel;
      listeners.set(key, [...(listeners.get(key) ?? []), listener]);
    },
    onResync(listener) {
      resync.push(listener);
    },
  };
}

/** Logs Redis going away once per outage (ioredis reports every failed reconnection), and its return. */
function connectionLog(logger: Logger, where: string) {
  let down = false;
  return {
    error(err: Error) {
      if (down) return;
      down = true;
      logger.warn({ err, redis: where }, "Redis is unreachable: rate limits count per process and gateways do not hear each other until it is back");
    },
    ready() {
      if (!down) return;
      down = false;
      logger.info({ redis: where }, "Redis is back: rate limits and notifications are shared again");
    },
  };
}

/** Host and port, never the password the URL may carry. */
function describe(url: string): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || "6379"}`;
}
