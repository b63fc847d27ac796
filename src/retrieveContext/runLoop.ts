import type { GraphTarget } from "../graph/executor.js";
import type { Logger } from "../logging/logger.js";
import type { RequestContext } from "../core/requestContext.js";
import { analyzeConversation, type ConversationAnalysis } from "./analyzeConversation.js";
import { executeCall, type ResultCache } from "./executeCall.js";
import { linkEntities, type EntityLinks } from "./linkEntities.js";
import { nextStage, type Stage } from "./loopStages.js";
import { DETERMINISTIC_ROUNDS } from "./planners/deterministicPlanner.js";
import { PlannerFailure, type CallOutcome, type LoopView, type PlannerSession, type PlanStep } from "./planners/planner.js";
import type { GraphQLSchema } from "graphql";
import type { RetrieveRequest } from "./request.js";
import { callSignature, shouldStop, type StopReason } from "./stopConditions.js";
import { synthesize, type LoopResult, type StepTrace } from "./synthesizeRun.js";
import { toolsByName, type RetrievalTool } from "./tools/retrievalTools.js";

export interface LoopDeps {
  driver: GraphTarget["driver"];
  database: string;
  tools: readonly RetrievalTool[];
  /** The schema the request runs on: tools that are @cypher fields run as queries of it. */
  schema?: GraphQLSchema;
  /** The planner of a new run: the LLM planner when a model is configured, else the deterministic one. */
  planner: () => PlannerSession;
  /** What takes over when the LLM planner fails or goes round in circles. */
  fallback: () => PlannerSession;
  /** Milliseconds, monotonic; tests may pin it. */
  clock: () => number;
  budgetMs: number;
  /** Longest one tool call may take; a slower one fails and the run goes on. */
  toolTimeoutMs?: number;
  /** Share of the time budget the LLM planner may use; the rest is kept for the fallback (RETRIEVE_LLM_BUDGET_SHARE). */
  llmBudgetShare: number;
  logger: Logger;
}

/** A tool call as the debug log shows it: its arguments by size, not content (they may quote the conversation). */
const callLog = (o: CallOutcome) => ({ tool: o.call.tool, argumentsBytes: JSON.stringify(o.call.args ?? {}).length, ok: o.ok, cached: o.cached, elapsedMs: o.elapsedMs, error: o.error });

/**
 * Drives one run through its stages (loopStages.ts): analyze the
 * conversation and link its names, then plan → execute (a round's calls run
 * concurrently) → evaluate until a stop condition holds or the planner is
 * done, then synthesize. An LLM planner that fails, repeats itself or uses
 * its share of rounds hands over to the deterministic planner once.
 */
