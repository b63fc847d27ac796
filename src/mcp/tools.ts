import { z } from "zod";
import { fieldArgs, modelArgs, type AnyToolDeclaration } from "../core/retrievalTool.js";
import { PEOPLE_TOOLS } from "../people/index.js";
import { SEARCH_TOOLS } from "../search/index.js";
// The client package's documented operations: one text per operation, for its users and for these tools.
import * as op from "@mnemograph/client";

/**
 * The tools an MCP client sees. Each runs one GraphQL operation as the caller,
 * so an MCP call meets exactly the checks a GraphQL request meets. Names are
 * snake_case; descriptions are written for a model. Where a retrieval tool is
 * declared once for the retrieveContext loop (memory_search, person_profile),
 * its arguments, rules and mapping to the field come from that declaration.
 * Elsewhere the schemas give types and ranges only: the gateway checks every
 * size limit itself and its refusal (BAD_USER_INPUT naming the field and the
 * limit) reaches the model as the tool's error.
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  /** The operation it runs and the root field whose value is the result. */
  document: string;
  field: string;
  variables(args: Record<string, unknown>): Record<string, unknown>;
  /** A short text for the model beside the structured result. */
  render(value: unknown): string;
  /** Writes something (MCP's readOnlyHint is false). */
  writes: boolean;
  /** Listed only for the gateway's operator (Caller.operator); the gateway refuses others anyway. */
  operatorOnly?: boolean;
}

type Row = Record<string, unknown>;
const rows = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);
const clip = (text: unknown, max = 160) => {
  const s = String(text ?? "").replace(/\s+/g, " ").trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};
const snake = (args: Record<string, unknown>, names: Record<string, string>) =>
  Object.fromEntries(Object.entries(names).filter(([from]) => args[from] !== undefined).map(([from, to]) => [to, args[from]]));

/** A loop tool's declaration, by the field it is (the one place its arguments are declared). */
function declared(field: string): AnyToolDeclaration {
  const found = [...SEARCH_TOOLS, ...PEOPLE_TOOLS].find((t) => t.field === field);
  if (!found?.loop) throw new Error(`${field} is not declared as a loop tool`);
  return found;
}
const inputOf = (t: AnyToolDeclaration): z.ZodRawShape => Object.fromEntries(Object.entries(modelArgs(t)).map(([k, a]) => [k, a.model]));
const NO_CONVERSATION = { messages: [] };

const search = declared("searchMemories");
const profile = declared("personProfile");

const id = z.string().min(1);

/** The values of a GraphQL enum of the served schema, when known (else the gateway checks the text). */
export type EnumValues = (enumName: string) => readonly string[] | undefined;

