import { Counter, Histogram, type Registry } from "prom-client";
import type { RetrieveRunReport } from "../../retrieveContext/index.js";

/**
 * The chatbot memory service's metrics, by the names and labels its
 * dashboards expect, for every retrieveContext run (GraphQL and
 * POST /api/memory/retrieve alike).
 */
export function memoryAgentMetrics(registry: Registry): (run: RetrieveRunReport) => void {
  const registers = [registry];
  const requests = new Counter({ name: "memory_agent_requests_total", help: "retrieveContext runs, by outcome", labelNames: ["status"], registers });
  const duration = new Histogram({
    name: "memory_agent_request_duration_seconds",
    help: "Duration of a retrieveContext run",
    buckets: [1, 5, 10, 30, 60, 120],
    registers,
  });
  const toolCalls = new Counter({ name: "memory_agent_tool_calls_total", help: "Tool calls inside retrieveContext", labelNames: ["tool_name", "success"], registers });
  const toolDuration = new Histogram({
    name: "memory_agent_tool_duration_seconds",
    help: "Duration of one tool call inside retrieveContext",
    labelNames: ["tool_name"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const facts = new Histogram({ name: "memory_agent_facts_retrieved", help: "Facts returned per retrieveContext run", buckets: [0, 1, 2, 5, 10, 20, 50], registers });
  const iterations = new Histogram({ name: "memory_agent_iterations", help: "Loop iterations per retrieveContext run", buckets: [1, 2, 3, 4, 5, 6, 8, 10], registers });

  return (run) => {
    requests.inc({ status: run.status });
    duration.observe(run.seconds);
    if (run.status !== "success") return;
    facts.observe(run.factsRetrieved);
    iterations.observe(run.iterations);
    for (const call of run.toolCalls) {
      toolCalls.inc({ tool_name: call.tool, success: String(call.ok) });
      toolDuration.observe({ tool_name: call.tool }, call.seconds);
    }
  };
}