export async function runLoop(request: RetrieveRequest, ctx: RequestContext, deps: LoopDeps): Promise<LoopResult> {
  const started = deps.clock();
  const elapsed = () => deps.clock() - started;
  const tools = toolsByName(deps.tools);
  const trace: StepTrace[] = [];
  const outcomes: CallOutcome[] = [];
  const cache: ResultCache = new Map();
  const plannerReasons: string[] = [];
  let planner = deps.planner();
  // The first planner's prompts are the run's, even when it hands over: the fallback has none.
  const promptVersion = planner.promptVersion;
  let plannerStartIteration = 0;
  let signatures: string[] = [];
  let tokens = 0;
  let fallbackReason: string | null = null;
  let stopReason: StopReason = "DONE";
  let iteration = 0;
  let lastOutcomes: CallOutcome[] = [];
  let step: PlanStep | null = null;
  let analysis: ConversationAnalysis | null = null;
  let result: LoopResult | null = null;
  let links: EntityLinks = { entities: [], authors: [] };
  const factKeys = new Set<string>();

  const llmRounds = Math.max(1, request.maxIterations - DETERMINISTIC_ROUNDS);
  const progress = () => ({
    iteration,
    maxIterations: request.maxIterations,
    factCount: factKeys.size,
    maxFacts: request.maxFacts,
    callSignatures: signatures,
    elapsedMs: elapsed(),
    budgetMs: deps.budgetMs,
  });
  // Each stage at debug (its tool calls with their arguments' size and time); the request id comes with ctx.logger.
  const record = (stage: Stage, detail: string, since: number, calls: CallOutcome[] = []) => {
    const elapsedMs = deps.clock() - since;
    trace.push({ stage, iteration, detail, elapsedMs, calls });
    if (deps.logger.isLevelEnabled("debug")) deps.logger.debug({ stage, iteration, elapsedMs, detail, calls: calls.map(callLog) }, "retrieveContext stage");
  };
  const fallBack = (reason: string) => {
    tokens += planner.tokensUsed();
    fallbackReason = reason;
    deps.logger.warn({ reason }, "retrieveContext: the LLM planner handed over to the deterministic planner");
    planner = deps.fallback();
    plannerStartIteration = iteration;
    signatures = [];
  };

  let stage: Stage = "ANALYZE";
  while (stage !== "END") {
    const since = deps.clock();
    switch (stage) {
      case "ANALYZE": {
        analysis = analyzeConversation(request.messages);
        links = await linkEntities(deps, ctx.caller, analysis);
        const named = links.entities.map((e) => `${e.name} (${e.label})`);
        record(stage, `Linked ${named.length ? named.join(", ") : "no names"}; asked about ${analysis.intents.map((i) => `${i.kind} ${i.term}`).join(", ") || "nothing explicit"}`, since);
        stage = nextStage(stage);
        break;
      }
      case "PLAN": {
        const stop = shouldStop(progress());
        if (stop) {
          stopReason = stop;
          stage = nextStage(stage, { stop });
          break;
        }
        const view: LoopView = { request, analysis: analysis!, links, iteration, factCount: factKeys.size, outcomes, lastOutcomes };
        const llm = planner.kind === "LLM";
        const remaining = Math.max(1, Math.ceil((llm ? deps.budgetMs * deps.llmBudgetShare : deps.budgetMs) - elapsed()));
        try {
          step = await planner.next(view, AbortSignal.timeout(remaining));
        } catch (err) {
          if (!(err instanceof PlannerFailure) || !llm) throw err;
          record(stage, `The LLM planner failed: ${err.reason}`, since);
          fallBack(err.reason);
          break;
        }
        lastOutcomes = [];
        plannerReasons.push(step.reasoning);
        deps.logger.info(
          { iteration, planner: planner.kind, decision: step.kind, tools: step.kind === "calls" ? step.calls.map((c) => c.tool) : [], reasoning: step.reasoning },
          "retrieveContext: the planner decided",
        );
        record(stage, `${planner.kind === "LLM" ? "Model" : "Planner"}: ${step.reasoning}`, since);
        if (step.kind === "done") {
          stopReason = "DONE";
          stage = nextStage(stage, { stop: "DONE" });
        } else stage = nextStage(stage);
        break;
      }
      case "EXECUTE": {
        const calls = step!.kind === "calls" ? step!.calls : [];
        iteration++;
        // Calls of one round are independent: they run concurrently, so a round takes about as long as its slowest call.
        lastOutcomes = await Promise.all(calls.map((c) => executeCall(c, tools, { ctx, request, schema: deps.schema }, cache, { clock: deps.clock, logger: deps.logger, timeoutMs: deps.toolTimeoutMs })));
        outcomes.push(...lastOutcomes);
        for (const o of lastOutcomes) {
          signatures.push(callSignature(o.call.tool, (o.call.args ?? {}) as Record<string, unknown>));
          for (const f of o.findings.facts) factKeys.add(`${f.fact.personId}|${f.fact.type}|${f.fact.object.toLowerCase()}`);
        }
        record(stage, `${lastOutcomes.length} tool call(s), ${lastOutcomes.filter((o) => !o.ok).length} failed`, since, lastOutcomes);
        stage = nextStage(stage);
        break;
      }
      case "EVALUATE": {
        let stop = shouldStop(progress());
        const llmOutOfRounds = planner.kind === "LLM" && iteration - plannerStartIteration >= llmRounds && iteration < request.maxIterations;
        if (planner.kind === "LLM" && (stop === "STUCK" || llmOutOfRounds)) {
          fallBack(stop === "STUCK" ? "the model repeated the same tool call a third time" : `the model did not finish within ${llmRounds} rounds`);
          stop = shouldStop(progress());
        }
        record(stage, stop ? `Stop: ${stop}` : `${factKeys.size} distinct facts so far; continue`, since);
        if (stop) stopReason = stop;
        stage = nextStage(stage, { stop });
        break;
      }
      case "SYNTHESIZE": {
        tokens += planner.tokensUsed();
        result = synthesize({
          request,
          links,
          analysis: analysis!,
          outcomes,
          trace,
          reasoning: plannerReasons,
          metadata: { iterationsUsed: iteration, llmTokensUsed: tokens, planner: planner.kind, fallbackReason, promptVersion, stopReason, timeBudgetMs: deps.budgetMs },
        });
        record(stage, `${result.facts.length} facts, confidence ${result.confidence}`, since);
        stage = nextStage(stage);
        break;
      }
    }
  }
  result!.metadata.processingTimeMs = Number(elapsed().toFixed(2));
  const { metadata } = result!;
  deps.logger.info(
    { stopReason: metadata.stopReason, iterations: metadata.iterationsUsed, facts: metadata.factsRetrieved, confidence: result!.confidence, planner: metadata.planner, fallbackReason: metadata.fallbackReason, elapsedMs: metadata.processingTimeMs },
    "retrieveContext: answered",
  );
  return result!;
}