/** The MCP tools, their enums taken from the served schema (the SDL is their one source). */
export function mcpTools(enums: EnumValues): readonly McpTool[] {
  const oneOf = (name: string) => {
    const values = enums(name);
    return values?.length ? z.enum(values as [string, ...string[]]) : z.string().min(1).describe(`a ${name} value`);
  };
  return [
    {
      name: "memory_store",
      title: "Store a memory",
      description:
        "Remember something you learned: a BELIEF (what you hold true, with a confidence 0..1), an INSIGHT (needs a category), an EXPERIENCE (what happened, with an outcome), or RESEARCH, a CONCEPT, CONTENT, an ANALYSIS or DOCUMENTATION (first line: its topic or title). Confident knowledge joins the team's shared pool. Store right after you learn something worth keeping.",
      input: {
        content: z.string().min(1),
        type: oneOf("MemoryKind").optional(),
        confidence: z.number().min(0).max(1).optional(),
        domains: z.array(z.string()).optional(),
        category: oneOf("InsightCategory").optional(),
        outcome: oneOf("Outcome").optional(),
      },
      document: String(op.StoreKnowledgeDocument),
      field: "memoryStore",
      variables: (a) => ({ ...a, type: a.type ?? "BELIEF" }),
      render: (v) => {
        const r = v as Row;
        return `Stored ${String(r.kind).toLowerCase()} ${String(r.id)}${r.pooled ? " (joined the shared pool)" : ""}.`;
      },
      writes: true,
    },
    {
      name: "memory_search",
      title: "Search memories",
      description: `${search.loop!.description} Use it before answering about anything said or learned earlier.`,
      input: inputOf(search),
      document: String(op.SearchMemoriesDocument),
      field: "searchMemories",
      variables: (a) => fieldArgs(search, a, NO_CONVERSATION),
      render: (v) => {
        const hits = rows((v as Row).hits);
        if (!hits.length) return "Nothing found.";
        return hits.map((h, i) => `${i + 1}. [${String(h.kind)} ${String(h.id)}] ${h.authorName ? `${String(h.authorName)}: ` : ""}${clip(h.content)}`).join("\n");
      },
      writes: false,
    },
    {
      name: "memory_context",
      title: "Memory context block",
      description:
        "A compact block of what an agent remembers that matters for a conversation (people in it, a topic), within a token budget (default 1000). Put it in your prompt before you reply.",
      input: {
        agent_id: id,
        conversation_id: z.string().optional(),
        participants: z.array(z.string()).optional(),
        topic: z.string().optional(),
        token_budget: z.number().int().positive().optional(),
      },
      document: String(op.MemoryContextDocument),
      field: "memoryContext",
      variables: (a) => snake(a, { agent_id: "agentId", conversation_id: "conversationId", participants: "participants", topic: "topic", token_budget: "tokenBudget" }),
      render: (v) => String((v as Row).text ?? ""),
      writes: false,
    },
    {
      name: "memory_query",
      title: "Query knowledge",
      description: "Knowledge (beliefs, insights, learnings) on a topic, yours and what the team shared, most relevant first. Ask before deciding something the team may already know.",
      input: {
        topic: z.string().min(1),
        min_confidence: z.number().min(0).max(1).optional(),
        domain: z.string().min(1).optional(),
        include_shared: z.boolean().optional(),
        limit: z.number().int().min(1).optional(),
      },
      document: String(op.QueryKnowledgeDocument),
      field: "memoryQuery",
      variables: (a) => snake(a, { topic: "topic", min_confidence: "minConfidence", domain: "domain", include_shared: "includeShared", limit: "limit" }),
      render: (v) => {
        const hits = rows(v);
        if (!hits.length) return "No knowledge on that topic.";
        return hits.map((h, i) => {
          const k = h.knowledge as Row;
          return `${i + 1}. [${String(k.type)} ${String(k.id)} by ${String(k.ownerId)}, confidence ${String(k.confidence)}] ${clip(k.title ?? k.text)}`;
        }).join("\n");
      },
      writes: false,
    },
    {
      name: "memory_reflect",
      title: "Reflect",
      description: "Look back over your recent experiences and form beliefs from them (a Reflection with the insights gained). Use it after a run of work or a failure.",
      input: { limit: z.number().int().min(1).optional() },
      document: String(op.ReflectDocument),
      field: "memoryReflect",
      variables: (a) => snake(a, { limit: "limit" }),
      render: (v) => {
        const r = v as Row;
        const insights = Array.isArray(r.insightsGained) ? (r.insightsGained as string[]) : [];
        return [clip(r.content, 600), ...insights.map((i) => `- ${clip(i)}`)].join("\n");
      },
      writes: true,
    },
    {
      name: "memory_share",
      title: "Share knowledge",
      description: "Put one of your knowledge items (by id) into the team's shared pool, so the other agents' feeds receive it.",
      input: { knowledge_id: id },
      document: String(op.ShareKnowledgeDocument),
      field: "memoryShare",
      variables: (a) => ({ knowledgeId: a.knowledge_id }),
      render: (v) => `Shared as ${String((v as Row).id)}.`,
      writes: true,
    },
    {
      name: "retrieve_context",
      title: "Retrieve context for a conversation",
      description:
        "Given the last messages of a conversation, finds the facts about the people in it and the snippets that matter (several retrieval tools, planned for you), with a confidence. Use it when a reply depends on who the people are.",
      input: {
        messages: z
          .array(z.object({ author_id: z.string().optional(), author_name: z.string().optional(), content: z.string().min(1) }))
          .min(1)
          ,
        channel_id: z.string().optional(),
        max_facts: z.number().int().min(1).optional(),
      },
      document: String(op.RetrieveContextDocument),
      field: "retrieveContext",
      variables: (a) => ({
        input: {
          messages: (a.messages as Row[]).map((m) => snake(m, { author_id: "authorId", author_name: "authorName", content: "content" })),
          ...snake(a, { channel_id: "channelId", max_facts: "maxFacts" }),
        },
      }),
      render: (v) => {
        const r = v as Row;
        const facts = Array.isArray(r.facts) ? (r.facts as string[]) : [];
        return [`Confidence: ${String(r.confidence).toLowerCase()}.`, ...facts.map((f) => `- ${f}`)].join("\n");
      },
      writes: true,
    },
    {
      name: "person_profile",
      title: "Person profile",
      description: profile.loop!.description,
      input: inputOf(profile),
      document: String(op.PersonProfileDocument),
      field: "personProfile",
      variables: (a) => fieldArgs(profile, a, NO_CONVERSATION),
      render: (v) => {
        const p = v as Row;
        if (!p.found) return `No person ${String(p.personId)}.`;
        const facts = rows(p.facts).map((f) => `- ${String(f.type)} ${String(f.object)} (confidence ${String(f.confidence)}${f.current ? "" : ", past"})`);
        return [`${String(p.name)} (${String(p.personId)})`, ...facts].join("\n");
      },
      writes: false,
    },
    {
      name: "record_interaction",
      title: "Record an interaction",
      description: "Remember a conversation you had: a summary, the agents and people in it. It becomes an interaction memory that the memory context and relationships draw on. Without an importance it gets 0.6; without tags, `conversation` and the topics its summary names.",
      input: {
        agent_id: id,
        summary: z.string().min(1),
        with_agents: z.array(id).optional(),
        with_people: z.array(z.string()).optional(),
        conversation_id: z.string().optional(),
        importance: z.number().min(0).max(1).optional(),
        tags: z.array(z.string()).optional(),
      },
      document: String(op.RecordInteractionDocument),
      field: "recordInteraction",
      variables: (a) => ({
        input: snake(a, { agent_id: "agentId", summary: "summary", with_agents: "withAgents", with_people: "withPeople", conversation_id: "conversationId", importance: "importance", tags: "tags" }),
      }),
      render: (v) => `Recorded as memory ${String((v as Row).id)}.`,
      writes: true,
    },
    {
      name: "start_game_session",
      title: "Start a game session",
      description: "Start a game session with a goal and a turn limit; record_turn then records each turn of it.",
      input: { goal: z.string().min(1), max_turns: z.number().int().min(1), game: z.string().optional(), session_id: id.optional() },
      document: String(op.StartGameSessionDocument),
      field: "startSession",
      variables: (a) => snake(a, { goal: "goal", max_turns: "maxTurns", game: "game", session_id: "sessionId" }),
      render: (v) => `Session ${String((v as Row).id)} is ${String((v as Row).status)}.`,
      writes: true,
    },
    {
      name: "record_turn",
      title: "Record a game turn",
      description: "Record one turn of a game session: what you saw (analysis), the buttons you pressed, whether it worked, optionally a screenshot (base64 PNG or JPEG).",
      input: {
        session_id: id,
        number: z.number().int(),
        analysis: z.string().min(1),
        button_presses: z.array(oneOf("GameButton")),
        success: z.boolean(),
        location: z.string().optional(),
        screenshot_base64: z.string().optional(),
        screenshot_mime_type: z.string().optional(),
      },
      document: String(op.RecordTurnDocument),
      field: "recordTurn",
      variables: (a) => ({
        sessionId: a.session_id,
        turn: {
          ...snake(a, { number: "number", analysis: "analysis", button_presses: "buttonPresses", success: "success", location: "location" }),
          ...(a.screenshot_base64 ? { screenshot: { base64: a.screenshot_base64, ...(a.screenshot_mime_type ? { mimeType: a.screenshot_mime_type } : {}) } } : {}),
        },
      }),
      render: (v) => {
        const r = v as Row;
        const turn = r.turn as Row;
        return `Turn ${String(turn.number)} ${r.created ? "recorded" : "was already recorded"} at ${String(turn.location)}.`;
      },
      writes: true,
    },
    {
      name: "recent_turns",
      title: "Recent turns",
      description: "The last turns of a game session in compact form ({turn, action, result, context}) with the patterns seen (stuck, loops). Read it before choosing the next move.",
      input: { session_id: id, last: z.number().int().min(1).optional() },
      document: String(op.RecentTurnsDocument),
      field: "recentTurns",
      variables: (a) => snake(a, { session_id: "sessionId", last: "last" }),
      render: (v) => String((v as Row).json ?? ""),
      writes: false,
    },
    {
      name: "cypher_query",
      title: "Read-only Cypher",
      description: "Run one read-only Cypher query over the whole graph (the gateway's operator only, not a tenant's admin: every tenant is visible). Give parameters as a JSON object text.",
      input: { query: z.string().min(1), params: z.string().optional(), limit: z.number().int().min(1).optional() },
      document: String(op.CypherQueryDocument),
      field: "cypherQuery",
      variables: (a) => snake(a, { query: "query", params: "params", limit: "limit" }),
      render: (v) => {
        const r = v as Row;
        return [`${String(r.rowCount)} rows${r.truncated ? " (truncated)" : ""}: ${(r.columns as string[]).join(", ")}`, ...rows(r.rows).slice(0, 20).map((x) => String(x))].join("\n");
      },
      writes: false,
      operatorOnly: true,
    },
  ];
}
