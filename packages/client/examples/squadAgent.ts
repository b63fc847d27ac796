/**
 * One agent of the six-agent squad: it follows its knowledge feed, stores what
 * it learned, reflects on its experiences, proposes a change to a workflow and
 * submits it; the squad's approver approves it, and the approval comes back to
 * the agent through its feed (approvals are broadcast to every agent).
 *
 * The feed resumes from a saved cursor: keep the `cursor` this returns and pass
 * it as `after` next time, and nothing is missed or seen twice in between.
 */
import { MnemographClient, ProposeWorkflowChangeDocument, ReflectDocument, StoreKnowledgeDocument, TransitionWorkflowDocument, type FeedEvent } from "@mnemograph/client";
import { runExample } from "./runExample.js";

export interface SquadAgentRun {
  /** The agent's id: its own feed is the one it may follow. */
  agentId: string;
  /** The cursor saved by the last run ("0": from the tenant's first event). */
  after: string;
  /** The squad's approver: a client whose key has the APPROVER role. */
  approver: MnemographClient;
}

export async function squadAgent(agent: MnemographClient, { agentId, after, approver }: SquadAgentRun) {
  const feed = agent.knowledgeFeed({ agentId, after });
  try {
    const { memoryStore: belief } = await agent.request(StoreKnowledgeDocument, {
      type: "BELIEF",
      content: "Code reviews that wait more than a day are where our releases stall",
      confidence: 0.85,
      domains: ["process", "reviews"],
    });
    await agent.request(StoreKnowledgeDocument, { type: "EXPERIENCE", content: "Release 42 waited two days for a review of a one-line fix", outcome: "FAILED", domains: ["process"] });
    const { memoryReflect: reflection } = await agent.request(ReflectDocument, { limit: 20 });

    const { createWorkflowImprovements } = await agent.request(ProposeWorkflowChangeDocument, {
      input: {
        targetProcess: "code review",
        currentState: "Reviews are picked up when someone has time",
        proposedState: "Every pull request gets a reviewer within four working hours",
        implementationSteps: ["Rotate a reviewer of the day", "Alert the squad when a review waits four hours"],
        domains: ["process", "reviews"],
        confidence: 0.8,
      },
    });
    const proposal = createWorkflowImprovements.workflowImprovements[0]!;
    const { transitionWorkflowImprovement: submitted } = await agent.request(TransitionWorkflowDocument, { id: proposal.id, transition: "SUBMIT", notes: "Measured over the last three releases" });
    const { transitionWorkflowImprovement: approved } = await approver.request(TransitionWorkflowDocument, {
      id: proposal.id,
      transition: "APPROVE",
      notes: "Go ahead for one sprint",
      conditions: ["Report the review wait times after the sprint"],
    });

    let approval: FeedEvent | undefined;
    for await (const delivery of feed) {
      approval = delivery.events.find((e) => e.nodeId === proposal.id && e.type === "WORKFLOW_TRANSITION" && e.payload.includes("APPROVED"));
      if (approval) break;
    }
    return { belief, reflection, proposal, submitted, approved, approval, cursor: feed.cursor };
  } finally {
    await feed.close();
  }
}

runExample(import.meta.url, (client) => {
  const approver = new MnemographClient({ url: client.url, apiKey: process.env.MNEMOGRAPH_APPROVER_API_KEY });
  return squadAgent(client, { agentId: process.env.MNEMOGRAPH_AGENT_ID ?? "rin", after: process.env.MNEMOGRAPH_FEED_CURSOR ?? "0", approver });
});
