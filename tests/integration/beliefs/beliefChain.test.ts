import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { BELIEFS, data, errorOf, MEMORY_STORE, SUPERSEDE } from "./beliefOps.js";

let t: TokenGateway;
beforeAll(async () => {
  t = await startTokenGateway();
});
afterAll(async () => {
  await t.stop();
});

const CHAIN = `query ($id: ID!) { beliefs(where: { id: { eq: $id } }) { content state evolvedInto { content state evolvedInto { content state evolvedInto { id } } } } }`;

describe("supersedeBelief: a belief never silently disappears", () => {
  it("superseding twice keeps the chain old → mid → new readable, with reasons, and deletes nothing", async () => {
    const me = t.caller("chain");
    const old = (await data(t.as(me, MEMORY_STORE, { content: "Tests can wait until the end", type: "BELIEF", confidence: 0.5 }))).memoryStore;
    const mid = (await data(t.as(me, SUPERSEDE, { id: old.id, content: "Tests should come with each feature", reason: "Late tests hid regressions" }))).supersedeBelief;
    expect(mid).toMatchObject({ state: "ACTIVE", confidence: 0.5, ownerId: me.agentId, evolvedFrom: [{ id: old.id, state: "SUPERSEDED" }] });
    const newest = (await data(t.as(me, SUPERSEDE, { id: mid.id, content: "Write the test first", reason: "TDD caught a bug on day one", confidence: 0.9 }))).supersedeBelief;
    expect(newest.evolvedFromConnection.edges).toEqual([{ properties: { reason: "TDD caught a bug on day one" }, node: { id: mid.id } }]);

    const { beliefs } = await data(t.as(me, CHAIN, { id: old.id }));
    expect(beliefs).toEqual([
      { content: "Tests can wait until the end", state: "SUPERSEDED", evolvedInto: [{ content: "Tests should come with each feature", state: "SUPERSEDED", evolvedInto: [{ content: "Write the test first", state: "ACTIVE", evolvedInto: [] }] }] },
    ]);
    const all = (await data(t.as(me, BELIEFS, { ids: [old.id, mid.id, newest.id] }))).beliefs;
    expect(all).toHaveLength(3);
    expect(all.find((b: { id: string }) => b.id === old.id).evolvedIntoConnection.edges[0].properties.reason).toBe("Late tests hid regressions");
    // At 0.9 the newest joined the pool; the older ones kept their visibility.
    expect(Object.fromEntries(all.map((b: { id: string; visibility: string }) => [b.id, b.visibility]))).toEqual({ [old.id]: "PRIVATE", [mid.id]: "PRIVATE", [newest.id]: "SHARED" });
  });

  it("only an ACTIVE belief can be superseded (CONFLICT naming its state), so a chain never forks", async () => {
    const me = t.caller("chain-conflict");
    const old = (await data(t.as(me, MEMORY_STORE, { content: "Meetings are productive", type: "BELIEF" }))).memoryStore;
    await data(t.as(me, SUPERSEDE, { id: old.id, content: "Short meetings are productive", reason: "Long ones drifted" }));
    expect(await errorOf(t.as(me, SUPERSEDE, { id: old.id, content: "Fork", reason: "again" }))).toMatchObject({ code: "CONFLICT", currentState: "SUPERSEDED" });
    expect((await data(t.as(me, BELIEFS, { ids: [old.id] }))).beliefs[0].evolvedInto).toHaveLength(1);
  });

  it("NOT_FOUND for a belief the caller cannot read, FORBIDDEN for one it can read but does not own; bad input names the argument", async () => {
    const owner = t.caller("chain-owner");
    const other = t.caller("chain-other");
    const hidden = (await data(t.as(owner, MEMORY_STORE, { content: "Private belief", type: "BELIEF", confidence: 0.2 }))).memoryStore;
    const pooled = (await data(t.as(owner, MEMORY_STORE, { content: "Pooled belief", type: "BELIEF", confidence: 0.8 }))).memoryStore;
    expect(await errorOf(t.as(other, SUPERSEDE, { id: hidden.id, content: "x", reason: "y" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(t.as(other, SUPERSEDE, { id: pooled.id, content: "x", reason: "y" }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorOf(t.as(owner, SUPERSEDE, { id: pooled.id, content: "x", reason: "r".repeat(5001) }))).toMatchObject({ code: "BAD_USER_INPUT", field: "supersedeBelief.reason" });
    expect(await errorOf(t.as(owner, SUPERSEDE, { id: pooled.id, content: "x", reason: "y", confidence: -0.1 }))).toMatchObject({ code: "BAD_USER_INPUT", field: "supersedeBelief.confidence" });
    expect((await data(t.as(owner, BELIEFS, { ids: [hidden.id, pooled.id] }))).beliefs.every((b: { state: string }) => b.state === "ACTIVE")).toBe(true);
  });
});
