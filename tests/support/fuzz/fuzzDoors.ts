import fc from "fast-check";
import type { Driver } from "neo4j-driver";
import { expect } from "vitest";
import WebSocket from "ws";
import { createClient } from "graphql-ws";
import { ErrorCode } from "../../../src/errors/errors.js";
import { graphFingerprint, type GraphFingerprint } from "../hostile/graphFingerprint.js";
import { EDGE_STRINGS, inputValue } from "./inputArbitraries.js";
import type { FuzzOperation } from "./operations.js";

/** What the fuzzer needs of a running gateway. */
export interface FuzzEnv {
  origin: string;
  token: string;
  driver: Driver;
  /** The graph as the last accepted request left it. */
  fingerprint: GraphFingerprint;
  /** Requests sent, by door. */
  sent: Record<string, number>;
  /** Codes answered, for the report. */
  codes: Record<string, number>;
}

/** One answer, reduced to what every door's checks need. */
export interface Outcome {
  status: number;
  /** Error codes in the answer (empty: accepted). */
  codes: string[];
  shown: string;
}

const CLIENT_CODES = new Set<string>(Object.values(ErrorCode).filter((c) => c !== ErrorCode.INTERNAL_SERVER_ERROR && c !== ErrorCode.SERVICE_UNAVAILABLE));

/**
 * The fuzzer's one property, for every door: no 5xx, no INTERNAL_SERVER_ERROR,
 * every error a named client code; a refused request leaves the graph's
 * fingerprint as it was; an accepted one sets the new expectation once the
 * graph has settled (background work of an accepted write finishes first).
 */
export async function checkOutcome(env: FuzzEnv, door: string, outcome: Outcome, request: string, { namedCodes = true } = {}): Promise<void> {
  env.sent[door] = (env.sent[door] ?? 0) + 1;
  for (const code of outcome.codes.length ? outcome.codes : ["OK"]) env.codes[code] = (env.codes[code] ?? 0) + 1;
  const context = `${door} ${request.slice(0, 600)}\n→ HTTP ${outcome.status} ${outcome.shown.slice(0, 600)}`;
  expect(outcome.status, context).toBeLessThan(500);
  if (namedCodes) for (const code of outcome.codes) expect(CLIENT_CODES.has(code), `code ${code}: ${context}`).toBe(true);
  if (outcome.codes.length) {
    expect(await graphFingerprint(env.driver), `a refused request changed the graph: ${context}`).toEqual(env.fingerprint);
  } else {
    env.fingerprint = await settledFingerprint(env.driver);
  }
}

/** The fingerprint once two readings 150 ms apart agree (at most ~3 s). */
export async function settledFingerprint(driver: Driver): Promise<GraphFingerprint> {
  let last = await graphFingerprint(driver);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 150));
    const next = await graphFingerprint(driver);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  return last;
}

const codesOf = (errors: unknown): string[] =>
  Array.isArray(errors) ? errors.map((e) => String((e as { extensions?: { code?: unknown } })?.extensions?.code ?? "(none)")) : [];

async function answer(res: Response): Promise<{ status: number; body: any; text: string }> {
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text), text };
  } catch {
    return { status: res.status, body: null, text };
  }
}

/** A query or mutation over HTTP /graphql: POST, or GET with the operation in the query string. */
export async function postOperation(env: FuzzEnv, op: FuzzOperation, method: "POST" | "GET" = "POST"): Promise<Outcome> {
  const headers = { "content-type": "application/json", authorization: `Bearer ${env.token}`, "apollo-require-preflight": "true" };
  const search = new URLSearchParams({ query: op.query, variables: JSON.stringify(op.variables) });
  const res =
    method === "GET"
      ? await fetch(`${env.origin}/graphql?${search}`, { headers })
      : await fetch(`${env.origin}/graphql`, { method: "POST", headers, body: JSON.stringify({ query: op.query, variables: op.variables }) });
  const { status, body, text } = await answer(res);
  const codes = codesOf(body?.errors);
  return { status, codes: body ? codes : ["(not JSON)"], shown: text };
}

