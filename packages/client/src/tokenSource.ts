import { MnemographError } from "./MnemographError.js";

/** How a client proves who it is. */
export interface Credentials {
  /** A bearer token, used as given (with `apiKey` too: the first one, before any exchange). */
  token?: string | undefined;
  /** An API key (mk_…), exchanged at POST /auth/token for a token that is renewed before it expires. */
  apiKey?: string | undefined;
  /** With the gateway's authentication off (loopback only): the agent to act as. */
  agent?: string | undefined;
}

export interface TokenSource {
  /** The headers of the next request: the current token, exchanged first when none is held or it is due. */
  headers(): Promise<Record<string, string>>;
  /**
   * Exchanges the API key for a new token now (the gateway refused the current one:
   * expired early, revoked). False when there is no API key to exchange.
   */
  renew(): Promise<boolean>;
  /** The claims of the current token, read without verifying it (the gateway verifies); undefined without a token. */
  claims(): Promise<Record<string, unknown> | undefined>;
}

export interface TokenSourceOptions extends Credentials {
  /** Any URL of the gateway: the exchange is at its origin's /auth/token. */
  url: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; injected by tests. */
  now?: () => number;
  /** Renew this long before the token expires. */
  renewMarginMs?: number;
}

function claimsOf(token: string): Record<string, unknown> {
  try {
    const base64 = (token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/");
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * The one implementation of the API key → token exchange with renewal, used by
 * MnemographClient and by the gateway's stdio MCP server. A token is renewed
 * `renewMarginMs` before the `expires_in` the exchange gave; concurrent
 * requests share one exchange.
 */
export function tokenSource({ url, token: given, apiKey, agent, fetch: fetchImpl = fetch, now = Date.now, renewMarginMs = 30_000 }: TokenSourceOptions): TokenSource {
  let token = given;
  let renewAt = Infinity;
  let exchanging: Promise<void> | undefined;

  async function exchange(): Promise<void> {
    const response = await fetchImpl(new URL("/auth/token", url), { method: "POST", headers: { authorization: `ApiKey ${apiKey}` } });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; errors?: { message: string; extensions?: { code?: string } }[] };
    if (!response.ok || !body.access_token) {
      const error = body.errors?.[0];
      throw new MnemographError(`The API key was refused (${response.status}): ${error?.message ?? "no token"}`, error?.extensions?.code ?? "UNAUTHENTICATED", { status: response.status });
    }
    token = body.access_token;
    renewAt = now() + (body.expires_in ?? 0) * 1000 - renewMarginMs;
  }

  /** One exchange at a time: requests that find the token due wait for the same one. */
  function exchangeOnce(): Promise<void> {
    exchanging ??= exchange().finally(() => (exchanging = undefined));
    return exchanging;
  }

  return {
    async headers(): Promise<Record<string, string>> {
      if (apiKey && (!token || now() >= renewAt)) await exchangeOnce();
      if (token) return { authorization: `Bearer ${token}` };
      return agent ? { "x-mnemograph-agent": agent } : {};
    },
    async renew() {
      if (!apiKey) return false;
      await exchangeOnce();
      return true;
    },
    async claims() {
      if (apiKey && !token) await exchangeOnce();
      return token ? claimsOf(token) : undefined;
    },
  };
}
