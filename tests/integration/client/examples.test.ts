import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatbotTurn } from "../../../packages/client/examples/chatbotTurn.js";
import { gameAgentLoop, SCREENSHOT_PNG } from "../../../packages/client/examples/gameAgentLoop.js";
import { restChatbot } from "../../../packages/client/examples/restChatbot.js";
import { squadAgent } from "../../../packages/client/examples/squadAgent.js";
import { CREATE_PEOPLE_AND_ORGS, memoryServiceGraph } from "../../../fixtures/memoryServiceGraph.js";
import { ASSERT } from "../tools/peopleFixture.js";
import type { TokenGateway } from "../../support/tokenGateway.js";
import { apiKeyFor, clientOf, registeredClient, startClientGateway } from "./clientGateway.js";

/**
 * Each example of packages/client/examples, run as its user would run it: a
 * client with an API key of its own agent against a real gateway, and what it
 * did checked in the answers and in the graph.
 */
let tg: TokenGateway;

beforeAll(async () => {
  tg = await startClientGateway();
});
afterAll(() => tg.stop());

describe("the client's examples against a real gateway", () => {
  it("chat-bot turn: the second turn's memory context holds what the first turn recorded", async () => {
    const agentId = tg.caller("chatbot").agentId;
    const client = await registeredClient(tg, agentId, "chatbot");
    const conversationId = `conv-${agentId}`;

    const first = await chatbotTurn(client, { agentId, conversationId, user: "alice", message: "I adopted a greyhound called Biscuit" });
    expect(first.recorded).toMatchObject({ type: "INTERACTION", conversationId, participants: expect.arrayContaining(["alice"]) });
    // The first turn's context has only the topic it was asked about: nothing was recorded yet.
    expect(first.memory.text).not.toContain("alice said");

    const prompts: string[] = [];
    const second = await chatbotTurn(client, {
      agentId,
      conversationId,
      user: "alice",
      message: "What is my dog called?",
      reply: (memory) => {
        prompts.push(memory);
        return "Biscuit, your greyhound";
      },
    });
    expect(prompts[0]).toContain("alice said: I adopted a greyhound called Biscuit");
    expect(second.reply).toBe("Biscuit, your greyhound");
    const { records } = await tg.gw.driver.executeQuery("MATCH (m:Memory {ownerId: $agentId, conversationId: $conversationId}) RETURN count(m) AS n", { agentId, conversationId });
    expect(records[0]!.get("n").toNumber()).toBe(2);
  });

  it("game agent loop: a session, three turns with screenshots, the last two read back in order", async () => {
    const client = await registeredClient(tg, tg.caller("gamer").agentId, "game agent");
    const run = await gameAgentLoop(client, {
      goal: "Leave Pallet Town",
      recent: 2,
      moves: [
        { buttons: ["UP", "UP"], location: "Pallet Town", success: true, analysis: "Walking north" },
        { buttons: ["UP"], location: "Route 1 gate", success: false, analysis: "Oak stops me" },
        { buttons: ["A"], location: "Oak's Lab", success: true, analysis: "Talking to Oak" },
      ],
    });
    expect(run.session.status).toBe("ACTIVE");
    expect(run.recorded.map((r) => [r.created, r.turn.number])).toEqual([[true, 1], [true, 2], [true, 3]]);
    expect(run.recorded[2]!.session.turnsCompleted).toBe(3);
    expect(run.recentTurns).toMatchObject({ sessionId: run.session.id, turnCount: 2, sessionTurns: 3 });
    const turns = JSON.parse(run.recentTurns.json) as { turn_number?: number; location?: string }[] | Record<string, unknown>;
    expect(JSON.stringify(turns)).toContain("Oak's Lab");
    expect(JSON.stringify(turns)).not.toContain("Walking north");
    const { records } = await tg.gw.driver.executeQuery(
      "MATCH (:GameSession {id: $id})-[:HAS_TURN]->(:Turn)-[:HAS_SCREENSHOT]->(shot:Screenshot) RETURN count(shot) AS n",
      { id: run.session.id },
    );
    expect(records[0]!.get("n").toNumber()).toBe(3);
    expect(SCREENSHOT_PNG.startsWith("iVBOR")).toBe(true);
  });

  it("REST chatbot: POST /api/memory/retrieve through the client answers the graph's facts, and its prompt carries them", async () => {
    const agentId = tg.caller("restbot").agentId;
    const writer = tg.caller("restbot");
    const { people, orgs, facts } = memoryServiceGraph(agentId);
    expect((await tg.as(writer, CREATE_PEOPLE_AND_ORGS, { input: people, orgs })).errors).toBeUndefined();
    expect((await tg.as(writer, ASSERT, { facts })).errors).toBeUndefined();

    const client = clientOf(tg, await apiKeyFor(tg, agentId));
    const { retrieved, prompt } = await restChatbot(client, { channelId: "general", messages: [{ author_id: "user1", content: "Who knows Python?", timestamp: "2025-10-10T14:30:00Z" }] });
    expect(retrieved.facts).toContain("Alice knows Python (proficiency: expert, 5 years of experience, confidence: 0.9, evidence: msg_003)");
    expect(retrieved.metadata.facts_retrieved).toBeGreaterThan(0);
    expect(prompt).toContain("- Alice knows Python");

    // The route's errors reach the bot as typed errors naming the field.
    await expect(restChatbot(client, { channelId: "general", messages: [] })).rejects.toMatchObject({ code: "BAD_USER_INPUT", details: { status: 400 } });
  });

  it("squad agent: stores, reflects, proposes and submits; the approver approves; the approval arrives through the agent's feed", async () => {
    const agentId = tg.caller("rin").agentId;
    const agent = await registeredClient(tg, agentId, "researcher");
    const approver = await registeredClient(tg, tg.caller("chagatai").agentId, "approver", ["agent", "approver"]);

    const run = await squadAgent(agent, { agentId, after: "0", approver });
    expect(run.belief).toMatchObject({ kind: "BELIEF", confidence: 0.85 });
    expect(run.reflection.id).toEqual(expect.any(String));
    expect(run.proposal).toMatchObject({ ownerId: agentId, status: "PROPOSED", allowedTransitions: ["SUBMIT"] });
    expect(run.submitted.status).toBe("PENDING_APPROVAL");
    expect(run.approved).toMatchObject({ status: "APPROVED", reviewDecision: "APPROVED", reviewedBy: tg.caller("chagatai").agentId });
    expect(run.approval).toMatchObject({ nodeId: run.proposal.id, type: "WORKFLOW_TRANSITION", tier: "BROADCAST" });
    expect(Number(run.cursor)).toBeGreaterThanOrEqual(Number(run.approval!.cursor));
  });
});
