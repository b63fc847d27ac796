import { OPENAPI_SCHEMAS } from "./openApiSchemas.js";

/** `application/json` content of a named schema. */
const json = (schema: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${schema}` } } });
const errorResponse = (description: string) => ({ description, content: json("Error") });

/** The refusals every route that runs a GraphQL operation may answer, in the REST error shape. */
const REFUSALS = {
  "400": { $ref: "#/components/responses/BadRequest" },
  "401": { $ref: "#/components/responses/Unauthorized" },
  "403": { $ref: "#/components/responses/Forbidden" },
  "429": { $ref: "#/components/responses/RateLimited" },
  "500": { $ref: "#/components/responses/InternalError" },
  "503": { $ref: "#/components/responses/Unavailable" },
};

const REQUEST_ID = {
  name: "x-request-id",
  in: "header",
  required: false,
  description: "Your id for the request (a plain id is kept, anything else replaced); answered in the x-request-id header and the error body's request_id",
  schema: { type: "string" },
};

const retrieval = (summary: string, description: string, response: string) => ({
  summary,
  description,
  tags: ["retrieval"],
  parameters: [REQUEST_ID],
  requestBody: { required: true, content: json("RetrievalRequest") },
  responses: { "200": { description: "The facts found", content: json(response) }, ...REFUSALS },
});

const health = (summary: string, schema: string, down: string) => ({
  summary,
  tags: ["operations"],
  security: [],
  responses: { "200": { description: "Up", content: json(schema) }, "503": { description: down, content: json(schema) } },
});

/**
 * The OpenAPI 3.1 description of every REST route of the gateway (the REST
 * adapters under /api, the token exchange, health and metrics), served at
 * `GET /api/openapi.json`. GraphQL itself is described by its schema
 * (introspection, schema/*.graphql), not here.
 */
export function openApiDocument(version: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Mnemograph REST API",
      version,
      description:
        "REST routes beside the GraphQL endpoint (/graphql): the chatbot memory service's and the knowledge agent's retrieval, the game agent's turns, a tenant's export and import, the API-key token exchange, health and metrics. The retrieval and transfer routes run GraphQL operations through the same pipeline as /graphql: the same token, limits, rate limits and errors.",
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }, { agentHeader: [] }],
    tags: [
      { name: "retrieval", description: "Facts for a conversation (the retrieveContext loop)" },
      { name: "game", description: "The game agent's turns" },
      { name: "transfer", description: "A tenant's data out and in" },
      { name: "auth", description: "Tokens for service clients" },
      { name: "operations", description: "Health, readiness, metrics and this description" },
    ],
    paths: {
      "/api/memory/retrieve": {
        post: retrieval(
          "Facts for a conversation (the chatbot memory service)",
          "Runs the retrieval loop for the last messages of a conversation, with the THOROUGH budget (a minute, 10 s per tool by default). Facts are written in the LABELED format unless fact_format says plain.",
          "RetrievalResponse",
        ),
      },
      "/api/memory/retrieve/debug": {
        post: retrieval("The same, with the whole trace", "As /api/memory/retrieve, plus debug_info: every stage, every tool call and the reasoning.", "RetrievalDebugResponse"),
      },
      "/api/knowledge/retrieve": {
        post: retrieval("Facts for a conversation (the knowledge agent)", "The same loop with the THOROUGH budget (a minute, 10 s per tool by default), answered in the knowledge agent's shape: relevant_facts with their organisation, role, duration, location and basis as fields, facts_by_topic, person_profiles, contradictions, suggested_context, queries_executed.", "KnowledgeResponse"),
      },
      "/api/game/turns": {
        post: {
          summary: "One turn of the game agent, in its own shape",
          description: "The game agent's turn_data stored by recordTurn (all or nothing, idempotent, the session's lease renewed). Bad input is answered naming the agent's own field (`button_presses[1]`, `memory_context`).",
          tags: ["game"],
          parameters: [REQUEST_ID],
          requestBody: { required: true, content: json("GameTurnRequest") },
          responses: { "200": { description: "The turn stored", content: json("GameTurnResponse") }, "404": errorResponse("No such session"), "409": errorResponse("The session is not active, or the turn was stored with other content"), ...REFUSALS },
        },
      },
      "/api/admin/export": {
        get: {
          summary: "A tenant's export, as one JSON Lines stream",
          description: "For the tenant's admin or the operator. Errors before the first line are answered in the REST error shape; one midway ends the stream with a line of kind `error`.",
          tags: ["transfer"],
          parameters: [
            REQUEST_ID,
            { name: "tenant", in: "query", required: false, description: "The tenant (the caller's own by default)", schema: { type: "string" } },
            { name: "vectors", in: "query", required: false, description: "true or 1: include the embedding vectors", schema: { type: "string", enum: ["true", "false", "1", "0"] } },
            { name: "page_size", in: "query", required: false, description: "Lines read per page", schema: { type: "integer", minimum: 1 } },
          ],
          responses: {
            "200": { description: "One JSON object per line, each an ExportLine", content: { "application/x-ndjson": { schema: { $ref: "#/components/schemas/ExportLine" } } } },
            ...REFUSALS,
          },
        },
      },
      "/api/admin/import": {
        post: {
          summary: "One batch of an export written into a tenant",
          tags: ["transfer"],
          parameters: [REQUEST_ID],
          requestBody: { required: true, content: json("ImportRequest") },
          responses: { "200": { description: "What was written and what was refused", content: json("ImportResponse") }, ...REFUSALS },
        },
      },
      "/api/openapi.json": {
        get: {
          summary: "This description",
          tags: ["operations"],
          security: [],
          responses: { "200": { description: "The OpenAPI document", content: { "application/json": { schema: { type: "object", required: ["openapi", "info", "paths"], properties: { openapi: { type: "string" }, info: { type: "object" }, paths: { type: "object" } } } } } } },
        },
      },
      "/auth/token": {
        post: {
          summary: "A short-lived bearer token for an API key",
          description: "Send the key as `Authorization: ApiKey mk_…` (or `x-api-key`).",
          tags: ["auth"],
          security: [{ apiKey: [] }],
          responses: {
            "200": { description: "The token", content: json("TokenResponse") },
            "401": { description: "No key, or an unknown or revoked one", content: json("GraphQLStyleError") },
            "503": { description: "The gateway has no JWT_SECRET to sign with", content: json("GraphQLStyleError") },
          },
        },
      },
      "/health": { get: health("Health, with details (Neo4j, schema, model, extraction, the operations' line)", "Health", "Neo4j, the schema or the model is not ready") },
      "/health/ready": { get: health("Readiness: may traffic be sent here?", "Readiness", "Not ready: stop sending traffic") },
      "/health/live": {
        get: { summary: "Liveness: the process answers", tags: ["operations"], security: [], responses: { "200": { description: "Live", content: json("Liveness") } } },
      },
      "/metrics": {
        get: {
          summary: "Prometheus metrics (the operator's token; or without one on METRICS_PORT)",
          tags: ["operations"],
          security: [{ bearer: [] }],
          responses: {
            "200": { description: "Prometheus' text format", content: { "text/plain": { schema: { type: "string" } } } },
            "401": { description: "No valid token", content: json("MetricsError") },
            "403": { description: "Not the operator", content: json("MetricsError") },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "An agent's token (or one from /auth/token)" },
        apiKey: { type: "apiKey", in: "header", name: "authorization", description: "`ApiKey mk_…`" },
        agentHeader: { type: "apiKey", in: "header", name: "x-mnemograph-agent", description: "The acting agent, when the gateway runs with MNEMOGRAPH_AUTH=off (loopback development)" },
      },
      responses: {
        BadRequest: errorResponse("Invalid input (code BAD_USER_INPUT; `field` names the input to blame)"),
        Unauthorized: errorResponse("No valid token (UNAUTHENTICATED)"),
        Forbidden: errorResponse("Not allowed (FORBIDDEN)"),
        RateLimited: { ...errorResponse("Over a rate budget (RATE_LIMITED)"), headers: { "retry-after": { description: "Seconds", schema: { type: "integer" } } } },
        InternalError: errorResponse("Unexpected (INTERNAL_SERVER_ERROR): the request id finds the log lines"),
        Unavailable: errorResponse("Neo4j is unavailable (SERVICE_UNAVAILABLE) or the gateway is busy (SERVICE_BUSY, with Retry-After)"),
      },
      schemas: {
        ...OPENAPI_SCHEMAS,
        MetricsError: {
          type: "object",
          required: ["error"],
          properties: { error: { type: "object", required: ["code", "message"], properties: { code: { type: "string" }, message: { type: "string" } } } },
        },
      },
    },
  };
}