/** A subscription over graphql-ws: its first result, error or close, or quiet for 500 ms (then unsubscribed). */
export async function subscribeOperation(env: FuzzEnv, op: FuzzOperation): Promise<Outcome> {
  const client = createClient({
    url: `${env.origin.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${env.token}` },
    retryAttempts: 0,
    lazy: true,
  });
  try {
    return await new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => {
        unsubscribe();
        resolve({ status: 200, codes: [], shown: "(no event within 500 ms)" });
      }, 500);
      const unsubscribe = client.subscribe(
        { query: op.query, variables: op.variables },
        {
          next: (value) => {
            clearTimeout(timer);
            unsubscribe();
            resolve({ status: 200, codes: codesOf(value.errors), shown: JSON.stringify(value) });
          },
          error: (err) => {
            clearTimeout(timer);
            const close = err as { code?: number; reason?: string };
            if (typeof close.code === "number") {
              // 4400-range closes are the protocol's answer to a bad message; 1011 and 4500 are the server's fault.
              resolve({ status: close.code === 1011 || close.code === 4500 ? 500 : 200, codes: close.code === 1000 ? [] : ["BAD_USER_INPUT"], shown: `${close.code} ${close.reason ?? ""}` });
            } else resolve({ status: 200, codes: codesOf(err), shown: JSON.stringify(err) });
          },
          complete: () => {
            clearTimeout(timer);
            resolve({ status: 200, codes: [], shown: "(complete)" });
          },
        },
      );
    });
  } finally {
    await client.dispose();
  }
}

const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(...EDGE_STRINGS),
  fc.constant(null),
);
const hostileInt = fc.oneof(fc.integer({ min: -5, max: 50 }), fc.constantFrom<unknown>(2 ** 31, -1, 1.5, 1e308, "3", null, [], {}));

/** Bodies for the chatbot memory service's `POST /api/memory/retrieve`: its fields with hostile values, or any JSON. */
export const retrieveBodies: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      messages: fc.oneof(
        fc.array(
          fc.record(
            {
              author_id: fc.oneof(fc.string({ maxLength: 12 }), hostileJson),
              author_name: fc.oneof(fc.string({ maxLength: 12 }), hostileJson),
              content: fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), fc.constantFrom<unknown>(...EDGE_STRINGS), fc.integer({ min: 20_001, max: 200_000 }).map((n) => "y".repeat(n))),
              timestamp: fc.oneof(fc.constantFrom<unknown>("2024-05-01T10:00:00Z", "2024-13-45T99:99:99Z", "yesterday", 0, null)),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 4 },
        ),
        hostileJson,
        fc.integer({ min: 101, max: 5_000 }).map((n) => new Array(n).fill({ author_id: "u", content: "m" })),
      ),
      channel_id: fc.oneof(fc.string({ maxLength: 10 }), hostileJson),
      max_facts: hostileInt,
      max_iterations: hostileInt,
      debug: fc.oneof(fc.boolean(), hostileJson),
    },
    { requiredKeys: [] },
  ),
  hostileJson,
);

/** `POST /api/memory/retrieve` (or its `/debug`), with the REST routes' error shape (`{ error, code, message, request_id }`). */
export async function postRetrieve(env: FuzzEnv, body: unknown, path = "/api/memory/retrieve"): Promise<Outcome> {
  const res = await fetch(`${env.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${env.token}` },
    body: JSON.stringify(body),
  });
  const { status, body: parsed, text } = await answer(res);
  const code = parsed && typeof parsed.code === "string" ? [parsed.code] : parsed ? [] : ["(not JSON)"];
  if (parsed && code.length && typeof parsed.request_id !== "string") code.push("(no request_id)");
  return { status, codes: status >= 400 && !code.length ? ["(no code)"] : code, shown: text };
}

/**
 * `POST /api/game/turns`: the game agent's own turn_data with each field sometimes hostile
 * (wrong types, edge strings, contexts that are not JSON text), or any JSON at all.
 */
