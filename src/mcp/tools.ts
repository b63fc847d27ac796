import { z } from "zod";
import { fieldArgs, modelArgs, type AnyToolDeclaration } from "../core/retrievalTool.js";
// The declarations alone (a domain's tools.ts): their implementations are loaded by the gateway, never here.
import { PEOPLE_TOOLS } from "../people/tools.js";
import { SEARCH_TOOLS } from "../search/tools.js";
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
  /** What it does to the store, for MCP's annotations (readOnlyHint, destructiveHint, idempotentHint). */
  hints: ToolHints;
  /** Listed only for the gateway's operator (Caller.operator); the gateway refuses others anyway. */
  operatorOnly?: boolean;
}

/**
 * What a tool does, from the model's side: a read changes nothing it could
 * see (bookkeeping such as a private trace of a lookup aside); a destructive
 * write removes or replaces what was there; an idempotent one does nothing
 * more when repeated with the same arguments.
 */
export interface ToolHints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
}
const READ: ToolHints = { readOnly: true, destructive: false, idempotent: true };
const ADDS: ToolHints = { readOnly: false, destructive: false, idempotent: false };
const ADDS_ONCE: ToolHints = { readOnly: false, destructive: false, idempotent: true };

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
/**
 * A loop tool's arguments as MCP input, each with the description a model
 * reads. A declared argument without one here is an error at start-up, so a
 * new argument cannot reach a model undescribed.
 */
const inputOf = (t: AnyToolDeclaration, described: Record<string, string>): z.ZodRawShape =>
  Object.fromEntries(
    Object.entries(modelArgs(t)).map(([k, a]) => {
      const text = described[k];
      if (!text) throw new Error(`MCP tool input ${t.loop?.name}.${k} has no description`);
      return [k, a.model.describe(text)];
    }),
  );
const NO_CONVERSATION = { messages: [] };

const search = declared("searchMemories");
const profile = declared("personProfile");

