/**
 * The JSON Schemas of the REST bodies (OpenAPI 3.1, so JSON Schema 2020-12),
 * as `components.schemas` of openApiDocument.ts. Required fields are the ones
 * every answer carries; further properties are allowed, so a field added to a
 * response is a compatible change. The routes' tests validate real responses
 * against them.
 */

const str = { type: "string" } as const;
const nullableStr = { type: ["string", "null"] } as const;
const int = { type: "integer" } as const;
const num = { type: "number" } as const;
const bool = { type: "boolean" } as const;
const strings = { type: "array", items: str } as const;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const object = (properties: Record<string, unknown>, required: string[] = Object.keys(properties), description?: string) => ({
  type: "object",
  ...(description ? { description } : {}),
  required,
  properties,
});

const RetrieveMessage = object(
  {
    author_id: { ...str, description: "The author's id (Discord member id)" },
    author_name: str,
    content: { ...str, minLength: 1, maxLength: 5000 },
    timestamp: { ...str, format: "date-time" },
  },
  ["content"],
);

const RetrievalRequest = object(
  {
    messages: { type: "array", items: ref("RetrieveMessage"), minItems: 1, maxItems: 50, description: "The last messages of the conversation, oldest first" },
    channel_id: str,
    max_facts: { ...int, minimum: 1, maximum: 100, default: 30 },
    max_iterations: { ...int, minimum: 1, maximum: 20, default: 10 },
    fact_format: { ...str, enum: ["labeled", "plain", "LABELED", "PLAIN"], description: "How `facts` are written (labeled by default on /api/memory/retrieve)" },
    debug: bool,
  },
  ["messages"],
);

const FactAttributes = object(
  {
    role: nullableStr,
    location: nullableStr,
    startDate: nullableStr,
    endDate: nullableStr,
    proficiency: nullableStr,
    yearsExperience: { type: ["integer", "null"] },
    sentiment: nullableStr,
    basis: nullableStr,
    weight: { type: ["number", "null"] },
    extra: { ...nullableStr, description: "Further attributes: a JSON object, as text" },
  },
  [],
);

const StructuredFact = object(
  {
    id: str,
    subject: str,
    subjectId: str,
    relation: { ...str, description: "WORKS_AT, PREVIOUSLY, HAS_SKILL, CLOSE_TO, …" },
    object: str,
    attributes: ref("FactAttributes"),
    confidence: num,
    evidence: strings,
    current: bool,
    relevance: num,
  },
  ["id", "subject", "subjectId", "relation", "confidence", "evidence", "current", "relevance"],
);

const Profile = object({ personId: str, name: nullableStr, realName: nullableStr, aliases: strings, factCount: int });

const FactRef = object({ id: str, text: str });

const ToolCallTrace = object({ tool: str, arguments: { ...str, description: "JSON text" }, ok: bool, error: nullableStr, resultSize: int, elapsedMs: num });

const StepTrace = object({ stage: str, iteration: int, detail: str, elapsedMs: num, toolCalls: { type: "array", items: ref("ToolCallTrace") } });

const RetrievalResponse = object(
  {
    facts: { ...strings, description: "Facts as sentences with confidence and evidence, most relevant first" },
    confidence: { ...str, enum: ["high", "medium", "low"] },
    metadata: object(
      {
        queries_executed: int,
        facts_retrieved: int,
        processing_time_ms: num,
        time_budget_ms: { ...int, description: "The run's time budget: the THOROUGH one (RETRIEVE_THOROUGH_TIME_BUDGET_MS, 10 s per tool)" },
        iterations_used: int,
        llm_tokens_used: int,
        planner: { ...str, enum: ["llm", "deterministic"] },
        fallback_reason: nullableStr,
        stop_reason: str,
        run_id: str,
      },
      ["queries_executed", "facts_retrieved", "processing_time_ms", "iterations_used", "llm_tokens_used", "planner", "stop_reason", "run_id"],
    ),
    structured_facts: { type: "array", items: ref("StructuredFact") },
    profiles: { type: "array", items: ref("Profile") },
    contradictions: { type: "array", items: object({ fact: ref("FactRef"), conflictsWith: ref("FactRef") }) },
    snippets: {
      type: "array",
      items: object(
        { source: { ...str, enum: ["MEMORY", "MESSAGE"] }, id: str, content: str, score: num, authorName: nullableStr, occurredAt: nullableStr },
        ["source", "id", "content", "score"],
      ),
    },
    reasoning: str,
    trace: { type: "array", items: ref("StepTrace"), description: "Only when the request set `debug`" },
  },
  ["facts", "confidence", "metadata", "structured_facts", "profiles", "contradictions", "snippets", "reasoning"],
);

