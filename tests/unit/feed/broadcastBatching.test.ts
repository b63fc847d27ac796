import { describe, expect, it } from "vitest";
import { flushBatch, replayRoute, startState, takeEvent } from "../../../src/feed/feedBatch.js";
import { routeEvent, type FeedRule } from "../../../src/feed/feedRules.js";
import type { OutboxEvent } from "../../../src/core/outboxEvent.js";

/** The six-agent squad's "Tier 3: Broadcast (Push - Batched)": Agent.broadcastDelivery BATCHED. */
const event = (seq: number, extra: Partial<OutboxEvent> = {}): OutboxEvent => ({
  tenantId: "t", seq, type: "KNOWLEDGE_CREATED", nodeId: `n${seq}`, nodeType: "Synthesis", actorAgentId: "kublai", ownerId: "kublai",
  visibility: "SHARED", sharedWith: [], domains: ["process"], confidence: 0.8, tier: "BROADCAST", payload: {}, createdAt: new Date(0), ...extra,
});
const rule = (extra: Partial<FeedRule> = {}): FeedRule => ({
  knowledgeTypes: [], domains: [], minConfidence: 0, delivery: "IMMEDIATE", batchIntervalSeconds: null, sources: [], ...extra,
});
const chagatai = { agentId: "chagatai", admin: false };

describe("broadcasts for an agent that batches them", () => {
  it("wait for the next batch, without a rule, even the writer's own; unset stays immediate", () => {
    expect(routeEvent(chagatai, [], event(1), "BATCHED")).toBe("BATCHED");
    expect(routeEvent({ agentId: "kublai", admin: false }, [], event(1), "BATCHED")).toBe("BATCHED");
    expect(routeEvent(chagatai, [], event(1))).toBe("IMMEDIATE");
    expect(routeEvent(chagatai, [], event(1), "IMMEDIATE")).toBe("IMMEDIATE");
  });

  it("go at once when an IMMEDIATE rule of the agent selects them anyway; a BATCHED rule changes nothing", () => {
    expect(routeEvent(chagatai, [rule({ knowledgeTypes: ["Synthesis"] })], event(1), "BATCHED")).toBe("IMMEDIATE");
    expect(routeEvent(chagatai, [rule({ knowledgeTypes: ["Research"] })], event(1), "BATCHED")).toBe("BATCHED");
    expect(routeEvent(chagatai, [rule({ delivery: "BATCHED" })], event(1), "BATCHED")).toBe("BATCHED");
  });

  it("stay unreadable when the agent may not read them", () => {
    expect(routeEvent(chagatai, [], event(1, { visibility: "PRIVATE" }), "BATCHED")).toBeNull();
  });

  it("are delivered exactly once: held for the batch, sent with it, and a reconnect from the last cursor replays a held one once", () => {
    let state = startState(0);
    const held = takeEvent(state, event(1), routeEvent(chagatai, [], event(1), "BATCHED"));
    expect(held.delivery).toBeNull();
    state = held.state;
    // The connection drops before the batch: a reconnect from the position it last saw replays the held broadcast.
    expect(replayRoute(state.position, event(1), "BATCHED")).toBe(true);
    const flushed = flushBatch(state);
    expect(flushed.delivery).toMatchObject({ mode: "BATCH", events: [{ nodeId: "n1" }] });
    // After the batch went out, a reconnect from its position does not send it again.
    expect(replayRoute(flushed.delivery!.position, event(1), "BATCHED")).toBe(false);
    expect(flushBatch(flushed.state).delivery).toBeNull();
  });
});
