import { describe, expect, it } from "vitest";
import { flushBatch, replayRoute, startState, takeEvent } from "../../../src/feed/feedBatch.js";
import { decodeFeedCursor, encodeFeedCursor } from "../../../src/feed/feedCursor.js";
import { batchInterval, routeEvent, ruleMatches, withSelectingRules, type FeedRule } from "../../../src/feed/feedRules.js";
import { broadcastTier } from "../../../src/feed/knowledgeEvent.js";
import type { OutboxEvent } from "../../../src/core/outboxEvent.js";

const event = (seq: number, extra: Partial<OutboxEvent> = {}): OutboxEvent => ({
  tenantId: "t", seq, type: "KNOWLEDGE_CREATED", nodeId: `n${seq}`, nodeType: "Research", actorAgentId: "jochi", ownerId: "jochi",
  visibility: "SHARED", sharedWith: [], domains: ["async"], confidence: 0.8, tier: null, payload: {}, createdAt: new Date(0), ...extra,
});
const rule = (extra: Partial<FeedRule> = {}): FeedRule => ({
  knowledgeTypes: [], domains: [], minConfidence: 0, delivery: "IMMEDIATE", batchIntervalSeconds: null, sources: [], ...extra,
});
const reader = { agentId: "mongke", admin: false };

describe("ruleMatches", () => {
  it("selects by type (empty or `all` = any), domain overlap, minimum confidence and source", () => {
    expect(ruleMatches(rule(), event(1))).toBe(true);
    expect(ruleMatches(rule({ knowledgeTypes: ["all"] }), event(1))).toBe(true);
    expect(ruleMatches(rule({ knowledgeTypes: ["Concept"] }), event(1))).toBe(false);
    expect(ruleMatches(rule({ domains: ["ui", "async"] }), event(1))).toBe(true);
    expect(ruleMatches(rule({ domains: ["ui"] }), event(1))).toBe(false);
    expect(ruleMatches(rule({ minConfidence: 0.8 }), event(1))).toBe(true);
    expect(ruleMatches(rule({ minConfidence: 0.81 }), event(1))).toBe(false);
    expect(ruleMatches(rule({ minConfidence: 0.1 }), event(1, { confidence: null }))).toBe(false);
    expect(ruleMatches(rule({ sources: ["jochi"] }), event(1))).toBe(true);
    expect(ruleMatches(rule({ sources: ["temujin"] }), event(1))).toBe(false);
  });
});

describe("withSelectingRules", () => {
  it("names every rule that selects the event, by the test routeEvent applies, and none for a broadcast no rule selects", () => {
    const rules = [{ id: "any", ...rule() }, { id: "ui", ...rule({ domains: ["ui"] }) }, { id: "async-batched", ...rule({ domains: ["async"], delivery: "BATCHED" }) }];
    expect(withSelectingRules(rules, event(1)).selectedByRuleIds).toEqual(["any", "async-batched"]);
    expect(withSelectingRules(rules, event(2))).toMatchObject({ seq: 2, nodeId: "n2" });
    expect(withSelectingRules(rules.slice(1, 2), event(3, { tier: "BROADCAST" })).selectedByRuleIds).toEqual([]);
  });
});

