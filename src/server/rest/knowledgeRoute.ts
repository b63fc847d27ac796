import express from "express";
import { toKnowledgeResponse, type KnowledgeResultIn } from "./knowledgeResponse.js";
import { retrieveHandler } from "./retrieveHandler.js";
import { toInput } from "./retrieveRoute.js";
import type { ExecuteOperation } from "./restRoutes.js";

// `debug: true` only for the trace: queries_executed lists every call with its round.
const OPERATION = `mutation RetrieveKnowledgeRest($input: RetrieveContextInput!) {
  retrieveContext(input: $input) {
    structuredFacts {
      id subject subjectId relation object objectId objectLabel start end
      attributes { role location basis sentiment proficiency }
      confidence evidence current relevance text
    }
    contradictions { fact { id text } conflictsWith { id text } }
    profiles { personId name realName aliases factCount }
    confidence
    reasoning
    metadata { processingTimeMs timeBudgetMs factsRetrieved runId planner promptVersion }
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
 * max_iterations. The run has the THOROUGH budget (a minute, 10 s per tool
 * by default).
 */
export function knowledgeRoute(execute: ExecuteOperation): express.Router {
  const router = express.Router();
  router.post(
    "/knowledge/retrieve",
    retrieveHandler(execute, {
      operation: OPERATION,
      bodyHint: "{ messages: [...], channel_id, max_facts, max_iterations }",
      // THOROUGH: the agent's notes prefer thoroughness over speed and wait about a minute.
      input: (body) => ({ ...toInput(body), factFormat: "PLAIN", debug: true, budget: "THOROUGH" }),
      respond: (data) => toKnowledgeResponse(data as unknown as KnowledgeResultIn),
    }),
  );
  return router;
}
