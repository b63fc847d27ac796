import { inSpan } from "../core/tracing.js";
import { MnemographError } from "../errors/errors.js";
import type { Logger } from "../logging/logger.js";
import type { CallOutcome, PlannedCall } from "./planners/planner.js";
import { callSignature } from "./stopConditions.js";
import type { RetrievalTool, ToolRun } from "./tools/retrievalTools.js";
import { toolFindings, type ToolFindings } from "./tools/toolFindings.js";

/** A tool call that did not answer within its time. */
class ToolTimeout extends Error {}

/**
 * The call's result, or ToolTimeout after `timeoutMs` (none when absent). The
 * call itself is not cancelled: its query ends by itself or at Neo4j's
 * transaction timeout, and its result is dropped.
 */
async function withTimeout<T>(work: Promise<T>, timeoutMs: number | undefined): Promise<T> {
  if (timeoutMs === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new ToolTimeout()), timeoutMs)));
  work.catch(() => {}); // a late failure after the timeout is nobody's to handle
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

const EMPTY: ToolFindings = { facts: [], profiles: [], snippets: [] };

/** Earlier successful results of this run, by call signature: a repeated call is answered without running again. */
export type ResultCache = Map<string, unknown>;

/**
 * Runs one planned call: unknown tools, malformed or invalid arguments and
 * tool errors become a failed outcome with a message the model can act on,
 * never an exception. A call by a tool's deprecated name runs that tool, and
 * its outcome names the tool by its one name (the trace, the metrics and the
 * repeated-call checks see one name per tool). Timing is measured with the
 * injected clock.
 */
export async function executeCall(
  call: PlannedCall,
  tools: ReadonlyMap<string, RetrievalTool>, // by every name a call may use (toolsByName)
  run: ToolRun,
  cache: ResultCache,
  { clock, logger, timeoutMs }: { clock: () => number; logger: Logger; timeoutMs?: number },
): Promise<CallOutcome> {
  const started = clock();
  const tool = tools.get(call.tool);
  const named = tool ? { ...call, tool: tool.name } : call;
  const fail = (error: string): CallOutcome => ({ call: named, ok: false, error, result: null, findings: EMPTY, elapsedMs: clock() - started, cached: false });
  if (!tool) return fail(`unknown tool "${call.tool.slice(0, 100)}"; the tools are ${[...new Set([...tools.values()].map((t) => t.name))].join(", ")}`);
  if (call.argsError) return fail(call.argsError);
  const parsed = tool.input.safeParse(call.args ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "arguments"}: ${i.message}`).join("; ");
    return fail(`invalid arguments for ${tool.name}: ${issues}`);
  }
  const signature = callSignature(tool.name, parsed.data);
  if (cache.has(signature)) {
    const result = cache.get(signature);
    return { call: named, ok: true, error: null, result, findings: toolFindings(result), elapsedMs: clock() - started, cached: true };
  }
  try {
    // A span per tool call; the tool's Neo4j statements nest under it.
    const result = await withTimeout(
      inSpan(`tool ${tool.name}`, { "mnemograph.tool.name": tool.name }, () => tool.run(parsed.data, run)),
      timeoutMs,
    );
    cache.set(signature, result);
    return { call: named, ok: true, error: null, result, findings: toolFindings(result), elapsedMs: clock() - started, cached: false };
  } catch (err) {
    if (err instanceof ToolTimeout) {
      logger.warn({ tool: tool.name, timeoutMs }, "A retrieval tool ran out of time");
      return fail(`${tool.name} took longer than ${timeoutMs} ms and was given up; try another tool or narrower arguments`);
    }
    if (err instanceof MnemographError) return fail(`${tool.name}: ${err.message}`);
    logger.warn({ err, tool: tool.name }, "A retrieval tool failed");
    return fail(`${tool.name} failed; try another tool`);
  }
}