export const gameTurnBodies: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      session_id: fc.oneof(fc.constantFrom<unknown>("fuzz-session", "fuzz-session-2"), hostileJson),
      turn_id: fc.oneof(fc.string({ minLength: 1, maxLength: 16 }), hostileJson),
      turn_count: fc.oneof(fc.integer({ min: -2, max: 50 }), hostileJson),
      timestamp: fc.constantFrom<unknown>("2025-10-10T14:30:00", "2025-10-10T14:30:00Z", "2024-13-45T99:99:99", "later", 0, null),
      gemini_text: fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom<unknown>(...EDGE_STRINGS), hostileJson),
      button_presses: fc.oneof(fc.array(fc.constantFrom<unknown>("up", "down", "a", "b", "start", "UP", "jump", 7, null), { maxLength: 5 }), hostileJson),
      visual_context: fc.oneof(fc.constantFrom<unknown>('{"location": "Route 1"}', "{not json", '["a list"]', ""), hostileJson),
      battle_context: fc.oneof(fc.constantFrom<unknown>('{"in_battle": false}', '{"in_battle": "yes"}', "null"), hostileJson),
      memory_context: fc.oneof(fc.constantFrom<unknown>('{"hitting_obstacles": true}', '{"recent_turns": 3}', "]"), hostileJson),
    },
    { requiredKeys: [] },
  ),
  hostileJson,
);

/** Header values a client may send: printable ASCII, sometimes shaped like a key. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
  fc.constantFrom("ApiKey mk_", "ApiKey mk_' OR 1=1 --", "Bearer ", "ApiKey " + "k".repeat(5000), "mk_00000000000000000000000000000000"),
);

/** `POST /auth/token` with forged API keys (no valid key exists for the fuzzer). */
export const tokenRequests = fc.record({ authorization: fc.option(headerValue, { nil: undefined }), apiKey: fc.option(headerValue, { nil: undefined }), body: hostileJson });

export async function postToken(env: FuzzEnv, r: { authorization?: string; apiKey?: string; body: unknown }): Promise<Outcome> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (r.authorization !== undefined) headers.authorization = r.authorization;
  if (r.apiKey !== undefined) headers["x-api-key"] = r.apiKey;
  const res = await fetch(`${env.origin}/auth/token`, { method: "POST", headers, body: JSON.stringify(r.body) });
  const { status, body, text } = await answer(res);
  const codes = codesOf(body?.errors);
  return { status, codes: status >= 400 && !codes.length ? ["(no code)"] : codes, shown: text };
}

/** JSON-RPC requests for `/mcp`: the real tools with hostile arguments, and malformed calls. */
export function mcpRequests(toolNames: readonly string[]): fc.Arbitrary<unknown> {
  const args = fc.dictionary(
    fc.constantFrom("agentId", "content", "query", "limit", "type", "importance", "sessionId", "personId", "name", "maxTokens", "tags", "cypher", "x"),
    fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom<unknown>(...EDGE_STRINGS), hostileInt, fc.jsonValue({ maxDepth: 2 })),
    { maxKeys: 5 },
  );
  const call = fc.record({
    jsonrpc: fc.constant("2.0"),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
    method: fc.constantFrom("tools/call", "tools/call", "tools/call", "tools/list", "resources/read", "prompts/get", "initialize", "nope/x"),
    params: fc.record({ name: fc.oneof(fc.constantFrom(...toolNames), fc.string({ maxLength: 12 })), arguments: fc.oneof(args, hostileJson), uri: fc.constantFrom("mnemograph://agents/a/context", "mnemograph://../../etc", "file:///etc/passwd") }, { requiredKeys: [] }),
  });
  return fc.oneof({ weight: 5, arbitrary: call }, { weight: 1, arbitrary: hostileJson });
}