describe("routeEvent", () => {
  it("needs read access at event time: owner, SHARED, sharedWith, or an admin's own feed", () => {
    const priv = event(1, { visibility: "PRIVATE" });
    expect(routeEvent(reader, [rule()], priv)).toBeNull();
    expect(routeEvent(reader, [rule()], { ...priv, sharedWith: ["mongke"] })).toBe("IMMEDIATE");
    expect(routeEvent({ agentId: "mongke", admin: true }, [rule()], priv)).toBe("IMMEDIATE");
  });
  it("prefers IMMEDIATE over BATCHED, and sends broadcasts immediately without a rule, even to their writer", () => {
    expect(routeEvent(reader, [rule({ delivery: "BATCHED" }), rule()], event(1))).toBe("IMMEDIATE");
    expect(routeEvent(reader, [rule({ delivery: "BATCHED" })], event(1))).toBe("BATCHED");
    expect(routeEvent(reader, [], event(1))).toBeNull();
    expect(routeEvent(reader, [], event(1, { tier: "BROADCAST" }))).toBe("IMMEDIATE");
    expect(routeEvent({ agentId: "jochi", admin: false }, [rule()], event(1))).toBeNull();
    expect(routeEvent({ agentId: "jochi", admin: false }, [], event(1, { tier: "BROADCAST" }))).toBe("IMMEDIATE");
  });
  it("batches at the shortest interval of the BATCHED rules", () => {
    expect(batchInterval([rule({ delivery: "BATCHED", batchIntervalSeconds: 900 }), rule({ delivery: "BATCHED", batchIntervalSeconds: 60 }), rule()])).toBe(60);
    expect(batchInterval([rule()])).toBe(300);
  });
});

describe("feed batching and cursors", () => {
  it("delivers immediate events at once, holds batched ones, and keeps the resume point before the batch", () => {
    let s = startState(10);
    let step = takeEvent(s, event(11), "BATCHED");
    expect(step.delivery).toBeNull();
    s = step.state;
    step = takeEvent(s, event(12), "IMMEDIATE");
    expect(step.delivery).toMatchObject({ mode: "IMMEDIATE", position: { seen: 12, batchedFrom: 10 } });
    s = takeEvent(step.state, event(13), null).state;
    expect(takeEvent(s, event(12), "IMMEDIATE").delivery).toBeNull();
    const flushed = flushBatch(s);
    expect(flushed.delivery).toMatchObject({ mode: "BATCH", events: [event(11)], position: { seen: 13, batchedFrom: 13 } });
    expect(flushBatch(flushed.state).delivery).toBeNull();
  });
  it("replays after a cursor only what was not delivered before it", () => {
    const from = { seen: 12, batchedFrom: 10 };
    expect(replayRoute(from, event(10), "BATCHED")).toBe(false);
    expect(replayRoute(from, event(11), "BATCHED")).toBe(true);
    expect(replayRoute(from, event(12), "IMMEDIATE")).toBe(false);
    expect(replayRoute(from, event(13), "IMMEDIATE")).toBe(true);
    expect(replayRoute(from, event(14), null)).toBe(false);
  });
  it("round-trips cursors and refuses any other text with BAD_USER_INPUT", () => {
    expect(decodeFeedCursor("after", encodeFeedCursor({ seen: 12, batchedFrom: 10 }))).toEqual({ seen: 12, batchedFrom: 10 });
    expect(encodeFeedCursor({ seen: 7, batchedFrom: 7 })).toBe("7");
    expect(decodeFeedCursor("after", null)).toBeNull();
    for (const bad of ["", "-1", "1.1", "5.3", "1e3", "01", "1.2.3", "' OR 1=1"]) {
      expect(() => decodeFeedCursor("after", bad)).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ code: "BAD_USER_INPUT" }) }));
    }
  });
  it("broadcasts new syntheses and CRITICAL/HIGH security audits", () => {
    expect(broadcastTier({ nodeType: "Synthesis", operation: "CREATE", overallRisk: null })).toBe("BROADCAST");
    expect(broadcastTier({ nodeType: "Synthesis", operation: "UPDATE", overallRisk: null })).toBeNull();
    expect(broadcastTier({ nodeType: "SecurityAudit", operation: "UPDATE", overallRisk: "HIGH" })).toBe("BROADCAST");
    expect(broadcastTier({ nodeType: "SecurityAudit", operation: "CREATE", overallRisk: "LOW" })).toBeNull();
    expect(broadcastTier({ nodeType: "Research", operation: "CREATE", overallRisk: null })).toBeNull();
  });
});
