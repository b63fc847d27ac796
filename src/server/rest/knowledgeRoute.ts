import express from "express";
import { toKnowledgeResponse, type KnowledgeResultIn } from "./knowledgeResponse.js";
import { retrieveHandler } from "./retrieveHandler.js";
import { toInput } from "./retrieveRoute.js";
import type { ExecuteOperation } from "./restRoutes.js";

// `debug: true` only for the trace: queries_executed lists every call with its round.
const OPERATION = `mutation RetrieveKnowledgeRest($input: RetrieveContextInput!) {
  retrieveContext(input: $input) {
    structuredFacts { id subject subjectId relation confidence evidence current relevance text }
    profiles { personId name realName aliases factCount }
    confidence
    reasoning
    metadata { processingTimeMs factsRetrieved runId planner promptVersion }
    trace { iteration toolCalls { tool arguments ok error resultSize } }
  }
}`;

/**
 * `POST /api/knowledge/retrieve`: the chatbot's knowledge agent's endpoint
 * (its REST API specification). The same retrieveContext loop as
 * `/api/memory/retrieve`, through the GraphQL pipeline (token, limits, rate
 * limits, errors), answered in the knowledge agent's shape
 * (knowledgeResponse.ts). The request is the memory route's: messages with
 * author_id, author_name, content, timestamp; channel_id, max_facts,
 * max_iterations.
 */
export function knowledgeRoute(execute: ExecuteOperation): express.Router {
  const router = express.Router();
  router.post(
    "/knowledge/retrieve",
    retrieveHandler(execute, {
      operation: OPERATION,
      bodyHint: "{ messages: [...], channel_id, max_facts, max_iterations }",
      input: (body) => ({ ...toInput(body), factFormat: "PLAIN", debug: true }),
      respond: (data) => toKnowledgeResponse(data as unknown as KnowledgeResultIn),
    }),
  );
  return router;
}
