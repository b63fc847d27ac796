import express from "express";
import { MnemographError } from "../../errors/errors.js";
import { httpStatusOf, type ExecuteOperation } from "./restRoutes.js";

const OPERATION = `mutation RetrieveContextRest($input: RetrieveContextInput!) {
  retrieveContext(input: $input) {
    facts
    structuredFacts { id subject subjectId relation object attributes { role location startDate endDate proficiency yearsExperience sentiment basis weight extra } confidence evidence current relevance }
    profiles { personId name realName aliases factCount }
    contradictions { fact { id text } conflictsWith { id text } }
    snippets { source id content score authorName occurredAt }
    confidence
    reasoning
    metadata { queriesExecuted iterationsUsed factsRetrieved processingTimeMs llmTokensUsed planner fallbackReason stopReason runId }
    trace { stage iteration detail elapsedMs toolCalls { tool arguments ok error resultSize elapsedMs } }
  }
}`;

type Body = Record<string, unknown>;
const isObj = (v: unknown): v is Body => typeof v === "object" && v !== null && !Array.isArray(v);

/** The chatbot memory service's snake_case request as the GraphQL input. Unknown fields are ignored; types are GraphQL's to check. */
export function toInput(body: Body): Record<string, unknown> {
  const messages = Array.isArray(body.messages)
    ? body.messages.map((m) => (isObj(m) ? { authorId: m.author_id ?? m.authorId, authorName: m.author_name ?? m.authorName, content: m.content, timestamp: m.timestamp } : m))
    : body.messages;
  const input: Record<string, unknown> = { messages, channelId: body.channel_id, maxFacts: body.max_facts, maxIterations: body.max_iterations, debug: body.debug };
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

/** The metadata of the GraphQL result, as OPERATION selects it. */
interface ResultMetadata {
  queriesExecuted: number;
  iterationsUsed: number;
  factsRetrieved: number;
  processingTimeMs: number;
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

function refuse(res: express.Response, status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  res.status(status).json({ error: code, message, ...extra });
}

/**
 * `POST /api/memory/retrieve`: the chatbot memory service's REST endpoint for chatbots that do
 * not speak GraphQL. A translation over the `retrieveContext` mutation, run
 * through the GraphQL pipeline: the same checks, limits and errors.
 */
export function retrieveRoute(execute: ExecuteOperation): express.Router {
  const router = express.Router();
  router.post("/memory/retrieve", async (req, res, next) => {
    try {
      if (!isObj(req.body)) return refuse(res, 400, "BAD_USER_INPUT", "The body must be a JSON object: { messages: [...], channel_id, max_facts, max_iterations }");
      const result = await execute(req.headers, OPERATION, { input: toInput(req.body) });
      const [error] = result.errors ?? [];
      if (error) {
        const code = (error.extensions?.code as string | undefined) ?? "INTERNAL_SERVER_ERROR";
        return refuse(res, httpStatusOf(code), code, error.message, {
          ...(error.extensions?.field ? { field: error.extensions.field } : {}),
          ...(error.extensions?.requestId ? { request_id: error.extensions.requestId } : {}),
        });
      }
      return res.json(toResponse(result.data!.retrieveContext as Parameters<typeof toResponse>[0]));
    } catch (err) {
      if (err instanceof MnemographError) return refuse(res, httpStatusOf(err.extensions.code), String(err.extensions.code), err.message);
      return next(err);
    }
  });
  return router;
}
