import type { Connection } from "./connection.js";
import { GatewayRefused, GatewayUnreachable } from "./connection.js";

/** The URL of a REST route of the gateway whose GraphQL endpoint the connection reaches. */
export const restUrl = (connection: Connection, route: string, query: Record<string, string | undefined> = {}) => {
  const url = new URL(`/api${route}`, connection.url);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url;
};

/** A REST error body (restRoutes.ts restError) as the CLI's GatewayRefused. */
async function refusalOf(res: Response): Promise<GatewayRefused> {
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string; field?: string; retry_after_seconds?: number };
  return new GatewayRefused(body.message ?? `HTTP ${res.status}`, body.code ?? "INTERNAL_SERVER_ERROR", body.field, body.retry_after_seconds);
}

/**
 * Calls a REST route of the gateway with the connection's credentials: the
 * response when it is a success, else GatewayRefused with the error body's
 * code and field, or GatewayUnreachable when no answer came.
 */
export async function restCall(connection: Connection, method: "GET" | "POST", url: URL, body?: unknown): Promise<Response> {
  let res: Response;
  try {
    const headers = { ...(await connection.client.headers()), ...(body === undefined ? {} : { "content-type": "application/json" }) };
    res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new GatewayUnreachable(`The gateway could not be reached: ${(err as Error).message}`);
  }
  if (!res.ok) throw await refusalOf(res);
  return res;
}
