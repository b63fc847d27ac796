import type { GraphQLResolveInfo, GraphQLSchema } from "graphql";
import type { LlmConfig, RetrievalLoopConfig } from "../config/config.js";
import type { RequestContext } from "../core/requestContext.js";
import type { AppDeps } from "../core/appDeps.js";
import type { MutationMarkRetrievalRunArgs, ResolversTypes } from "../generated/resolvers-types.js";
import { selectNodeById } from "../graph/selectNodeById.js";
import { createChatModel } from "../llm/chatModel.js";
import { markRetrievalRun, parseRunFeedback } from "./markRetrievalRun.js";
import { deterministicPlanner } from "./planners/deterministicPlanner.js";
import { llmPlanner } from "./planners/llmPlanner.js";
import { recordRun } from "./recordRun.js";
import { failedRun, reportOf, type RetrieveRunReport } from "./runReport.js";
import { parseRetrieveRequest, type RetrievalBudget } from "./request.js";
import { runLoop } from "./runLoop.js";
import type { RankedFact } from "./synthesize.js";
import { traceView, type LoopResult } from "./synthesizeRun.js";
import { retrievalTools, type RetrievalTool, type ToolResolvers } from "./tools/retrievalTools.js";

/** A run's time: the whole run's budget and one tool call's limit, in ms. */
export interface RunBudget {
  timeBudgetMs: number;
  toolTimeoutMs: number;
}

/** The run budgets as the configuration sets them (RETRIEVE_…_MS). Pure. */
export function runBudgets(c: Pick<RetrievalLoopConfig, "timeBudgetMs" | "toolTimeoutMs" | "thoroughTimeBudgetMs" | "thoroughToolTimeoutMs">): Record<RetrievalBudget, RunBudget> {
  return {
    STANDARD: { timeBudgetMs: c.timeBudgetMs, toolTimeoutMs: c.toolTimeoutMs },
    THOROUGH: { timeBudgetMs: c.thoroughTimeBudgetMs, toolTimeoutMs: c.thoroughToolTimeoutMs },
  };
}

export interface RetrieveContextOptions {
  llm: LlmConfig | null;
  /** By RetrievalBudget: STANDARD (RETRIEVE_TIME_BUDGET_MS, RETRIEVE_TOOL_TIMEOUT_MS) and THOROUGH (RETRIEVE_THOROUGH_…). */
  budgets: Readonly<Record<RetrievalBudget, RunBudget>>;
  /** Share of a run's budget the LLM planner may use (RETRIEVE_LLM_BUDGET_SHARE). */
  llmBudgetShare: number;
  /** Tools only some callers get (cypher_query for the operator). */
  extraTools?: (ctx: RequestContext) => RetrievalTool[];
  /** Told of every run once it answered or failed (metrics). */
  onRun?: (report: RetrieveRunReport) => void;
}

const factOut = (f: RankedFact) => ({
  id: f.fact.id,
  subject: f.fact.personName,
  subjectId: f.fact.personId,
  relation: f.fact.type,
  object: f.fact.object,
  objectId: f.fact.objectId,
  objectLabel: f.fact.objectLabel,
  attributes: f.fact.attributes,
  start: f.fact.start,
  end: f.fact.end,
  confidence: f.fact.confidence,
  evidence: f.fact.evidence,
  current: f.fact.current,
  relevance: Number(f.relevance.toFixed(4)),
  text: f.text,
});

/** A run as the GraphQL result type RetrieveContextResult. */
export function toGraphQLResult(result: LoopResult, runId: string, debug: boolean) {
  return {
    facts: result.facts.map((f) => f.text),
    structuredFacts: result.facts.map(factOut),
    profiles: result.profiles,
    contradictions: result.contradictions.map(([a, b]) => ({ fact: factOut(a), conflictsWith: factOut(b) })),
    snippets: result.snippets,
    confidence: result.confidence,
    reasoning: result.reasoning,
    metadata: { ...result.metadata, runId },
    // GraphQL has no JSON scalar here: a call's arguments go out as JSON text.
    trace: debug ? traceView(result.trace).map((s) => ({ ...s, toolCalls: s.toolCalls.map((c) => ({ ...c, arguments: JSON.stringify(c.arguments) })) })) : null,
  };
}

/**
 * `retrieveContext` (schema/retrieve-context.graphql): checks the request,
 * runs the loop with the configured planner, records the run, answers; and
 * `markRetrievalRun`, the feedback on a recorded run.
 */
export function retrieveContextResolvers(deps: AppDeps, resolvers: ToolResolvers, options: RetrieveContextOptions) {
  const tools = retrievalTools(resolvers);
  // One model client per process: its circuit breaker must see every run's failures.
  const model = options.llm ? createChatModel(options.llm) : null;
  const llm = options.llm;
  const runOnce = async (input: Record<string, unknown>, ctx: RequestContext, schema: GraphQLSchema) => {
    const request = parseRetrieveRequest(input);
    const available = [...tools, ...(options.extraTools?.(ctx) ?? [])];
    const budget = options.budgets[request.budget];
    const result = await runLoop(request, ctx, {
      driver: deps.driver,
      database: deps.database,
      tools: available,
      schema,
      planner: () => (model && llm ? llmPlanner(model, available, llm.timeoutMs) : deterministicPlanner()),
      fallback: deterministicPlanner,
      clock: () => performance.now(),
      budgetMs: budget.timeBudgetMs,
      toolTimeoutMs: budget.toolTimeoutMs,
      llmBudgetShare: options.llmBudgetShare,
      logger: ctx.logger,
    });
    const runId = recordRun(deps, ctx.caller, request, result);
    return { request, result, runId };
  };
  const run = async (input: Record<string, unknown>, ctx: RequestContext, schema: GraphQLSchema) => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const done = await runOnce(input, ctx, schema);
      options.onRun?.(reportOf(done.result, seconds()));
      return done;
    } catch (err) {
      options.onRun?.(failedRun(seconds()));
      throw err;
    }
  };
  return {
    run,
    resolvers: {
      Mutation: {
        retrieveContext: async (_: unknown, args: { input: Record<string, unknown> }, ctx: RequestContext, info: GraphQLResolveInfo) => {
          const { request, result, runId } = await run(args.input, ctx, info.schema);
          return toGraphQLResult(result, runId, request.debug);
        },
        markRetrievalRun: async (_: unknown, args: MutationMarkRetrievalRunArgs, ctx: RequestContext, info: GraphQLResolveInfo) => {
          const feedback = parseRunFeedback(args);
          await markRetrievalRun(deps, ctx.caller, feedback);
          return selectNodeById<ResolversTypes["RetrievalRun"]>(info, ctx, "retrievalRuns", feedback.runId);
        },
      },
    },
  };
}
