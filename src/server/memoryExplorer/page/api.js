// The public GraphQL API, and nothing else: every view reads and writes through
// /graphql (HTTP) and graphql-ws on the same path, as the signed-in caller.

const endpoint = new URL("../graphql", window.location.href);

/** An error of the API, with its `extensions.code`. */
export class ApiError extends Error {
  constructor(errors) {
    super(errors.map((e) => (e.extensions?.code ? `${e.extensions.code}: ${e.message}` : e.message)).join("; "));
    this.errors = errors;
  }
}

/** `{ gql, subscribe, close, timings }` for one session; `timings` keeps each query's name, start and round trip (read by the graph view's paint record). */
export function createApi(session) {
  let socket = null;
  const timings = [];

  async function gql(query, variables = {}) {
    const start = performance.now();
    const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "anonymous";
    try {
      return await send(query, variables);
    } finally {
      timings.push({ operation, start, ms: Math.round(performance.now() - start) });
      if (timings.length > 200) timings.shift();
    }
  }

  async function send(query, variables) {
    const res = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await session.headers()) },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json().catch(() => null);
    if (!body) throw new Error(`The gateway answered ${res.status} without a GraphQL body`);
    if (body.errors?.length) throw new ApiError(body.errors);
    return body.data;
  }

  function ws() {
    if (socket) return socket;
    const url = new URL(endpoint);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    // graphql-ws's own client (served from the npm package, global `graphqlWs`); the gateway reads
    // the connection params as it reads HTTP headers.
    socket = graphqlWs.createClient({ url: url.href, lazy: true, retryAttempts: 3, connectionParams: () => session.headers() });
    return socket;
  }

  /** Runs a subscription; `sink.next(data)` per message. Returns the unsubscribe. */
  function subscribe(query, variables, sink) {
    return ws().subscribe(
      { query, variables },
      {
        next: (msg) => (msg.errors?.length ? sink.error(new ApiError(msg.errors)) : sink.next(msg.data)),
        error: (err) => sink.error(err instanceof Error ? err : new Error(err?.reason || "The feed connection closed")),
        complete: () => sink.complete?.(),
      },
    );
  }

  return {
    gql,
    timings,
    subscribe,
    close() {
      socket?.dispose();
      socket = null;
    },
  };
}