const id = z.string().min(1);
const AGENT_ID = "The agent whose memory this is. Leave it out: it is you (see whoami); another agent only for an admin.";

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
        "Remember something you learned: a BELIEF (what you hold true, with a confidence 0..1), an INSIGHT (a category optional), an EXPERIENCE (what happened, with an outcome), or RESEARCH, a CONCEPT, CONTENT, an ANALYSIS or DOCUMENTATION (first line: its topic or title). Confident knowledge joins the team's shared pool. Store right after you learn something worth keeping.",
      input: {
        content: z.string().min(1).describe("What to remember, in a sentence or a short paragraph (at most 20,000 characters). For RESEARCH, CONCEPT, CONTENT, ANALYSIS and DOCUMENTATION its first line is the topic or title."),
        type: oneOf("MemoryKind").optional().describe("The kind of memory; default BELIEF."),
        confidence: z.number().min(0).max(1).optional().describe("How sure you are, 0..1; default 0.5. At 0.7 or above it joins the team's shared pool. Ignored for an EXPERIENCE."),
        domains: z.array(z.string()).optional().describe("Topics it is about, e.g. [\"deploys\"] (at most 20): memory_query filters by them, and reflection files beliefs under them."),
        category: oneOf("InsightCategory").optional().describe("For an INSIGHT only; default GENERAL."),
        outcome: oneOf("Outcome").optional().describe("For an EXPERIENCE only: how it went."),
      },
      document: String(op.StoreKnowledgeDocument),
      field: "memoryStore",
      variables: (a) => ({ ...a, type: a.type ?? "BELIEF" }),
      render: (v) => {
        const r = v as Row;
        return `Stored ${String(r.kind).toLowerCase()} ${String(r.id)}${r.pooled ? " (joined the shared pool)" : ""}.`;
      },
      hints: ADDS,
    },
    {
      name: "memory_search",
      title: "Search memories",
      description: `${search.loop!.description} Use it before answering about anything said or learned earlier.`,
      input: inputOf(search, {
        query: "What to look for, in words: a question or the key words of what was said or learned.",
        limit: "How many hits at most, 1..50; default 10.",
        kinds: "Only hits of these kinds; leave it out to search every kind you may read.",
      }),
      document: String(op.SearchMemoriesDocument),
      field: "searchMemories",
      variables: (a) => fieldArgs(search, a, NO_CONVERSATION),
      render: (v) => {
        const hits = rows((v as Row).hits);
        if (!hits.length) return "Nothing found.";
        return hits.map((h, i) => `${i + 1}. [${String(h.kind)} ${String(h.id)}] ${h.authorName ? `${String(h.authorName)}: ` : ""}${clip(h.content)}`).join("\n");
      },
      hints: READ,
    },
    {
      name: "memory_context",
      title: "Memory context block",
      description:
        "A compact block of what an agent remembers that matters for a conversation (people in it, a topic), within a token budget (default 1000). Put it in your prompt before you reply.",
      input: {
        agent_id: id.optional().describe(AGENT_ID),
        conversation_id: z.string().optional().describe("The conversation it is for: its memories come first."),
        participants: z.array(z.string()).optional().describe("Names or ids of the people in the conversation: memories about them come first."),
        topic: z.string().optional().describe("What the conversation is about, in a few words."),
        token_budget: z.number().int().positive().optional().describe("Most tokens the block may take, 50..8000; default 1000."),
      },
      document: String(op.MemoryContextDocument),
      field: "memoryContext",
      variables: (a) => snake(a, { agent_id: "agentId", conversation_id: "conversationId", participants: "participants", topic: "topic", token_budget: "tokenBudget" }),
      render: (v) => String((v as Row).text ?? ""),
      hints: READ,
    },
    {
      name: "memory_query",
      title: "Query knowledge",
      description: "Knowledge (beliefs, insights, learnings) on a topic, yours and what the team shared, most relevant first. Ask before deciding something the team may already know.",
      input: {
        topic: z.string().min(1).describe("The topic, in a few words."),
        min_confidence: z.number().min(0).max(1).optional().describe("Leave out knowledge held with less confidence, 0..1; default 0."),
        domain: z.string().min(1).optional().describe("Only knowledge filed under this domain."),
        include_shared: z.boolean().optional().describe("Also what other agents shared with the team; default true."),
        limit: z.number().int().min(1).optional().describe("How many items at most, 1..100; default 10."),
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
      hints: READ,
    },
    {
      name: "memory_reflect",
      title: "Reflect",
      description: "Look back over your recent experiences and form beliefs from them (a Reflection with the insights gained). Use it after a run of work or a failure.",
      input: { limit: z.number().int().min(1).optional().describe("How many of your newest unreflected experiences to consider, 1..200; default 50.") },
      document: String(op.ReflectDocument),
      field: "memoryReflect",
      variables: (a) => snake(a, { limit: "limit" }),
      render: (v) => {
        const r = v as Row;
        const insights = Array.isArray(r.insightsGained) ? (r.insightsGained as string[]) : [];
        return [clip(r.content, 600), ...insights.map((i) => `- ${clip(i)}`)].join("\n");
      },
      hints: ADDS,
    },
    {
      name: "memory_share",
      title: "Share knowledge",
      description: "Put one of your knowledge items (by id) into the team's shared pool, so the other agents' feeds receive it.",
      input: { knowledge_id: id.describe("The id of your knowledge item, as memory_store or memory_query gave it.") },
      document: String(op.ShareKnowledgeDocument),
      field: "memoryShare",
      variables: (a) => ({ knowledgeId: a.knowledge_id }),
      render: (v) => `Shared as ${String((v as Row).id)}.`,
      hints: ADDS_ONCE,
    },
    {
      name: "retrieve_context",
      title: "Retrieve context for a conversation",
      description:
        "Given the last messages of a conversation, finds the facts about the people in it and the snippets that matter (several retrieval tools, planned for you), with a confidence. Use it when a reply depends on who the people are.",
      input: {
        messages: z
          .array(
            z.object({
              author_id: z.string().optional().describe("The author's id on the platform, when known."),
              author_name: z.string().optional().describe("The author's name as shown."),
              content: z.string().min(1).describe("What they wrote."),
            }),
          )
          .min(1)
          .describe("The last messages of the conversation, oldest first."),
        channel_id: z.string().optional().describe("The channel the conversation is in."),
        max_facts: z.number().int().min(1).optional().describe("How many facts at most, 1..100; default 30."),
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
      // A lookup: the only thing it writes is a private trace of the run, for review.
      hints: READ,
    },
    {
      name: "person_profile",
      title: "Person profile",
      description: profile.loop!.description,
      input: inputOf(profile, {
        person_id: "The person's id, as messages and search hits give it.",
        fact_types: "Only these kinds of facts (e.g. WORKS_AT, HAS_SKILL); default all.",
      }),
      document: String(op.PersonProfileDocument),
      field: "personProfile",
      variables: (a) => fieldArgs(profile, a, NO_CONVERSATION),
      render: (v) => {
        const p = v as Row;
        if (!p.found) return `No person ${String(p.personId)}.`;
        const facts = rows(p.facts).map((f) => `- ${String(f.type)} ${String(f.object)} (confidence ${String(f.confidence)}${f.current ? "" : ", past"})`);
        return [`${String(p.name)} (${String(p.personId)})`, ...facts].join("\n");
      },
      hints: READ,
    },
    {
      name: "record_interaction",
      title: "Record an interaction",
      description: "Remember a conversation you had: a summary, the agents and people in it. It becomes an interaction memory that the memory context and relationships draw on. Without an importance it gets 0.6; without tags, `conversation` and the topics its summary names.",
      input: {
        agent_id: id.optional().describe(AGENT_ID),
        summary: z.string().min(1).describe("What was said or decided, in a few sentences."),
        with_agents: z.array(id).optional().describe("Ids of the other agents in it; an id that is no agent is kept as a person, and you yourself are left out."),
        with_people: z.array(z.string()).optional().describe("Names or ids of the people in it."),
        conversation_id: z.string().optional().describe("The conversation or channel it happened in."),
        importance: z.number().min(0).max(1).optional().describe("How much it matters, 0..1; default 0.6."),
        tags: z.array(z.string()).optional().describe("Tags; default `conversation` and the topics the summary names."),
      },
      document: String(op.RecordInteractionDocument),
      field: "recordInteraction",
      variables: (a) => ({
        input: snake(a, { agent_id: "agentId", summary: "summary", with_agents: "withAgents", with_people: "withPeople", conversation_id: "conversationId", importance: "importance", tags: "tags" }),
      }),
      render: (v) => `Recorded as memory ${String((v as Row).id)}.`,
      hints: ADDS,
    },
    {
      name: "memory_update",
      title: "Correct a memory",
      description:
        "Correct something you stored that turned out wrong or outdated, by its id (from memory_store or a search hit). Searches then find only the new text; the old one is kept as history. A belief gets a new id (the old one is superseded). Messages cannot be corrected: forget them.",
      input: {
        id: id.describe("The id of what to correct."),
        content: z.string().min(1).describe("The corrected text, whole (it replaces the old one; at most 20,000 characters)."),
        reason: z.string().optional().describe("Why it changed, kept with the history; default \"corrected\"."),
      },
      document: String(op.CorrectMemoryDocument),
      field: "correctMemory",
      variables: (a) => snake(a, { id: "id", content: "content", reason: "reason" }),
      render: (v) => {
        const r = v as Row;
        return `Corrected ${String(r.nodeType).toLowerCase()} ${String(r.id)} (earlier version kept as ${String(r.previousVersionId)}).`;
      },
      // It replaces what searches return, though the earlier text stays in the history.
      hints: { readOnly: false, destructive: true, idempotent: false },
    },
    {
      name: "memory_forget",
      title: "Forget a memory",
      description:
        "Forget something you stored or recorded, by its id: a memory, a message, a belief or other knowledge. It is deleted with its earlier versions and copies, and no tool returns it any more. Use it when a person asks you to forget something, or it must not be kept.",
      input: { id: id.describe("The id of what to forget (from memory_store, record_interaction or a search hit).") },
      document: String(op.ForgetMemoryDocument),
      field: "forgetMemory",
      variables: (a) => ({ id: a.id }),
      render: (v) => {
        const r = v as Row;
        return `Forgot ${String(r.nodeType).toLowerCase()} ${String(r.id)}.`;
      },
      // Forgetting again finds nothing (NOT_FOUND) and removes nothing more.
      hints: { readOnly: false, destructive: true, idempotent: true },
    },
    {
      name: "whoami",
      title: "Who am I",
      description: "Who you are to your memory: your agent id (every agent_id defaults to it), your tenant, your roles and what they let you do.",
      input: {},
      document: String(op.WhoAmIDocument),
      field: "whoami",
      variables: () => ({}),
      render: (v) => {
        const r = v as Row;
        const may = Array.isArray(r.permissions) ? (r.permissions as string[]) : [];
        return [`You are agent ${String(r.agentId)} of tenant ${String(r.tenantId)} (roles: ${(r.roles as string[]).join(", ").toLowerCase()}).`, ...may.map((m) => `- You may ${m}.`)].join("\n");
      },
      hints: READ,
    },
    {
      name: "start_game_session",
      title: "Start a game session",
      description: "Start a game session with a goal and a turn limit; record_turn then records each turn of it.",
      input: {
        goal: z.string().min(1).describe("What you are trying to reach."),
        max_turns: z.number().int().min(1).describe("Most turns before the session ends."),
        game: z.string().optional().describe("The game's name."),
        session_id: id.optional().describe("An id of your choice for the session; default a new one."),
      },
      document: String(op.StartGameSessionDocument),
      field: "startSession",
      variables: (a) => snake(a, { goal: "goal", max_turns: "maxTurns", game: "game", session_id: "sessionId" }),
      render: (v) => `Session ${String((v as Row).id)} is ${String((v as Row).status)}.`,
      hints: ADDS,
    },
    {
      name: "record_turn",
      title: "Record a game turn",
      description: "Record one turn of a game session: what you saw (analysis), the buttons you pressed, whether it worked, optionally a screenshot (base64 PNG or JPEG).",
      input: {
        session_id: id.describe("The session, as start_game_session gave it."),
        number: z.number().int().describe("The turn's number in the session, from 1."),
        analysis: z.string().min(1).describe("What you saw and why you chose this move."),
        button_presses: z.array(oneOf("GameButton")).describe("The buttons pressed, in order."),
        success: z.boolean().describe("Whether the move did what you meant."),
        location: z.string().optional().describe("Where in the game you are."),
        screenshot_base64: z.string().optional().describe("A screenshot, base64 PNG or JPEG."),
        screenshot_mime_type: z.string().optional().describe("image/png or image/jpeg; default image/png."),
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
      // A turn recorded again is "already recorded": the same arguments change nothing more.
      hints: ADDS_ONCE,
    },
    {
      name: "recent_turns",
      title: "Recent turns",
      description: "The last turns of a game session in compact form ({turn, action, result, context}) with the patterns seen (stuck, loops). Read it before choosing the next move.",
      input: {
        session_id: id.describe("The session, as start_game_session gave it."),
        last: z.number().int().min(1).optional().describe("How many of the last turns, 1..50; default 4."),
      },
      document: String(op.RecentTurnsDocument),
      field: "recentTurns",
      variables: (a) => snake(a, { session_id: "sessionId", last: "last" }),
      render: (v) => String((v as Row).json ?? ""),
      hints: READ,
    },
    {
      name: "cypher_query",
      title: "Read-only Cypher",
      description: "Run one read-only Cypher query over the whole graph (the gateway's operator only, not a tenant's admin: every tenant is visible). Give parameters as a JSON object text.",
      input: {
        query: z.string().min(1).describe("One read-only Cypher statement."),
        params: z.string().optional().describe("Its parameters as a JSON object text."),
        limit: z.number().int().min(1).optional().describe("Most rows returned; default 100."),
      },
      document: String(op.CypherQueryDocument),
      field: "cypherQuery",
      variables: (a) => snake(a, { query: "query", params: "params", limit: "limit" }),
      render: (v) => {
        const r = v as Row;
        return [`${String(r.rowCount)} rows${r.truncated ? " (truncated)" : ""}: ${(r.columns as string[]).join(", ")}`, ...rows(r.rows).slice(0, 20).map((x) => String(x))].join("\n");
      },
      hints: READ,
      operatorOnly: true,
    },
  ];
}
