// Retrieval runs: a recorded run's trace as a timeline (stages, each tool call
// with its arguments, result size and time, the facts kept), and a form that
// runs retrieveContext (debug on) and shows the trace it answers with.
import { h, replace, errorBox, cut, when } from "./dom.js";

const RUN = "id conversation channelId planner promptVersion stopReason confidence iterationsUsed queriesExecuted llmTokensUsed processingTimeMs facts steps createdAt helpful feedbackNote";

/** A recorded run's `steps` (JSON text) as trace steps; [] when it is not what the recorder writes. */
function parseSteps(text) {
  try {
    const steps = JSON.parse(text);
    return Array.isArray(steps) ? steps : [];
  } catch {
    return [];
  }
}

function trace(steps, total) {
  const scale = Math.max(total || 0, ...steps.map((s) => s.elapsedMs ?? 0), 1);
  return h("ol", { class: "trace" }, steps.map((s) =>
    h("li", { class: "step" },
      h("div", { class: "bar", style: `width:${Math.max(2, (100 * (s.elapsedMs ?? 0)) / scale).toFixed(1)}%` }),
      h("div", {}, h("strong", {}, s.stage), ` · iteration ${s.iteration} · ${(s.elapsedMs ?? 0).toFixed(1)} ms`),
      h("div", { class: "meta" }, s.detail),
      (s.toolCalls ?? []).length
        ? h("table", { class: "calls" },
            h("tr", {}, h("th", {}, "tool"), h("th", {}, "arguments"), h("th", {}, "result"), h("th", {}, "ms")),
            s.toolCalls.map((c) => h("tr", { class: c.ok ? "" : "failed" },
              h("td", {}, c.tool),
              h("td", { class: "mono" }, cut(typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments), 140)),
              h("td", {}, c.ok ? `${c.resultSize} found` : `failed: ${c.error ?? "?"}`),
              h("td", {}, (c.elapsedMs ?? 0).toFixed(1)))))
        : null)));
}

function runSummary(run) {
  return h("div", { class: "run" },
    h("p", { class: "meta" }, `${when(run.createdAt)} · ${run.planner} planner · stopped: ${run.stopReason} · confidence ${run.confidence} · ${run.iterationsUsed} iterations, ${run.queriesExecuted} queries, ${run.processingTimeMs.toFixed(0)} ms`),
    run.helpful != null ? h("p", { class: "meta" }, `marked ${run.helpful ? "helpful" : "not helpful"}${run.feedbackNote ? `: ${run.feedbackNote}` : ""}`) : null,
    h("h4", {}, "Trace"), trace(parseSteps(run.steps), run.processingTimeMs),
    h("h4", {}, `Facts kept (${run.facts.length})`), h("ul", {}, run.facts.map((f) => h("li", {}, f))));
}

/** A run's conversation (its messages as JSON text) in a few words: the last message. */
function conversationLabel(text) {
  try {
    const messages = JSON.parse(text);
    const last = Array.isArray(messages) ? messages.at(-1) : null;
    if (last?.content) return `${last.authorName ?? last.authorId ?? "?"}: ${last.content}`;
  } catch {
    // Not JSON: shown as it is.
  }
  return text;
}

/** "Ana: where does Bo work now?" lines → retrieveContext messages. */
function messagesFrom(text) {
  return text.split("\n").map((l) => l.trim()).filter(Boolean).map((line) => {
    const m = /^([^:]{1,60}):\s*(.+)$/.exec(line);
    return m ? { authorName: m[1], content: m[2] } : { content: line };
  });
}

export async function runsView(root, { api, go, params }) {
  const { retrievalRuns } = await api.gql(`query ExplorerRuns { retrievalRuns(limit: 50, sort: [{ createdAt: DESC }]) { id conversation createdAt stopReason confidence } }`);
  const runId = params.run ?? retrievalRuns[0]?.id;
  const select = h("select", { name: "run", onchange: (e) => go("runs", { run: e.target.value }) },
    retrievalRuns.map((r) => h("option", { value: r.id, selected: r.id === runId }, `${when(r.createdAt)} · ${cut(conversationLabel(r.conversation), 60)} (${r.confidence.toLowerCase()})`)));
  const recorded = h("div", {});
  const messages = h("textarea", { name: "messages", rows: 4, cols: 70, placeholder: "Ana: where does Bo work now?" });
  const channel = h("input", { type: "text", name: "channelId", placeholder: "channel id (optional)" });
  const answer = h("div", {});
  const form = h("form", {
    class: "retrieve",
    onsubmit: async (e) => {
      e.preventDefault();
      replace(answer, h("p", { class: "muted" }, "Running retrieveContext…"));
      try {
        const { retrieveContext: r } = await api.gql(
          `mutation ExplorerRetrieve($input: RetrieveContextInput!) { retrieveContext(input: $input) {
            facts confidence reasoning
            metadata { runId planner stopReason processingTimeMs queriesExecuted iterationsUsed }
            trace { stage iteration detail elapsedMs toolCalls { tool arguments ok error resultSize elapsedMs } } } }`,
          { input: { messages: messagesFrom(messages.value), channelId: channel.value.trim() || null, debug: true } },
        );
        replace(answer,
          h("p", { class: "meta" }, `${r.metadata.planner} planner · stopped: ${r.metadata.stopReason} · confidence ${r.confidence} · ${r.metadata.processingTimeMs.toFixed(0)} ms · `,
            h("button", { class: "link", onclick: () => go("runs", { run: r.metadata.runId }) }, "open the recorded run")),
          h("p", {}, r.reasoning),
          h("h4", {}, "Trace"), trace(r.trace ?? [], r.metadata.processingTimeMs),
          h("h4", {}, `Facts (${r.facts.length})`), h("ul", {}, r.facts.map((f) => h("li", {}, f))));
      } catch (err) {
        replace(answer, errorBox(err));
      }
    },
  }, messages, h("div", {}, channel, " ", h("button", { type: "submit" }, "Run retrieveContext")));

  replace(root, h("div", { class: "page two-columns" },
    h("section", {}, h("h2", {}, "Recorded runs"), retrievalRuns.length ? h("p", {}, select) : h("p", { class: "muted" }, "No run of yours recorded yet."), recorded),
    h("section", {}, h("h2", {}, "Run one now"), h("p", { class: "muted" }, "One message a line, 'author: text'. The run is recorded as yours."), form, answer)));
  if (!runId) return;
  try {
    const { retrievalRuns: runs } = await api.gql(`query ExplorerRun($id: ID!) { retrievalRuns(where: { id: { eq: $id } }) { ${RUN} } }`, { id: runId });
    replace(recorded, runs[0] ? runSummary(runs[0]) : h("p", { class: "muted" }, "Not found, or not yours to read."));
  } catch (err) {
    replace(recorded, errorBox(err));
  }
}
