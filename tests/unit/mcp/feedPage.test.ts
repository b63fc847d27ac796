import type { FeedEvent } from "@mnemograph/client";
import { describe, expect, it } from "vitest";
import { FeedPageBuffer } from "../../../src/mcp/feedPage.js";

const event = (seq: number) => ({ cursor: String(seq), type: "CREATED", nodeId: `n${seq}`, nodeType: "Research" }) as FeedEvent;

describe("FeedPageBuffer", () => {
  it("returns the events since the last take with the latest cursor; a delivery without events moves only the cursor", () => {
    const buffer = new FeedPageBuffer();
    expect(buffer.push({ cursor: "2", events: [event(1), event(2)] })).toBe(true);
    expect(buffer.take()).toEqual({ cursor: "2", events: [event(1), event(2)], dropped: 0 });
    expect(buffer.push({ cursor: "3", events: [] })).toBe(false);
    expect(buffer.take()).toEqual({ cursor: "3", events: [], dropped: 0 });
  });

  it("keeps at most its bound of unread events, counting the oldest it dropped until the next take", () => {
    const buffer = new FeedPageBuffer(2);
    buffer.push({ cursor: "3", events: [event(1), event(2), event(3)] });
    expect(buffer.take()).toEqual({ cursor: "3", events: [event(2), event(3)], dropped: 1 });
    expect(buffer.take().dropped).toBe(0);
  });

  it("reports why the feed stopped on every read after", () => {
    const buffer = new FeedPageBuffer();
    buffer.fail("FORBIDDEN: not your feed");
    expect(buffer.take().error).toBe("FORBIDDEN: not your feed");
  });
});
