import { describe, expect, it } from "vitest";
import { readPeerFeedMessage } from "../../../src/feed/peerEvents.js";
import type { OutboxEvent } from "../../../src/core/outboxEvent.js";

const event = (seq: number, tenantId = "t1"): OutboxEvent => ({
  tenantId,
  seq,
  type: "KNOWLEDGE_CREATED",
  nodeId: `k${seq}`,
  nodeType: "Insight",
  actorAgentId: "writer",
  ownerId: "writer",
  visibility: "SHARED",
  sharedWith: [],
  domains: ["ops"],
  confidence: 0.8,
  tier: null,
  payload: { title: "x" },
  createdAt: new Date("2026-11-30T12:00:00.000Z"),
});

/** What another gateway's message looks like after Redis: JSON text parsed back. */
const overTheWire = (message: object) => JSON.parse(JSON.stringify(message)) as unknown;

describe("a peer gateway's feed message", () => {
  it("gives back the events it carried, their instants as dates, equal to what was sent", () => {
    const sent = { tenantId: "t1", events: [event(4), event(5)] };
    expect(readPeerFeedMessage(overTheWire(sent))).toEqual(sent);
  });

  it("a message of an older gateway (the tenant only) wakes the poller: no events", () => {
    expect(readPeerFeedMessage(overTheWire({ tenantId: "t1" }))).toEqual({ tenantId: "t1", events: [] });
  });

  it("an event that is not whole, or of another tenant, is not taken from the message: the poller reads the outbox", () => {
    const broken = overTheWire({ tenantId: "t1", events: [{ ...event(4), seq: "four" }] });
    expect(readPeerFeedMessage(broken)).toEqual({ tenantId: "t1", events: [] });
    expect(readPeerFeedMessage(overTheWire({ tenantId: "t1", events: [event(4), event(5, "t2")] }))).toEqual({ tenantId: "t1", events: [] });
  });

  it("a message naming no tenant is nothing", () => {
    expect(readPeerFeedMessage(null)).toBeNull();
    expect(readPeerFeedMessage({ events: [] })).toBeNull();
  });
});
