import type { DocumentTypeDecoration } from "@graphql-typed-document-node/core";
import { knowledgeFeed, type KnowledgeFeed, type KnowledgeFeedOptions } from "./knowledgeFeed.js";
import { errorOfGraphQL, MnemographError, type GraphQLErrorShape } from "./MnemographError.js";
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from "./retryPolicy.js";
import { tokenSource, type Credentials, type TokenSource } from "./tokenSource.js";

export interface MnemographClientOptions extends Credentials {
  /** The gateway's GraphQL endpoint, e.g. http://localhost:4000/graphql. REST routes and /auth/token are at its origin. */
  url: string;
  retry?: Partial<RetryPolicy>;
  /** A WebSocket class for the knowledge feed (the `ws` package on Node 20); the global one by default. */
  webSocketImpl?: unknown;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; injected by tests, as is `sleep`. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** A GraphQL response as the gateway sends it. */
export interface GraphQLResult<TData = Record<string, unknown>> {
  data?: TData | null;
  errors?: GraphQLErrorShape[];
}

/** One attempt's answer, and why it failed when it did. */
interface Outcome<T> {
  result: T;
  failure?: MnemographError | undefined;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A client of a Mnemograph gateway. Typed operations (`request(StoreMemoryDocument, …)`),
 * REST routes (`rest("/api/memory/retrieve", body)`) and the knowledge feed
 * (`knowledgeFeed({ agentId })`) share its credentials — an API key is
 * exchanged for tokens, renewed before they expire and again when the gateway
 * refuses one — and its retry policy (SERVICE_UNAVAILABLE, SERVICE_BUSY and RATE_LIMITED,
 * honouring `retryAfterSeconds`).
 */
export class MnemographClient {
  readonly url: string;
  readonly tokens: TokenSource;
  private readonly retry: RetryPolicy;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly webSocketImpl: unknown;

  constructor({ url, token, apiKey, agent, retry = {}, webSocketImpl = (globalThis as { WebSocket?: unknown }).WebSocket, fetch: fetchImpl = fetch, now = Date.now, sleep = realSleep }: MnemographClientOptions) {
    this.url = url;
    this.retry = { ...DEFAULT_RETRY_POLICY, ...retry };
    this.fetchImpl = fetchImpl;
    this.sleep = sleep;
    this.webSocketImpl = webSocketImpl;
    this.tokens = tokenSource({ url, token, apiKey, agent, fetch: fetchImpl, now });
  }

  /** Runs a typed operation and returns its data; throws MnemographError on the first error the gateway reports. */
  async request<TResult, TVariables>(document: DocumentTypeDecoration<TResult, TVariables>, variables: TVariables): Promise<TResult> {
    const { result, failure } = await this.graphql<TResult>(String(document), (variables ?? {}) as Record<string, unknown>);
    if (failure) throw failure;
    if (!result.data) throw new MnemographError("The gateway answered with neither data nor errors", "BAD_RESPONSE");
    return result.data;
  }

  /** Runs any operation text and returns the response as it came, errors included (retries and renewal applied). */
  async execute<TData = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResult<TData>> {
    return (await this.graphql<TData>(query, variables)).result;
  }

  private graphql<TData>(query: string, variables: Record<string, unknown>): Promise<Outcome<GraphQLResult<TData>>> {
    return this.withRetries(async () => {
      const { status, body } = await this.post(this.url, { query, variables });
      const result = body as GraphQLResult<TData> | undefined;
      if (!result || (result.data === undefined && !Array.isArray(result.errors))) throw new MnemographError(`Not a GraphQL response (HTTP ${status})`, "BAD_RESPONSE", { status });
      const first = result.errors?.[0];
      return { result, failure: first ? errorOfGraphQL(first, status) : undefined };
    });
  }

  /**
   * POSTs JSON to a REST route of the gateway (`/api/memory/retrieve`, …) and
   * returns the JSON answer; a REST error body (`{ code, message, retry_after_seconds }`)
   * is thrown as MnemographError, after retries.
   */
  async rest<T = Record<string, unknown>>(path: string, body: unknown): Promise<T> {
    const { result, failure } = await this.withRetries(async () => {
      const { status, body: json } = await this.post(new URL(path, this.url).toString(), body);
      if (status < 400) return { result: json as T };
      const rest = (json ?? {}) as { code?: string; message?: string; field?: string; request_id?: string; retry_after_seconds?: number };
      const failure = new MnemographError(rest.message ?? `HTTP ${status}`, rest.code ?? "BAD_RESPONSE", { status, field: rest.field, requestId: rest.request_id, retryAfterSeconds: rest.retry_after_seconds });
      return { result: json as T, failure };
    });
    if (failure) throw failure;
    return result;
  }

  /** The agent's knowledge feed: an async iterator of deliveries that reconnects with its cursor. */
  knowledgeFeed(options: KnowledgeFeedOptions): KnowledgeFeed {
    return knowledgeFeed({ url: this.url, tokens: this.tokens, webSocketImpl: this.webSocketImpl, retry: this.retry, sleep: this.sleep }, options);
  }

  private async post(url: string, payload: unknown): Promise<{ status: number; body: unknown }> {
    const response = await this.fetchImpl(url, { method: "POST", headers: { "content-type": "application/json", ...(await this.tokens.headers()) }, body: JSON.stringify(payload) });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  }

  /**
   * Runs `attempt` until it succeeds or the retry policy says stop. A refused
   * token (UNAUTHENTICATED) is renewed from the API key once and does not count
   * as an attempt. The last attempt's outcome is returned, its failure included.
   */
  private async withRetries<T>(attempt: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
    let renewed = false;
    for (let attempts = 1; ; attempts++) {
      const outcome = await attempt();
      const { failure } = outcome;
      if (!failure) return outcome;
      if (failure.code === "UNAUTHENTICATED" && !renewed && (await this.tokens.renew())) {
        renewed = true;
        attempts--;
        continue;
      }
      const wait = retryDelayMs(failure, attempts, this.retry);
      if (wait === null) return outcome;
      await this.sleep(wait);
    }
  }
}
