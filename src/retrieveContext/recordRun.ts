import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import { cypherInt } from "../graph/readQuery.js";
import { executor } from "../graph/executor.js";
import { noRows } from "../graph/statement.js";
import type { AppDeps } from "../core/appDeps.js";
import type { RetrieveRequest } from "./request.js";
import { recordedSteps } from "./recordedSteps.js";
import type { LoopResult } from "./synthesizeRun.js";

const CREATE_RUN = `
  CREATE (r:RetrievalRun {
    id: $id, tenantId: $tenantId, ownerId: $ownerId, visibility: 'PRIVATE', sharedWith: [],
    channelId: $channelId, conversation: $conversation, planner: $planner, promptVersion: $promptVersion, fallbackReason: $fallbackReason,
    stopReason: $stopReason, confidence: $confidence, iterationsUsed: $iterationsUsed, queriesExecuted: $queriesExecuted,
    llmTokensUsed: $llmTokensUsed, processingTimeMs: $processingTimeMs, facts: $facts, steps: $steps, createdAt: datetime($createdAt)
  })`;

/** The steps as stored, as JSON text: the trace with what each call returned (recordedSteps.ts). */
export const traceJson = (result: LoopResult): string => JSON.stringify(recordedSteps(result.trace));

/**
 * Records a run as a RetrievalRun node owned by the caller (the knowledge agent: "log
 * everything"): the conversation, the steps and calls with what each returned,
 * the facts returned, the planner and its prompt version.
 * The answer does not wait for it: the id is chosen now and returned at once,
 * the write runs in the background (a failure is logged; shutdown drains it),
 * so the run can be read back a moment after the answer.
 */
export function recordRun(deps: Pick<AppDeps, "driver" | "database" | "now" | "background">, caller: Caller, request: RetrieveRequest, result: LoopResult): string {
  const id = randomUUID();
  const createdAt = deps.now().toISOString();
  deps.background.run("record a retrieval run", () => writeRun(deps, id, createdAt, caller, request, result));
  return id;
}

async function writeRun(deps: Pick<AppDeps, "driver" | "database">, id: string, createdAt: string, caller: Caller, request: RetrieveRequest, result: LoopResult): Promise<void> {
  const m = result.metadata;
  // One statement, created under a unique (tenantId, id): written in one round trip, and a retry cannot double it.
  await executor(deps).write(
    noRows(CREATE_RUN, {
      id,
      tenantId: caller.tenantId,
      ownerId: caller.agentId,
      channelId: request.channelId,
      conversation: JSON.stringify(request.messages),
      planner: m.planner,
      promptVersion: m.promptVersion,
      fallbackReason: m.fallbackReason,
      stopReason: m.stopReason,
      confidence: result.confidence,
      iterationsUsed: cypherInt(m.iterationsUsed),
      queriesExecuted: cypherInt(m.queriesExecuted),
      llmTokensUsed: cypherInt(m.llmTokensUsed),
      processingTimeMs: m.processingTimeMs,
      facts: result.facts.map((f) => f.text),
      steps: traceJson(result),
      createdAt,
    }),
  );
}
