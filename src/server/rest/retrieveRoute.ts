import express from "express";
import { isObj, retrieveHandler } from "./retrieveHandler.js";
import type { ExecuteOperation } from "./restRoutes.js";

const OPERATION = `mutation RetrieveContextRest($input: RetrieveContextInput!) {
  retrieveContext(input: $input) {
    facts
    structuredFacts { id subject subjectId relation object attributes { role location startDate endDate proficiency yearsExperience sentiment basis weight extra } confidence evidence current relevance }
    profiles { personId name realName aliases factCount }
    contradictions { fact { id text } conflictsWith { id text } }
    snippets { source id content score authorName occurredAt }
    confidence
    reasoning
    metadata { queriesExecuted iterationsUsed factsRetrieved processingTimeMs timeBudgetMs llmTokensUsed planner fallbackReason stopReason runId }
    trace { stage iteration detail elapsedMs toolCalls { tool arguments ok error resultSize elapsedMs } }
  }
}`;

type Body = Record<string, unknown>;

/** The chatbot memory service's snake_case request as the GraphQL input. Unknown fields are ignored; types are GraphQL's to check. */
export function toInput(body: Body): Record<string, unknown> {
  const messages = Array.isArray(body.messages)
    ? body.messages.map((m) => (isObj(m) ? { authorId: m.author_id ?? m.authorId, authorName: m.author_name ?? m.authorName, content: m.content, timestamp: m.timestamp } : m))
    : body.messages;
  const factFormat = typeof body.fact_format === "string" ? body.fact_format.toUpperCase() : body.fact_format;
  const input: Record<string, unknown> = { messages, channelId: body.channel_id, maxFacts: body.max_facts, maxIterations: body.max_iterations, debug: body.debug, factFormat };
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

/** The metadata of the GraphQL result, as OPERATION selects it. */
interface ResultMetadata {
  queriesExecuted: number;
  iterationsUsed: number;
  factsRetrieved: number;
  processingTimeMs: number;
  timeBudgetMs: number;
  llmTokensUsed: number;
  planner: string;
  fallbackReason: string | null;
  stopReason: string;
  runId: string;
}

/** The GraphQL result in the chatbot memory service's response shape (snake_case), plus the structured parts. */
export function toResponse(result: Record<string, unknown> & { metadata: ResultMetadata }) {
  const m = result.metadata;
  return {
    facts: result.facts,
    confidence: String(result.confidence).toLowerCase(),
    metadata: {
      queries_executed: m.queriesExecuted,
      facts_retrieved: m.factsRetrieved,
      processing_time_ms: m.processingTimeMs,
      time_budget_ms: m.timeBudgetMs,
      iterations_used: m.iterationsUsed,
      llm_tokens_used: m.llmTokensUsed,
      planner: String(m.planner).toLowerCase(),
      fallback_reason: m.fallbackReason,
      stop_reason: m.stopReason,
      run_id: m.runId,
    },
    structured_facts: result.structuredFacts,
    profiles: result.profiles,
    contradictions: result.contradictions,
    snippets: result.snippets,
    reasoning: result.reasoning,
    ...(result.trace ? { trace: result.trace } : {}),
  };
}

/** The trace of a debug run (GraphQL's RetrieveStep), as OPERATION selects it. */
interface TraceStep {
  stage: string;
  iteration: number;
  detail: string;
  elapsedMs: number;
  toolCalls: { tool: string; arguments: string; ok: boolean; error: string | null; resultSize: number; elapsedMs: number }[];
}

/**
 * The memory service's `debug_info`: every stage in order (state_history),
 * every tool call with its iteration (tool_calls), and what the planner and
 * the evaluation said at each round, then the summary (reasoning_trace).
 */
export function debugInfo(trace: readonly TraceStep[], reasoning: string) {
  return {
    state_history: trace.map((t) => ({ stage: t.stage, iteration: t.iteration, detail: t.detail, elapsed_ms: t.elapsedMs })),
    tool_calls: trace.flatMap((t) =>
      t.toolCalls.map((c) => ({ iteration: t.iteration, tool: c.tool, arguments: c.arguments, success: c.ok, error: c.error, result_count: c.resultSize, elapsed_ms: c.elapsedMs })),
    ),
    reasoning_trace: [...trace.filter((t) => t.stage === "PLAN" || t.stage === "EVALUATE").map((t) => `${t.stage} ${t.iteration}: ${t.detail}`), reasoning],
  };
}

/**
 * `POST /api/memory/retrieve` and `POST /api/memory/retrieve/debug`: the
 * chatbot memory service's REST endpoints for chatbots that do not speak
 * GraphQL. A translation over the `retrieveContext` mutation, run through the
 * GraphQL pipeline: the same checks, limits and errors. Facts are written in
 * the service's LABELED format unless `fact_format` says PLAIN; the debug
 * route adds `debug_info` (its trace).
 */
export function retrieveRoute(execute: ExecuteOperation): express.Router {
  const router = express.Router();
  const handle = (debug: boolean) =>
    retrieveHandler(execute, {
      operation: OPERATION,
      bodyHint: "{ messages: [...], channel_id, max_facts, max_iterations }",
      // THOROUGH: the memory service allows a request 30-60 s and a tool 10 s (the run's time_budget_ms says which it had).
      input: (body) => ({ factFormat: "LABELED", ...toInput(body), budget: "THOROUGH", ...(debug ? { debug: true } : {}) }),
      respond: (data) => {
        const body = toResponse(data as Parameters<typeof toResponse>[0]);
        return debug ? { ...body, debug_info: debugInfo((data.trace as TraceStep[] | null) ?? [], String(data.reasoning)) } : body;
      },
    });
  router.post("/memory/retrieve", handle(false));
  router.post("/memory/retrieve/debug", handle(true));
  return router;
}
