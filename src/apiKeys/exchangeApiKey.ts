import type { AuthConfig } from "../config/config.js";
import { signToken } from "../auth/tokens.js";
import type { ApiKeyStore } from "./apiKeyStore.js";

/** What an API key looks like: anything else is refused before the store is asked. */
export const API_KEY = /^mk_[A-Za-z0-9_-]{20,100}$/;

export interface IssuedToken {
  token: string;
  expiresIn: number;
}

/** An API key → a short-lived bearer token for its agent, or null for an unknown or revoked key. */
export type ApiKeyExchange = (key: string) => Promise<IssuedToken | null>;

/** The exchange of `POST /auth/token`, and of clients that can only send a fixed header (`/mcp`). */
export function apiKeyExchange(store: ApiKeyStore, secret: string, auth: AuthConfig): ApiKeyExchange {
  return async (key) => {
    if (!API_KEY.test(key)) return null;
    const info = await store.findByKey(key);
    if (!info) return null;
    const token = await signToken(secret, { tenantId: info.tenantId, agentId: info.agentId, roles: info.roles }, auth.tokenTtlSeconds, auth);
    return { token, expiresIn: auth.tokenTtlSeconds };
  };
}

/**
 * The same exchange, remembered per key for a minute (and never past half the
 * token's life): a desktop MCP client sends its key with every request, and a
 * lookup per request would be one more statement each. A revoked key stops
 * working within that minute.
 */
export function cachedApiKeyExchange(exchange: ApiKeyExchange, now: () => number = Date.now, holdMs = 60_000): ApiKeyExchange {
  const cache = new Map<string, { issued: IssuedToken; until: number }>();
  return async (key) => {
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.issued;
    const issued = await exchange(key);
    if (cache.size > 10_000) cache.clear();
    if (issued) cache.set(key, { issued, until: now() + Math.min(holdMs, (issued.expiresIn * 1000) / 2) });
    else cache.delete(key);
    return issued;
  };
}
