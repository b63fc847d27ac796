import { expect } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import type { KnowledgeGateway } from "./knowledgeGateway.js";

/**
 * A six-agent squad: six agents, research that discovered concepts,
 * applications that challenged them, a synthesis that answered one challenge,
 * tasks, a subscription rule and workflow improvements. Each write goes
 * through GraphQL as its agent, so ownership and timestamps are the gateway's.
 */
export interface Squad {
  kublai: Caller;
  mongke: Caller;
  chagatai: Caller;
  temujin: Caller;
  jochi: Caller;
  ogedei: Caller;
  /** Node ids by fixture name (cHybrid, rGraph, rSecret…). */
  ids: Record<string, string>;
}

const connect = (id: string, edge?: Record<string, unknown>) => ({ connect: [{ where: { node: { id: { eq: id } } }, ...(edge ? { edge } : {}) }] });

export async function seedSquad(t: KnowledgeGateway): Promise<Squad> {
  const squad = {
    kublai: t.caller("kublai", ["agent", "approver"]),
    mongke: t.caller("mongke"),
    chagatai: t.caller("chagatai"),
    temujin: t.caller("temujin"),
    jochi: t.caller("jochi"),
    ogedei: t.caller("ogedei"),
    ids: {} as Record<string, string>,
  };
  const ok = async (caller: Caller, query: string, variables: Record<string, unknown>) => {
    const res = await t.as(caller, query, variables);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data as Record<string, any>;
  };
  /** Creates nodes of one type as `caller`, naming their ids in order. */
  const create = async (caller: Caller, mutation: string, input: string, field: string, names: string[], rows: Record<string, unknown>[]) => {
    const data = await ok(caller, `mutation ($input: [${input}!]!) { ${mutation}(input: $input) { ${field} { id } } }`, { input: rows });
    (data[mutation][field] as { id: string }[]).forEach((n, i) => (squad.ids[names[i]!] = n.id));
  };
  const { ids } = squad;

  for (const agent of [squad.kublai, squad.mongke, squad.chagatai, squad.temujin, squad.jochi, squad.ogedei]) {
    await ok(agent, `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "squad" }]) { agents { id } } }`, { id: agent.agentId, name: agent.agentId });
  }
  const concept = (name: string, description: string, confidence: number, domains: string[]) => ({ name, description, confidence, domains, visibility: "SHARED" });
  await create(squad.mongke, "createConcepts", "ConceptCreateInput", "concepts", ["cHybrid", "cBatch", "cQuant"], [
    concept("Hybrid retrieval", "Full text and vectors fused by rank", 0.8, ["memory"]),
    concept("Message batching", "Grouping queue messages to raise throughput", 0.75, ["ops"]),
    concept("Vector quantization", "Compressing embeddings into codes", 0.6, ["memory"]),
  ]);
  await create(squad.mongke, "createResearch", "ResearchCreateInput", "research", ["rGraph", "rBatch", "rSecret"], [
    { topic: "Graph databases for agent memory", findings: "Hybrid retrieval over full text and vectors works best", confidence: 0.9, domains: ["memory"], visibility: "SHARED", taskId: "task-research-1", discovered: connect(ids.cHybrid!) },
    { topic: "Batching message queues", findings: "Batches of fifty double throughput", confidence: 0.72, domains: ["ops"], visibility: "SHARED", discovered: connect(ids.cBatch!) },
    // Kept PRIVATE by its writer: at 0.95, knowledge written without a visibility would join the shared pool.
    { topic: "Quantization draft", findings: "Product codes lose recall on short texts", confidence: 0.95, domains: ["memory"], visibility: "PRIVATE", discovered: connect(ids.cQuant!) },
  ]);
  const application = (context: string, conceptId: string, reason: string, confidence: number) => ({
    context,
    success: false,
    confidence,
    visibility: "SHARED",
    challenged: connect(conceptId, { reason }),
  });
  await create(squad.temujin, "createApplications", "ApplicationCreateInput", "applications", ["aHybrid", "aBatch"], [
    application("Hybrid retrieval in the support bot", ids.cHybrid!, "Too slow under high load", 0.7),
    application("Batching the outbox", ids.cBatch!, "Ordering lost between batches", 0.65),
  ]);
  await create(squad.temujin, "createApplications", "ApplicationCreateInput", "applications", ["aQuant"], [
    application("Quantized index for the chatbot", ids.cQuant!, "Recall dropped by a third", 0.6),
  ]);
  await create(squad.kublai, "createSyntheses", "SynthesisCreateInput", "syntheses", ["sBatch"], [
    {
      insight: "Batch per conversation to keep order",
      summary: "Ordering holds when a batch never spans two conversations",
      noveltyType: "CORRECTION",
      confidence: 0.85,
      visibility: "SHARED",
      updated: connect(ids.cBatch!, { changes: "Batches never span conversations" }),
    },
  ]);
  // Möngke's batching research fed the synthesis (CONTRIBUTED_TO), written from the research's side by its owner.
  await ok(squad.mongke, `mutation ($id: ID!, $s: ID!) { updateResearch(where: { id: { eq: $id } }, update: { contributedTo: [{ connect: [{ where: { node: { id: { eq: $s } } } }] }] }) { research { id } } }`, {
    id: ids.rBatch,
    s: ids.sBatch,
  });
  await create(squad.chagatai, "createContents", "ContentCreateInput", "contents", ["ctPrivate"], [
    { title: "Draft post on agent memory", body: "Unpublished", confidence: 0.9, visibility: "PRIVATE" },
  ]);
  await create(squad.jochi, "createInsights", "InsightCreateInput", "insights", ["iMarket"], [
    { insight: "The agent memory market grows", category: "MARKET", confidence: 0.8, domains: ["market"], visibility: "SHARED" },
  ]);
  await ok(squad.chagatai, `mutation ($input: [SubscriptionRuleCreateInput!]!) { createSubscriptionRules(input: $input) { subscriptionRules { id } } }`, {
    input: [{ knowledgeTypes: ["Research"], minConfidence: 0.7, subscriber: connect(squad.chagatai.agentId), source: connect(squad.mongke.agentId) }],
  });
  const task = (taskType: string, status: string, outcome: string | null, qualityScore: number | null, extra: Record<string, unknown> = {}) => ({
    taskType,
    description: `${taskType} task ${status}`,
    status,
    outcome,
    qualityScore,
    ...extra,
  });
  await create(squad.kublai, "createTasks", "TaskCreateInput", "tasks", ["t1", "t2", "t3", "t4", "tBlocked"], [
    task("RESEARCH", "COMPLETED", "SUCCESS", 0.9),
    task("RESEARCH", "COMPLETED", "SUCCESS", 0.7),
    task("RESEARCH", "COMPLETED", "FAILED", 0.4),
    task("WRITING", "COMPLETED", "SUCCESS", 0.8),
    task("WRITING", "BLOCKED", null, null, { description: "Waiting for research on batching", assignedTo: connect(squad.chagatai.agentId) }),
  ]);
  await create(squad.mongke, "createTasks", "TaskCreateInput", "tasks", ["tPrivate"], [task("OPS", "COMPLETED", "SUCCESS", 1, { visibility: "PRIVATE" })]);
  return squad;
}
