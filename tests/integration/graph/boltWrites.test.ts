import net from "node:net";
import type { Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDriver } from "../../../src/graph/driver.js";

/**
 * The driver's chunker flushes every 1,400 bytes; the gateway's drivers send
 * what one tick of the event loop wrote as one socket write
 * (src/graph/boltWrites.ts). Counted here at the socket itself, with the
 * statement's answer checked: the bytes still reach Neo4j whole, in order.
 */
let driver: Driver;

beforeAll(() => {
  driver = createDriver(inject("neo4j"));
});
afterAll(async () => {
  await driver.close();
});

/** Socket writes (system calls Node makes: one per `_write`, one per `_writev`) while `run` runs. */
async function countSocketWrites<T>(run: () => Promise<T>): Promise<{ writes: number; bytes: number; result: T }> {
  const proto = net.Socket.prototype as unknown as Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
  const { _write, _writev } = proto;
  let writes = 0;
  let bytes = 0;
  proto._write = function (this: unknown, chunk: unknown, ...rest: unknown[]) {
    writes++;
    bytes += (chunk as Buffer).length;
    return _write.call(this, chunk, ...rest);
  };
  proto._writev = function (this: unknown, chunks: unknown, ...rest: unknown[]) {
    writes++;
    for (const { chunk } of chunks as { chunk: Buffer }[]) bytes += chunk.length;
    return _writev.call(this, chunks, ...rest);
  };
  try {
    const result = await run();
    return { writes, bytes, result };
  } finally {
    proto._write = _write;
    proto._writev = _writev;
  }
}

describe("Bolt writes of the gateway's driver", () => {
  it("sends a statement of many chunks in a few socket writes, and Neo4j reads it whole", async () => {
    // Warm: the pool's connection is open, so only the statement's own messages are counted.
    await driver.executeQuery("RETURN 1");
    const text = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(" "); // ~26 KB: 19 chunks of 1,400 bytes
    const vector = Array.from({ length: 384 }, (_, i) => Math.sin(i)); // 3.5 KB of floats
    const counted = await countSocketWrites(() =>
      driver.executeQuery("RETURN $text AS text, size($text) AS chars, $vector AS vector", { text, vector }),
    );
    const record = counted.result.records[0]!;
    expect(record.get("text")).toBe(text);
    expect(Number(record.get("chars"))).toBe(text.length);
    expect(record.get("vector")).toEqual(vector);
    const chunks = Math.ceil(counted.bytes / 1400);
    expect(chunks).toBeGreaterThanOrEqual(20);
    // BEGIN + RUN + PULL in one tick, COMMIT in a later one (and a RESET or two from the pool): a handful of writes,
    // where one write per chunk would be twenty or more.
    expect(counted.writes, `${counted.writes} writes for ${counted.bytes} bytes`).toBeLessThanOrEqual(4);
  });

  it("keeps statements of several concurrent transactions apart on their connections", async () => {
    const texts = Array.from({ length: 8 }, (_, t) => Array.from({ length: 2000 }, (_, i) => `t${t}w${i}`).join(" "));
    const answers = await Promise.all(texts.map((text) => driver.executeQuery("RETURN $text AS text", { text })));
    expect(answers.map((a) => a.records[0]!.get("text"))).toEqual(texts);
  });
});
