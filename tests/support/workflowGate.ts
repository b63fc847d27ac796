import neo4j from "neo4j-driver";
import { expect } from "vitest";
import type { Caller } from "../../src/core/caller.js";
import type { TokenGateway } from "./tokenGateway.js";

/** What the approval-gate tests select of an improvement. */
export const IMPROVEMENT_FIELDS = `id status ownerId submittedForApprovalAt reviewedBy reviewDecision reviewNotes reviewedAt
  transitions { ordinal transition fromStatus toStatus byAgentId at notes conditions }
  approvedByConnection { edges { properties { decision notes conditions reviewedAt } node { id } } }`;

export const TRANSITION = `mutation ($id: ID!, $transition: WorkflowTransitionName!, $notes: String, $conditions: [String!]! = []) {
  transitionWorkflowImprovement(id: $id, transition: $transition, notes: $notes, conditions: $conditions) { ${IMPROVEMENT_FIELDS} } }`;

const CREATE = `mutation ($input: [WorkflowImprovementCreateInput!]!) { createWorkflowImprovements(input: $input) { workflowImprovements { id } } }`;
const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`;

/** The approval gate's test client: callers of one tenant, improvements, transitions, and what Neo4j holds. */
export function workflowGate(tg: TokenGateway) {
  const send = async (caller: Caller, query: string, variables: Record<string, unknown>) => tg.as(caller, query, variables);
  return {
    /** Creates the Agent node of `caller` (a reviewer needs one: APPROVED_BY points at it). */
    async agentNode(caller: Caller) {
      const res = await send(caller, CREATE_AGENT, { id: caller.agentId, name: caller.agentId });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    },
    /** A new improvement owned by `caller`, PROPOSED. */
    async improvement(caller: Caller, extra: Record<string, unknown> = {}): Promise<string> {
      const input = { targetProcess: "research handoff", currentState: "manual", proposedState: "templated", domains: ["process"], confidence: 0.7, ...extra };
      const res = await send(caller, CREATE, { input: [input] });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return (res.data as any).createWorkflowImprovements.workflowImprovements[0].id as string;
    },
    /** Sends one transition; returns the response as it came. */
    async transition(caller: Caller, id: string, transition: string, extra: { notes?: string; conditions?: string[] } = {}) {
      return send(caller, TRANSITION, { id, transition, ...extra });
    },
    /** Sends one transition that must succeed; returns the improvement as the mutation answered. */
    async move(caller: Caller, id: string, transition: string, extra: { notes?: string; conditions?: string[] } = {}) {
      const res = await send(caller, TRANSITION, { id, transition, ...extra });
      expect(res.errors, `${transition}: ${JSON.stringify(res.errors)}`).toBeUndefined();
      return (res.data as any).transitionWorkflowImprovement as Record<string, any>;
    },
    /** What Neo4j holds about an improvement: status, audit entries, review edges, its numbered outbox events, and those still waiting for a number. */
    async stored(id: string) {
      const { records } = await tg.gw.driver.executeQuery(
        `MATCH (n:WorkflowImprovement {tenantId: $tenant, id: $id})
         RETURN n.status AS status, n.reviewDecision AS reviewDecision,
                COUNT { (n)-[:HAS_TRANSITION]->() } AS transitions, COUNT { (n)-[:APPROVED_BY]->() } AS reviews,
                COLLECT { MATCH (e:OutboxEvent {tenantId: $tenant, nodeId: $id}) WHERE e.seq IS NOT NULL RETURN e.seq ORDER BY e.seq } AS events,
                COUNT { MATCH (e:OutboxPending {tenantId: $tenant, nodeId: $id}) } AS pending`,
        { tenant: tg.tenant, id },
      );
      const r = records[0]!;
      return {
        status: r.get("status") as string,
        reviewDecision: r.get("reviewDecision") as string | null,
        transitions: neo4j.integer.toNumber(r.get("transitions")),
        reviews: neo4j.integer.toNumber(r.get("reviews")),
        events: (r.get("events") as unknown[]).map((s) => neo4j.integer.toNumber(s as number)),
        pending: neo4j.integer.toNumber(r.get("pending")),
      };
    },
  };
}

/** The path of legal transitions from PROPOSED to each status. */
export const PATH_TO: Record<string, string[]> = {
  PROPOSED: [],
  PENDING_APPROVAL: ["SUBMIT"],
  APPROVED: ["SUBMIT", "APPROVE"],
  REJECTED: ["SUBMIT", "REJECT"],
  NEEDS_REVISION: ["SUBMIT", "REQUEST_REVISION"],
  IMPLEMENTING: ["SUBMIT", "APPROVE", "START_IMPLEMENTATION"],
  MEASURING: ["SUBMIT", "APPROVE", "START_IMPLEMENTATION", "START_MEASURING"],
  COMPLETE: ["SUBMIT", "APPROVE", "START_IMPLEMENTATION", "START_MEASURING", "COMPLETE"],
};
