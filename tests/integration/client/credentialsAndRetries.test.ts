import { SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MnemographClient, MnemographError, PeopleByNameDocument, StoreMemoryDocument } from "@mnemograph/client";
import type { TokenGateway } from "../../support/tokenGateway.js";
import { apiKeyFor, clientOf, countingFetch, RATE_LIMIT_PER_MINUTE, startClientGateway } from "./clientGateway.js";

let tg: TokenGateway;
let apiKey: string;
let agentId: string;

beforeAll(async () => {
  tg = await startClientGateway();
  agentId = tg.caller("bot").agentId;
  apiKey = await apiKeyFor(tg, agentId);
});
afterAll(() => tg.stop());
afterEach(() => vi.useRealTimers());

const note = (content: string) => ({ input: { type: "OBSERVATION" as const, content } });

describe("MnemographClient credentials: API key → token, renewed", () => {
  it("exchanges the API key once, acts as the key's agent, and renews the token when its clock says it is due", async () => {
    let now = Date.now();
    const counting = countingFetch();
    const client = clientOf(tg, apiKey, { fetch: counting.fetch, now: () => now });

    const first = await client.request(StoreMemoryDocument, note("first note"));
    const second = await client.request(StoreMemoryDocument, note("second note"));
    expect(counting.exchanges).toHaveLength(1);
    const stored = await tg.gw.driver.executeQuery("MATCH (m:Memory) WHERE m.id IN $ids RETURN m.ownerId AS owner", { ids: [first.createMemories.memories[0]!.id, second.createMemories.memories[0]!.id] });
    expect(stored.records.map((r) => r.get("owner"))).toEqual([agentId, agentId]);

    // The gateway's tokens live 900 s; the client renews 30 s before.
    now += 871_000;
    await client.request(StoreMemoryDocument, note("after renewal"));
    expect(counting.exchanges).toHaveLength(2);
    expect((await client.tokens.claims())?.sub).toBe(agentId);
  });

  it("a token the gateway refuses as expired is exchanged again from the API key, and the request goes through", async () => {
    const expired = await new SignJWT({ tenant: tg.tenant, roles: ["agent"] })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(agentId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(tg.secret));
    const counting = countingFetch();
    const client = clientOf(tg, apiKey, { token: expired, fetch: counting.fetch });

    const { createMemories } = await client.request(StoreMemoryDocument, note("after an expired token"));
    expect(createMemories.memories[0]!.content).toBe("after an expired token");
    expect(counting.exchanges).toHaveLength(1);

    // Without an API key there is nothing to renew with: the refusal is the caller's.
    const stuck = new MnemographClient({ url: tg.gw.url, token: expired });
    await expect(stuck.request(StoreMemoryDocument, note("never written"))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("a revoked API key is refused at the exchange with the gateway's code", async () => {
    const client = new MnemographClient({ url: tg.gw.url, apiKey: "mk_" + "x".repeat(40) });
    const refusal = await client.request(StoreMemoryDocument, note("never written")).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(MnemographError);
    expect(refusal).toMatchObject({ code: "UNAUTHENTICATED", details: { status: 401 } });
  });
});

describe("MnemographClient retries", () => {
  it("waits the retryAfterSeconds of a real RATE_LIMITED and then succeeds", async () => {
    // The gateway's rate windows run on Date: the client's sleep moves this process's clock
    // instead of waiting a minute, so the gateway sees the window end.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    const waits: number[] = [];
    const client = clientOf(tg, await apiKeyFor(tg, tg.caller("limited").agentId), {
      sleep: async (ms) => {
        waits.push(ms);
        vi.setSystemTime(Date.now() + ms);
      },
    });
    for (let i = 0; i < RATE_LIMIT_PER_MINUTE; i++) await client.request(PeopleByNameDocument, { name: "Alice" });
    expect(waits).toEqual([]);

    const third = await client.request(PeopleByNameDocument, { name: "Alice" });
    expect(third.peopleByName.name).toBe("Alice");
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(59_000);
    expect(waits[0]).toBeLessThanOrEqual(60_000);
    expect(waits[0]! % 1000).toBe(0);
  });

  it("gives up with RATE_LIMITED and its retryAfterSeconds when the wait is longer than the client accepts", async () => {
    const waits: number[] = [];
    const client = clientOf(tg, await apiKeyFor(tg, tg.caller("impatient").agentId), { retry: { maxDelayMs: 5_000 }, sleep: async (ms) => void waits.push(ms) });
    for (let i = 0; i < RATE_LIMIT_PER_MINUTE; i++) await client.request(PeopleByNameDocument, { name: "Bob" });
    const refusal = await client.request(PeopleByNameDocument, { name: "Bob" }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", details: { status: 429 } });
    expect((refusal as MnemographError).retryAfterSeconds).toBeGreaterThan(5);
    expect(waits).toEqual([]);
  });

  it("does not retry a request's own mistake", async () => {
    const waits: number[] = [];
    const client = clientOf(tg, apiKey, { sleep: async (ms) => void waits.push(ms) });
    const refusal = await client.request(StoreMemoryDocument, note("")).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: "BAD_USER_INPUT" });
    expect(waits).toEqual([]);
  });
});
