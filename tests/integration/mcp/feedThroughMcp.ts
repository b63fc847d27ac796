import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import type { TokenGateway } from "../../support/tokenGateway.js";

/**
 * The feed resource through any MCP transport: subscribe to `reader`'s feed,
 * write Research as `writer` until a `notifications/resources/updated`
 * arrives (the first write may precede the feed's socket), then read the
 * resource twice: the events written, then nothing already read.
 */
export async function followFeedThroughMcp(client: Client, tg: TokenGateway, reader: Caller, writer: Caller, topic: string): Promise<void> {
  const uri = `mnemograph://agents/${reader.agentId}/feed`;
  const updates: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updates.push(n.params.uri);
  });
  await client.subscribeResource({ uri });

  const written: string[] = [];
  for (let attempt = 0; attempt < 20 && updates.length === 0; attempt++) {
    const res = await tg.as(writer, `mutation ($input: [ResearchCreateInput!]!) { createResearch(input: $input) { research { id } } }`, {
      input: [{ topic, findings: `${topic} finding ${attempt}`, visibility: "SHARED" }],
    });
    expect(res.errors).toBeUndefined();
    written.push(res.data!.createResearch.research[0].id);
    const deadline = Date.now() + 1000;
    while (updates.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }
  expect(updates[0]).toBe(uri);

  const read = async () => JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text) as { cursor: string; events: { nodeId: string; nodeType: string; actorAgentId: string }[] };
  const page = await read();
  expect(page.events.length).toBeGreaterThan(0);
  expect(written).toEqual(expect.arrayContaining(page.events.map((e) => e.nodeId)));
  expect(page.events.every((e) => e.nodeType === "Research" && e.actorAgentId === writer.agentId)).toBe(true);
  expect(Number(page.cursor)).toBeGreaterThan(0);
  // A second read returns only what arrived since the first.
  const again = await read();
  expect(again.events.filter((e) => page.events.some((p) => p.nodeId === e.nodeId))).toEqual([]);
}
