import { describe, expect, it } from "vitest";
import type { Driver } from "neo4j-driver";
import { watchAvailability } from "../../../src/graph/availability.js";
import { createLogger } from "../../../src/logging/logger.js";

/** A driver whose probe queries answer, fail or hang as the test says: the state machine is what is tested here. */
function scriptedDriver(next: () => "answer" | "fail" | "hang") {
  return {
    session: () => ({
      run: () => {
        const step = next();
        return step === "answer" ? Promise.resolve({}) : step === "fail" ? Promise.reject(new Error("ECONNREFUSED")) : new Promise(() => {});
      },
      close: () => Promise.resolve(),
    }),
  } as unknown as Driver;
}

const logger = createLogger({ logLevel: "silent" });
const options = { database: "neo4j", logger, heartbeatMs: 5, retryMs: 5, probeTimeoutMs: 20 };

describe("watchAvailability", () => {
  it("a refused connection marks Neo4j down at the first probe, and an answer brings it back", async () => {
    let mode: "answer" | "fail" = "fail";
    const watched = watchAvailability({ ...options, driver: scriptedDriver(() => mode) });
    await watched.whenState("down");
    expect(watched.up).toBe(false);
    mode = "answer";
    await watched.whenState("up");
    expect(watched.up).toBe(true);
    watched.stop();
  });

  it("slow probes (a busy machine, a full pool) do not turn requests away until three in a row time out", async () => {
    const script: ("answer" | "hang")[] = ["hang", "hang", "answer", "hang", "hang", "answer"];
    let i = 0;
    let downs = 0;
    const watched = watchAvailability({ ...options, driver: scriptedDriver(() => script[i++] ?? "answer") });
    void watched.whenState("down").then(() => downs++);
    while (i < script.length + 2) await new Promise((r) => setTimeout(r, 5));
    expect(downs).toBe(0);
    expect(watched.up).toBe(true);
    watched.stop();
  });

  it("three timed-out probes in a row mark it down (a hung server)", async () => {
    const watched = watchAvailability({ ...options, driver: scriptedDriver(() => "hang") });
    await watched.whenState("down");
    expect(watched.up).toBe(false);
    watched.stop();
  });

  it("timed-out probes while requests are being answered are a busy server, not an outage", async () => {
    let probes = 0;
    let downs = 0;
    const watched = watchAvailability({ ...options, driver: scriptedDriver(() => (probes++, "hang")) });
    void watched.whenState("down").then(() => downs++);
    // Requests keep being answered while every probe hangs (bench:load's 50 agents).
    const traffic = setInterval(() => watched.noteAnswered(), 2);
    while (probes < 8) await new Promise((r) => setTimeout(r, 5));
    clearInterval(traffic);
    expect(downs).toBe(0);
    expect(watched.up).toBe(true);
    // When the answers stop too, three more hung probes mark it down.
    await watched.whenState("down");
    expect(downs).toBe(1);
    watched.stop();
  });
});
