import { bad, type HostileCase } from "../../../support/hostile/hostileCase.js";

const refused = (message: RegExp, status = 400) => bad(message, undefined, status);

/** Bodies, methods and content types that are not one well-formed GraphQL request. */
export const transportCases: HostileCase[] = [
  {
    name: "a batched body (JSON array of two queries)",
    send: { rawBody: JSON.stringify([{ query: "{ agents { id } }" }, { query: "{ memories { id } }" }]) },
    expect: refused(/^Operation batching disabled\.$/),
  },
  {
    name: "a batched body carrying a delete deletes nothing",
    send: { rawBody: JSON.stringify([{ query: "{ agents { id } }" }, { query: "mutation { deleteMemories { nodesDeleted } }" }]) },
    expect: refused(/batching disabled/),
  },
  {
    name: "a text/plain body (CSRF-able simple request)",
    send: { rawBody: JSON.stringify({ query: "mutation { deleteMemories { nodesDeleted } }" }), contentType: "text/plain" },
    expect: refused(/Cross-Site Request Forgery/),
  },
  {
    name: "a mutation over GET",
    send: { rawBody: "", method: "GET", search: `?query=${encodeURIComponent("mutation { deleteMemories { nodesDeleted } }")}` },
    expect: refused(/GET requests only support query operations/, 405),
  },
  { name: "a query that is not a string", send: { rawBody: JSON.stringify({ query: 123 }) }, expect: refused(/queries must be strings/) },
  { name: "a body without a query", send: { rawBody: JSON.stringify({ variables: {} }) }, expect: refused(/non-empty `query`/) },
  { name: "variables sent as a JSON-encoded string", send: { rawBody: JSON.stringify({ query: "{ agents { id } }", variables: "{}" }) }, expect: refused(/should be provided as an object/) },
  { name: "truncated JSON", send: { rawBody: '{"query":"{ agents { id } }","variables":{' }, expect: refused(/^Request body is not valid JSON$/) },
  {
    name: "two operations and no operationName",
    send: { rawBody: JSON.stringify({ query: "query A { agents { id } } mutation B { deleteMemories { nodesDeleted } }" }) },
    expect: refused(/Must provide operation name/),
  },
  {
    name: "an operationName that names no operation",
    send: { rawBody: JSON.stringify({ query: "query A { agents { id } }", operationName: "DropEverything" }) },
    expect: bad(/Unknown operation named "DropEverything"/),
  },
  {
    name: "a fragment that spreads itself",
    send: { rawBody: JSON.stringify({ query: "{ agents { ...A } } fragment A on Agent { memories { agent { ...A } } }" }) },
    expect: refused(/Cannot spread fragment "A" within itself/),
  },
  {
    name: "a variable nested 100,000 arrays deep",
    send: { rawBody: `{"query":"query ($x: [String!]) { agents(where: { name: { in: $x } }) { id } }","variables":{"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}}` },
    expect: refused(/Variables are nested deeper than 64 levels/),
  },
  {
    name: "the regular-expression filter operator is not exposed (no ReDoS through `matches`)",
    send: { rawBody: JSON.stringify({ query: '{ memories(where: { content: { matches: "(a+)+$" } }) { id } }' }) },
    expect: refused(/Field "matches" is not defined by type "StringScalarFilters"/),
  },
  {
    name: "a subscription sent over HTTP POST is refused with where to send it",
    send: { rawBody: JSON.stringify({ query: 'subscription { knowledgeFeed(agentId: "a") { cursor } }' }) },
    expect: refused(/Subscriptions are served over WebSocket/),
  },
  {
    name: "a subscription sent over HTTP GET is refused too",
    send: { rawBody: "", method: "GET", search: `?query=${encodeURIComponent('subscription { knowledgeFeed(agentId: "a") { cursor } }')}` },
    expect: bad(/Subscriptions are served over WebSocket|GET requests only support query operations/),
  },
];
