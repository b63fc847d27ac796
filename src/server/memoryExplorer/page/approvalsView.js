// Approval board: workflow improvements in columns by status. The buttons are the
// improvement's `allowedTransitions` for the caller (the server's own rule), and
// a click sends transitionWorkflowImprovement, so the board offers nothing the
// gate would refuse.
import { h, replace, errorBox, cut, when } from "./dom.js";

const COLUMNS = ["PROPOSED", "PENDING_APPROVAL", "NEEDS_REVISION", "APPROVED", "IMPLEMENTING", "MEASURING", "COMPLETE", "REJECTED"];
const LABELS = {
  SUBMIT: "Submit for approval", APPROVE: "Approve", REJECT: "Reject", REQUEST_REVISION: "Request revision", REVISE: "Revise",
  START_IMPLEMENTATION: "Start implementation", START_MEASURING: "Start measuring", COMPLETE: "Complete",
};

const BOARD = `query ExplorerBoard { workflowImprovements(limit: 100, sort: [{ createdAt: DESC }]) {
  id targetProcess currentState proposedState status ownerId coCreatedWith riskLevel effortEstimate confidence createdAt
  reviewedBy reviewDecision reviewNotes allowedTransitions transitions { transition byAgentId at notes }
} }`;

const MOVE = `mutation ExplorerTransition($id: ID!, $transition: WorkflowTransitionName!, $notes: String) {
  transitionWorkflowImprovement(id: $id, transition: $transition, notes: $notes) { id status }
}`;

export async function approvalsView(root, { api }) {
  const board = h("div", { class: "board" });
  const status = h("div", { class: "status muted" });
  replace(root, h("div", { class: "page" }, h("h2", {}, "Approval board"), h("p", { class: "muted" }, "Workflow improvements by status. Buttons are the moves the gate allows you now."), status, board));
  await mountBoard(api, board, status);
}

async function mountBoard(api, board, status) {
  async function move(item, transition, notes) {
    status.textContent = `${LABELS[transition]}…`;
    try {
      const { transitionWorkflowImprovement } = await api.gql(MOVE, { id: item.id, transition, notes: notes || null });
      status.textContent = `${cut(item.targetProcess, 40)} is now ${transitionWorkflowImprovement.status.toLowerCase().replace(/_/g, " ")}`;
    } catch (err) {
      replace(status, errorBox(err));
    }
    await load();
  }

  function card(item) {
    const notes = item.allowedTransitions.some((t) => ["APPROVE", "REJECT", "REQUEST_REVISION"].includes(t))
      ? h("input", { type: "text", placeholder: "review notes (optional)", class: "notes" })
      : null;
    const last = item.transitions.at(-1);
    return h(
      "article",
      { class: "card", "data-id": item.id },
      h("h4", {}, item.targetProcess),
      h("p", {}, cut(item.proposedState, 160)),
      h("p", { class: "meta" }, `by ${item.ownerId}`, item.coCreatedWith ? ` with ${item.coCreatedWith}` : "", ` · risk ${item.riskLevel.toLowerCase()} · effort ${item.effortEstimate.toLowerCase()}`),
      last ? h("p", { class: "meta" }, `${last.transition.toLowerCase().replace(/_/g, " ")} by ${last.byAgentId}, ${when(last.at)}`) : null,
      item.reviewNotes ? h("p", { class: "meta" }, `review: ${cut(item.reviewNotes, 120)}`) : null,
      notes,
      h("div", { class: "actions" }, item.allowedTransitions.map((t) =>
        h("button", { class: t === "REJECT" ? "danger" : "", onclick: () => move(item, t, notes?.value) }, LABELS[t] ?? t))),
    );
  }

  async function load() {
    try {
      const { workflowImprovements } = await api.gql(BOARD);
      replace(
        board,
        COLUMNS.map((column) => {
          const items = workflowImprovements.filter((i) => i.status === column);
          return h("section", { class: "column", "data-status": column },
            h("h3", {}, column.toLowerCase().replace(/_/g, " "), h("span", { class: "count" }, String(items.length))), items.map(card));
        }),
      );
    } catch (err) {
      replace(board, errorBox(err));
    }
  }
  await load();
}