const DebugInfo = object({
  state_history: { type: "array", items: object({ stage: str, iteration: int, detail: str, elapsed_ms: num }) },
  tool_calls: {
    type: "array",
    items: object({ iteration: int, tool: str, arguments: str, success: bool, error: nullableStr, result_count: int, elapsed_ms: num }),
  },
  reasoning_trace: strings,
});

const RetrievalDebugResponse = { allOf: [ref("RetrievalResponse"), object({ debug_info: ref("DebugInfo") })] };

const KnowledgeFact = object(
  {
    id: str,
    fact: { ...str, description: "The sentence alone; its confidence and evidence are fields" },
    type: { ...str, description: "WORKS_AT, PREVIOUSLY, HAS_SKILL, CLOSE_TO, …" },
    person: str,
    person_id: str,
    topic: { ...str, description: "What the fact is about (its object): the organisation, place, skill, topic, project, event or person" },
    organization: str,
    place: str,
    skill: str,
    project: str,
    event: str,
    person_a: { ...str, description: "A tie between two people (CLOSE_TO, RELATED_TO, INTERACTED_WITH): the one it is stated of" },
    person_a_id: str,
    person_b: { ...str, description: "…and the other one" },
    person_b_id: str,
    role: str,
    duration: { ...str, description: "2019-2022, 2020-present, from 2019, until 2022" },
    location: str,
    basis: str,
    sentiment: str,
    proficiency: str,
    current: bool,
    confidence: num,
    evidence: strings,
    relevance: num,
  },
  ["id", "fact", "type", "person", "person_id", "topic", "current", "confidence", "evidence", "relevance"],
  "A fact; what its sentence says is given as fields too, each only when the fact has it",
);

const KnowledgeResponse = object(
  {
    run_id: str,
    relevant_facts: { type: "array", items: ref("KnowledgeFact") },
    facts_by_topic: {
      type: "array",
      description: "The same facts grouped by what they are about, the most relevant topic first",
      items: object({ topic: str, kind: { ...str, description: "organization, place, skill, topic, project, event or person" }, fact_ids: strings, facts: strings }),
    },
    person_profiles: { type: "object", additionalProperties: str, description: "Person id → what is known about them, as one paragraph" },
    contradictions: { type: "array", description: "Returned facts that disagree; both are kept", items: object({ fact_id: str, fact: str, conflicts_with_id: str, conflicts_with: str }) },
    suggested_context: { ...str, description: "A paragraph for the chatbot's prompt: the most relevant facts topic by topic, then what disagrees" },
    reasoning: str,
    queries_executed: {
      type: "array",
      items: object({ iteration: int, tool: str, query: { ...str, description: "The tool's arguments as JSON text" }, result_count: int, success: bool, error: nullableStr }),
    },
    confidence: { ...str, enum: ["high", "medium", "low"] },
    processing_time_ms: num,
    time_budget_ms: { ...int, description: "The run's time budget (THOROUGH: RETRIEVE_THOROUGH_TIME_BUDGET_MS)" },
    facts_retrieved: int,
    planner: { ...str, enum: ["llm", "deterministic"] },
    prompt_version: nullableStr,
  },
  [
    "run_id",
    "relevant_facts",
    "facts_by_topic",
    "person_profiles",
    "contradictions",
    "suggested_context",
    "reasoning",
    "queries_executed",
    "confidence",
    "processing_time_ms",
    "time_budget_ms",
    "facts_retrieved",
    "planner",
  ],
);

