import { describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { CONTEXT_SOURCES, typesReaching, writeScopeFrom, writeScopeOf } from "../../../src/memory/context/memoryWriteScope.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

const reaching = typesReaching(loadTypeDefs().document, CONTEXT_SOURCES);
const agent: Caller = { tenantId: "t1", agentId: "kublai", roles: ["agent"] };
const admin: Caller = { tenantId: "t1", agentId: "root", roles: ["agent", "admin"] };

describe("which cached memory contexts a write makes stale", () => {
  it("memories and agents, and every type that can reach them by nested writes, count as memory writes", () => {
    for (const type of ["Memory", "Agent", "Task", "SubscriptionRule"]) expect(reaching.has(type), type).toBe(true);
  });

  it("messages and channels cannot reach a memory or an agent", () => {
    expect(reaching.has("Message")).toBe(false);
    expect(reaching.has("Channel")).toBe(false);
  });

  it("recordInteraction by an agent invalidates that agent only; by an admin, the tenant", () => {
    expect(writeScopeOf({ field: "recordInteraction", typeName: undefined, caller: agent }, reaching)).toEqual({ kind: "agent", tenantId: "t1", agentId: "kublai" });
    expect(writeScopeOf({ field: "recordInteraction", typeName: undefined, caller: admin }, reaching)).toEqual({ kind: "tenant", tenantId: "t1" });
    expect(writeScopeOf({ field: "recordSignificantInteraction", typeName: undefined, caller: agent }, reaching)).toEqual({ kind: "agent", tenantId: "t1", agentId: "kublai" });
  });

  it("generated memory writes invalidate the tenant: the event does not say which agent's memories they touched", () => {
    for (const field of ["createMemories", "updateMemories", "deleteMemories"]) {
      expect(writeScopeOf({ field, typeName: "Memory", caller: agent }, reaching)).toEqual({ kind: "tenant", tenantId: "t1" });
    }
    expect(writeScopeOf({ field: "updateAgents", typeName: "Agent", caller: agent }, reaching)).toEqual({ kind: "tenant", tenantId: "t1" });
  });

  it("an unknown hand-written mutation invalidates the tenant; a message write nothing", () => {
    expect(writeScopeOf({ field: "assertFacts", typeName: undefined, caller: agent }, reaching)).toEqual({ kind: "tenant", tenantId: "t1" });
    expect(writeScopeOf({ field: "createMessages", typeName: "Message", caller: agent }, reaching)).toEqual({ kind: "none" });
  });
});

describe("a scope another gateway published", () => {
  it("reads back the scopes writeScopeOf makes", () => {
    for (const scope of [{ kind: "agent", tenantId: "t1", agentId: "kublai" }, { kind: "tenant", tenantId: "t1" }, { kind: "none" }] as const) {
      expect(writeScopeFrom(JSON.parse(JSON.stringify(scope)))).toEqual(scope);
    }
  });

  it("drops nothing for anything else: not an object, a missing tenant, an unknown kind, an agent scope without its agent", () => {
    for (const message of [null, "t1", 7, [], { kind: "tenant" }, { kind: "tenant", tenantId: 1 }, { kind: "all", tenantId: "t1" }, { kind: "agent", tenantId: "t1" }]) {
      expect(writeScopeFrom(message), JSON.stringify(message)).toEqual({ kind: "none" });
    }
  });
});

