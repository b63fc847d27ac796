import { signToken } from "../../../src/auth/tokens.js";
import type { Caller } from "../../../src/core/caller.js";
import type { GraphQLResponse } from "../testGateway.js";

/** What came back over HTTP: the status, and the body parsed (or kept raw when it is not JSON). */
export interface Answer {
  status: number;
  body: GraphQLResponse<Record<string, any>> & { raw?: string };
}

/** A test-only HS256 secret (≥ 32 characters, as the config requires). */
export const HOSTILE_SECRET = "hostile-input-suite-secret-0123456789abcdef";

/** Signs short-lived tokens for callers, as an issuer would. */
export function mintToken(caller: Caller, secret = HOSTILE_SECRET): Promise<string> {
  return signToken(secret, caller, 900, {});
}

/** Sends a body exactly as given: hostile bodies must not pass through JSON.stringify. */
export async function send(
  url: string,
  init: { method?: "GET" | "POST"; body?: string; headers?: Record<string, string> },
): Promise<Answer> {
  const method = init.method ?? "POST";
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...init.headers },
    ...(method === "POST" ? { body: init.body ?? "" } : {}),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Answer["body"] };
  } catch {
    return { status: res.status, body: { raw: text } };
  }
}

/** One GraphQL operation as a bearer of `token` (or of no token). */
export function graphql(url: string, token: string | null, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  return send(url, {
    body: JSON.stringify({ query, variables }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