const Error = object(
  {
    error: { ...str, description: "A short title: Bad request, Unauthorized, Too many requests, …" },
    code: { ...str, enum: ["BAD_USER_INPUT", "UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "RATE_LIMITED", "SERVICE_UNAVAILABLE", "SERVICE_BUSY", "INTERNAL_SERVER_ERROR"] },
    message: str,
    request_id: { ...str, description: "The id of the request's log lines (the client's x-request-id when it sent a plain one)" },
    field: { ...str, description: "The input field to blame, when one is" },
    retry_after_seconds: { ...num, description: "With RATE_LIMITED and SERVICE_BUSY: when to try again (also the Retry-After header)" },
  },
  ["error", "code", "message", "request_id"],
  "The REST routes' error body",
);

const ExportLine = object(
  { kind: { ...str, enum: ["header", "node", "relationship", "error"], description: "header first, then nodes, then relationships; `error` (with the Error fields) ends a stream that failed midway" } },
  ["kind"],
  "One line of the export stream (the transfer format, docs/transfer.md)",
);

const ImportRequest = object(
  {
    tenant: { ...str, description: "The tenant written (the caller's own by default; another one for the operator)" },
    lines: { type: "array", items: object({ line: { ...int, description: "The line's number in the export" }, text: { ...str, description: "The line as exported" } }) },
  },
  ["lines"],
);

const ImportResponse = object({
  nodes_created: int,
  nodes_existing: int,
  relationships_created: int,
  relationships_existing: int,
  refused: { type: "array", items: object({ line: int, error: str }) },
});

const jsonText = (description: string) => ({ anyOf: [{ type: "object" }, str, { type: "null" }], description: `${description}: an object, or JSON text of one` });

const GameTurnRequest = object(
  {
    turn_id: { ...str, description: "`{session_id}_turn_{n}`: n is the turn number" },
    session_id: str,
    timestamp: { ...str, description: "ISO-8601; without a zone (datetime.now().isoformat()) read as UTC; the server's time when left out" },
    gemini_text: { ...str, description: "The vision model's analysis" },
    button_presses: { anyOf: [strings, str], description: "Buttons in any case (`up`, `a`), or JSON text of the list" },
    success: bool,
    location: nullableStr,
    screenshot_path: nullableStr,
    screenshot_base64: { ...nullableStr, description: "PNG or JPEG, base64" },
    visual_context: jsonText("terrain, obstacles, valid_movements, description"),
    battle_context: jsonText("in_battle, battle_type (wild, trainer), battle_phase"),
    memory_context: jsonText("recent_turns [{turn, action, result, context}], turn_count, patterns (\"none\", \"hitting_obstacles\", … or a list)"),
  },
  ["turn_id", "session_id", "gemini_text", "button_presses", "success"],
  "The game agent's turn_data, as its _store_complete_turn_data builds it",
);

const GameTurnResponse = object({ success: { ...bool, const: true }, created: { ...bool, description: "false: the same turn was already stored (a retry)" }, turn_id: str, session_id: str, turns_completed: int });

const TokenResponse = object({ access_token: str, token_type: { ...str, const: "Bearer" }, expires_in: { ...int, description: "Seconds" } });

const GraphQLStyleError = object(
  { errors: { type: "array", minItems: 1, items: object({ message: str, extensions: object({ code: str }) }) } },
  ["errors"],
  "The token exchange answers its refusals as GraphQL does",
);

const Health = object(
  {
    status: { ...str, enum: ["healthy", "unhealthy"] },
    healthy: bool,
    neo4j_connected: bool,
    model_loaded: { ...bool, description: "Whether the embedding model answers: false after a failed embedding until a re-check succeeds" },
    version: str,
    neo4j: object({ connected: bool, version: nullableStr, edition: nullableStr }),
    schema: object({ ready: bool, migrations: int }),
    uptimeSeconds: int,
    extraction: { description: "The extraction queue (present when a worker runs; null when it could not be read)" },
    operations: { type: "object", description: "The operations' line: limits, running, waiting, refusedBusy" },
  },
  ["status", "healthy", "neo4j_connected", "model_loaded", "version", "neo4j", "schema", "uptimeSeconds"],
);

const Readiness = object(
  {
    status: { ...str, enum: ["ready", "unavailable"] },
    neo4j_connected: bool,
    schema_ready: bool,
    model_loaded: bool,
    warmed_up: bool,
    unavailableSinceSeconds: int,
  },
  ["status", "neo4j_connected", "schema_ready", "model_loaded", "warmed_up"],
);

const Liveness = object({ status: { ...str, const: "live" } });

export const OPENAPI_SCHEMAS = {
  RetrieveMessage,
  RetrievalRequest,
  FactAttributes,
  StructuredFact,
  Profile,
  FactRef,
  ToolCallTrace,
  StepTrace,
  RetrievalResponse,
  DebugInfo,
  RetrievalDebugResponse,
  KnowledgeFact,
  KnowledgeResponse,
  Error,
  ExportLine,
  ImportRequest,
  ImportResponse,
  GameTurnRequest,
  GameTurnResponse,
  TokenResponse,
  GraphQLStyleError,
  Health,
  Readiness,
  Liveness,
};
