import { describe, expect, it } from "vitest";
import { McpSessions, sessionOwner, type SessionEntry } from "../../../src/mcp/mcpSessions.js";

const entry = (owner: string, lastUsed: number): SessionEntry => ({ owner, lastUsed, openStreams: 0, close: async () => {} });

describe("McpSessions", () => {
  it("counts sessions per owner against the cap, and frees room when one is removed", () => {
    const sessions = new McpSessions({ idleMs: 1000, maxPerCaller: 2 }, () => 0);
    sessions.add("a1", entry("alice", 0));
    expect(sessions.hasRoom("alice")).toBe(true);
    sessions.add("a2", entry("alice", 0));
    expect(sessions.hasRoom("alice")).toBe(false);
    expect(sessions.hasRoom("bob")).toBe(true);
    sessions.remove("a1");
    expect(sessions.hasRoom("alice")).toBe(true);
  });

  it("holds a place for a session being opened, so openings at the same time cannot pass the cap together", () => {
    const sessions = new McpSessions({ idleMs: 1000, maxPerCaller: 2 }, () => 0);
    const first = sessions.reserve("alice");
    const second = sessions.reserve("alice");
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(sessions.reserve("alice"), "two openings in flight fill a cap of two").toBeNull();
    expect(sessions.reserve("bob")).not.toBeNull();
    first!.fill("a1", entry("alice", 0));
    first!.release(); // after fill: nothing to give back
    expect(sessions.get("a1")).toBeDefined();
    expect(sessions.hasRoom("alice")).toBe(false);
    second!.release(); // that initialize gave no session
    second!.release(); // twice changes nothing
    expect(sessions.hasRoom("alice")).toBe(true);
    expect(sessions.reserve("alice")).not.toBeNull();
    expect(sessions.reserve("alice")).toBeNull();
  });

  it("takes the sessions idle past the limit, not those used since or holding an open GET stream", () => {
    let now = 0;
    const sessions = new McpSessions({ idleMs: 1000, maxPerCaller: 10 }, () => now);
    const stale = entry("alice", 0);
    const used = entry("alice", 0);
    const listening = entry("bob", 0);
    listening.openStreams = 1;
    sessions.add("stale", stale);
    sessions.add("used", used);
    sessions.add("listening", listening);
    now = 900;
    sessions.touch(used);
    now = 1500;
    expect(sessions.takeIdle()).toEqual([stale]);
    expect(sessions.get("stale")).toBeUndefined();
    expect(sessions.size).toBe(2);
    now = 5000;
    expect(sessions.takeIdle()).toEqual([used]);
    expect(sessions.takeAll()).toEqual([listening]);
    expect(sessions.size).toBe(0);
  });

  it("names the owner by tenant, agent and operator: the same agent id elsewhere, or without the operator claim, is another caller", () => {
    const alice = sessionOwner({ tenantId: "t1", agentId: "alice", roles: ["agent"] });
    expect(sessionOwner({ tenantId: "t1", agentId: "alice", roles: ["agent", "admin"] })).toBe(alice);
    expect(sessionOwner({ tenantId: "t2", agentId: "alice", roles: ["agent"] })).not.toBe(alice);
    expect(sessionOwner({ tenantId: "t1", agentId: "alice", roles: ["agent"], operator: true })).not.toBe(alice);
  });
});
