import type { Redis } from "ioredis";
import type { ClaimKind, WorkClaims } from "../core/workClaims.js";
import type { Logger } from "../logging/logger.js";

/**
 * Claims each key for `ARGV[1]` (this process) for `ARGV[2]` ms unless another process holds it; returns 1 for
 * each key this process holds afterwards (newly or already), 0 for one another holds. One round trip a batch.
 */
const CLAIM = `
local held = {}
for i, key in ipairs(KEYS) do
  if redis.call('SET', key, ARGV[1], 'NX', 'PX', ARGV[2]) or redis.call('GET', key) == ARGV[1] then
    held[i] = 1
  else
    held[i] = 0
  end
end
return held`;

/**
 * Deletes each key this process (`ARGV[1]`) holds, or with `ARGV[2]` > 0 lets it lapse that many ms from now;
 * a key that lapsed and was claimed by another is left alone.
 */
const RELEASE = `
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    if tonumber(ARGV[2]) > 0 then redis.call('PEXPIRE', key, ARGV[2]) else redis.call('DEL', key) end
  end
end
return 0`;

/** Keys in Redis: one prefix, as the peers' channels have (sharedRedis.ts). */
const keyOf = (kind: ClaimKind, key: string) => `mnemograph:claim:${kind}:${key}`;

/**
 * Work claims over the gateways' shared Redis (core/workClaims.ts), as `origin` (this process). When Redis does
 * not answer, every key is granted, as on one process: the work may then be done twice by two gateways, and is
 * never left undone. Logged once per outage.
 */
export function redisClaims(commands: Redis, origin: string, logger: Logger): WorkClaims {
  let failing = false;
  const failed = (err: unknown) => {
    if (!failing) logger.warn({ err }, "Work claims could not be asked of Redis: this gateway works on everything it reads until Redis answers");
    failing = true;
  };
  return {
    async claim(kind, keys, ttlMs) {
      if (keys.length === 0) return new Set();
      try {
        const held = (await commands.eval(CLAIM, keys.length, ...keys.map((k) => keyOf(kind, k)), origin, String(Math.round(ttlMs)))) as number[];
        failing = false;
        return new Set(keys.filter((_, i) => held[i] === 1));
      } catch (err) {
        failed(err);
        return new Set(keys);
      }
    },
    async release(kind, keys, lingerMs = 0) {
      if (keys.length === 0) return;
      await commands.eval(RELEASE, keys.length, ...keys.map((k) => keyOf(kind, k)), origin, String(Math.round(lingerMs))).catch(failed);
    },
  };
}
