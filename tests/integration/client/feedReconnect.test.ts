import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoreKnowledgeDocument, type FeedDelivery } from "@mnemograph/client";
import type { TokenGateway } from "../../support/tokenGateway.js";
import { addRule, headCursor } from "../feed/feedClient.js";
import { apiKeyFor, clientOf, registeredClient, startClientGateway } from "./clientGateway.js";

/** A TCP proxy in front of the gateway whose connections the test can cut, as a network would. */
async function cuttableProxy(target: number) {
  const open = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((client) => {
    connections += 1;
    const upstream = net.connect(target, "127.0.0.1");
    for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
      open.add(a);
      a.pipe(b);
      a.on("error", () => b.destroy());
      a.on("close", () => {
        open.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    connections: () => connections,
    cut: () => open.forEach((socket) => socket.destroy()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Resolves once `done()` holds; fails after `ms`. */
async function until(done: () => boolean, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let tg: TokenGateway;
beforeAll(async () => {
  tg = await startClientGateway();
});
afterAll(() => tg.stop());

describe("the knowledge feed as an async iterator", () => {
  it("resumes from its cursor after the connection is cut: every event once, in order, the missed ones replayed", async () => {
    const subscriberId = tg.caller("listener").agentId;
    const writer = await registeredClient(tg, tg.caller("writer").agentId, "researcher");
    await addRule(tg.gw.driver, tg.tenant, subscriberId, { knowledgeTypes: ["Belief"] });
    const proxy = await cuttableProxy(tg.gw.app.gateway.port);

    // The reconnect's backoff waits until the writes made while disconnected are committed:
    // they can only reach the subscriber by the replay from its cursor.
    let offlineWritesDone!: () => void;
    const offlineWrites = new Promise<void>((resolve) => (offlineWritesDone = resolve));
    const subscriber = clientOf(tg, await apiKeyFor(tg, subscriberId), { url: proxy.url, sleep: () => offlineWrites });
    const feed = subscriber.knowledgeFeed({ agentId: subscriberId, after: await headCursor(tg.gw.driver, tg.tenant) });

    const deliveries: FeedDelivery[] = [];
    const reading = (async () => {
      for await (const delivery of feed) deliveries.push(delivery);
    })();
    const received = () => deliveries.flatMap((d) => d.events);
    const write = async (n: number) => (await writer.request(StoreKnowledgeDocument, { type: "BELIEF", content: `finding ${n}`, confidence: 0.95, domains: ["research"] })).memoryStore.id;

    try {
      const before = [await write(1), await write(2), await write(3)];
      await until(() => received().length >= 3, "the first three events");
      const cursorBeforeCut = feed.cursor;
      const deliveredBeforeCut = deliveries.length;

      proxy.cut();
      const during = [await write(4), await write(5), await write(6)];
      offlineWritesDone();
      await until(() => received().length >= 6, "the events written while disconnected");
      const after = [await write(7)];
      await until(() => received().length >= 7, "a live event after the reconnect");

      expect(received().map((e) => e.nodeId)).toEqual([...before, ...during, ...after]);
      const seqs = received().map((e) => Number(e.cursor));
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(feed.reconnects).toBe(1);
      expect(proxy.connections()).toBeGreaterThanOrEqual(2);
      // The three missed while cut off came as the replay after the saved cursor (the first subscription may have
      // begun with a replay of its own: a write committed before it started reading arrives that way).
      const replayed = deliveries.slice(deliveredBeforeCut).filter((d) => d.mode === "REPLAY").flatMap((d) => d.events.map((e) => e.nodeId));
      expect(replayed).toEqual(during);
      expect(Number(feed.cursor)).toBeGreaterThan(Number(cursorBeforeCut));
    } finally {
      await feed.close();
      await reading;
      await proxy.close();
    }
  });

  it("a feed the caller may not follow is refused with FORBIDDEN, not retried", async () => {
    const nosy = clientOf(tg, await apiKeyFor(tg, tg.caller("nosy").agentId), { sleep: () => Promise.reject(new Error("must not wait")) });
    const feed = nosy.knowledgeFeed({ agentId: tg.caller("someone-else").agentId });
    const outcome = await (async () => {
      for await (const delivery of feed) return delivery;
    })().catch((e: unknown) => e);
    expect(outcome).toMatchObject({ code: "FORBIDDEN" });
    await feed.close();
  });
});