/** Opens an MCP session on `/mcp` for `env`'s token (initialize, then initialized): what `postMcp` sends its requests in. */
export async function openMcpSession(env: FuzzEnv): Promise<string> {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${env.token}` };
  const init = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "fuzz", version: "1" } } };
  const res = await fetch(`${env.origin}/mcp`, { method: "POST", headers, body: JSON.stringify(init) });
  const id = res.headers.get("mcp-session-id");
  if (!res.ok || !id) throw new Error(`initialize on /mcp answered ${res.status}: ${await res.text()}`);
  await fetch(`${env.origin}/mcp`, { method: "POST", headers: { ...headers, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
  return id;
}

/** One JSON-RPC request in an MCP session on `/mcp`; a tool's failure must name a client code, never INTERNAL_SERVER_ERROR. */
export async function postMcp(env: FuzzEnv, sessionId: string, request: unknown): Promise<Outcome> {
  const res = await fetch(`${env.origin}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${env.token}`, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify(request),
  });
  const { status, body, text } = await answer(res);
  const replies = [body].flat().filter((r) => r && typeof r === "object");
  const codes: string[] = [];
  for (const reply of replies) {
    if (reply.error) codes.push(`JSONRPC_${reply.error.code}`);
    const content = reply.result?.isError ? reply.result.content : undefined;
    if (Array.isArray(content)) codes.push(/^([A-Z_]+):/.exec(String(content[0]?.text ?? ""))?.[1] ?? "TOOL_ERROR");
  }
  // JSON-RPC codes and tool errors without a code are the protocol's own answers to a bad call.
  return { status, codes: codes.map((c) => (c.startsWith("JSONRPC_") || c === "TOOL_ERROR" ? "BAD_USER_INPUT" : c)), shown: text };
}

/** GET routes without input: probed with hostile query strings and paths. */
export const probePaths = fc.tuple(
  fc.constantFrom("/", "/health", "/health/live", "/health/ready", "/metrics", "/api/openapi.json", "/graphiql/", "/graphiql/explorer.js", "/graphiql/assets/x.js", "/graphiql/assets/..%2f..%2fpackage.json", "/graphiql/assets/%00", "/explorer/", "/explorer/main.js", "/explorer/..%2f..%2fpackage.json", "/explorer/assets/x.js", "/explorer/assets/%00", "/local-token"),
  fc.string({ unit: fc.constantFrom("a", "=", "&", "%", "2", "F", "<", "'", ".", "/"), maxLength: 20 }),
);

export async function getProbe(env: FuzzEnv, [path, search]: [string, string]): Promise<Outcome> {
  const res = await fetch(`${env.origin}${path}?${search}`, { headers: { authorization: `Bearer ${env.token}` }, redirect: "manual" });
  const text = await res.text();
  return { status: res.status, codes: res.status >= 400 ? [`HTTP_${res.status}`] : [], shown: text.slice(0, 300) };
}

export { inputValue };

/** Query strings for `GET /api/admin/export`: its parameters with hostile values, some left out. */
export const exportQueries = fc.record(
  {
    tenant: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...EDGE_STRINGS.filter((s): s is string => typeof s === "string"))),
    vectors: fc.constantFrom("true", "false", "yes", "1", "", "[]"),
    page_size: fc.oneof(fc.integer({ min: -5, max: 100_000 }).map(String), fc.string({ maxLength: 8 })),
  },
  { requiredKeys: [] },
);

/** Bodies for `POST /api/admin/import`: batches of lines with hostile text, or any JSON. */
export const importBodies: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      tenant: fc.oneof(fc.string({ maxLength: 20 }), hostileJson),
      lines: fc.oneof(
        fc.array(fc.record({ line: hostileInt, text: fc.oneof(fc.string({ maxLength: 60 }), fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), hostileJson) }, { requiredKeys: [] }), { maxLength: 4 }),
        hostileJson,
      ),
    },
    { requiredKeys: [] },
  ),
  hostileJson,
);

/** The tenant export and import routes: a refusal in the REST shape (code and request_id); an export's lines each JSON. */
export async function adminTransfer(env: FuzzEnv, request: { query?: Record<string, string>; body?: unknown }): Promise<Outcome> {
  const res = request.query
    ? await fetch(`${env.origin}/api/admin/export?${new URLSearchParams(request.query)}`, { headers: { authorization: `Bearer ${env.token}` } })
    : await fetch(`${env.origin}/api/admin/import`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${env.token}` },
        body: JSON.stringify(request.body),
      });
  const { status, body: parsed, text } = await answer(res);
  if (status < 400) {
    const broken = request.query ? text.split("\n").filter((l) => l.trim()).some((l) => { try { JSON.parse(l); return false; } catch { return true; } }) : parsed === null;
    return { status, codes: broken ? ["(not JSON)"] : [], shown: text.slice(0, 300) };
  }
  const code = parsed && typeof parsed.code === "string" ? [parsed.code] : parsed ? [] : ["(not JSON)"];
  if (parsed && code.length && typeof parsed.request_id !== "string") code.push("(no request_id)");
  return { status, codes: code.length ? code : ["(no code)"], shown: text };
}
