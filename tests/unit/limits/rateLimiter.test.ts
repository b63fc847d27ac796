import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BadUserInputError } from "../../../src/errors/errors.js";
import { AgentRateLimiter } from "../../../src/server/limits/rateLimiter.js";
import { RateLimitedError } from "../../../src/server/limits/RateLimitedError.js";

// The limiter reads Date.now and expires windows with setTimeout: fake timers
// are its clock, so a minute passes without waiting for one.
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

const kublai = { tenantId: "squad", agentId: "kublai" };
const marco = { tenantId: "squad", agentId: "marco" };

async function refusal(promise: Promise<unknown>): Promise<RateLimitedError> {
  const error = await promise.then(
    () => expect.unreachable("the limiter let it through"),
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(RateLimitedError);
  return error as RateLimitedError;
}

describe("AgentRateLimiter", () => {
  const limiter = () => new AgentRateLimiter({ defaultPerMinute: 600, perField: { retrieveContext: 10 } });

  it("lets 10 retrieveContext calls through in a minute and refuses the 11th with the time to wait", async () => {
    const rates = limiter();
    for (let i = 0; i < 10; i++) await rates.consume(kublai, ["retrieveContext"]);
    vi.advanceTimersByTime(18_000);
    const error = await refusal(rates.consume(kublai, ["retrieveContext"]));
    expect(error.message).toBe("Rate limit for retrieveContext is 10 per minute; retry in 42 s");
    expect(error.extensions).toEqual({ code: "RATE_LIMITED", retryAfterSeconds: 42 });
  });

  it("keeps a field's budget per end user when one is named; the agent's operations budget still caps them all", async () => {
    const rates = new AgentRateLimiter({ defaultPerMinute: 25, perField: { retrieveContext: 10 } });
    for (let i = 0; i < 10; i++) await rates.consume(kublai, ["retrieveContext"], { retrieveContext: "user-a" });
    const error = await refusal(rates.consume(kublai, ["retrieveContext"], { retrieveContext: "user-a" }));
    expect(error.message).toMatch(/^Rate limit for retrieveContext is 10 per minute/);
    // Another user of the same chatbot token has a budget of its own…
    for (let i = 0; i < 10; i++) await rates.consume(kublai, ["retrieveContext"], { retrieveContext: "user-b" });
    // …and the unnamed budget is the agent's own, apart from its users'.
    await rates.consume(kublai, ["retrieveContext"]);
    // 21 operations were counted (a call refused by a field's budget draws none): rotating users cannot go past the agent's 25.
    for (let i = 0; i < 4; i++) await rates.consume(kublai, ["retrieveContext"], { retrieveContext: `user-c${i}` });
    const capped = await refusal(rates.consume(kublai, ["retrieveContext"], { retrieveContext: "user-d" }));
    expect(capped.message).toMatch(/^Rate limit for operations is 25 per minute/);
  });

  it("keeps each agent's budget its own, across tenants too", async () => {
    const rates = limiter();
    for (let i = 0; i < 10; i++) await rates.consume(kublai, ["retrieveContext"]);
    await refusal(rates.consume(kublai, ["retrieveContext"]));
    await rates.consume(marco, ["retrieveContext"]);
    await rates.consume({ tenantId: "other", agentId: "kublai" }, ["retrieveContext"]);
  });

  it("does not let ids with separators in them share a budget", async () => {
    const rates = new AgentRateLimiter({ defaultPerMinute: 1, perField: {} });
    await rates.consume({ tenantId: "a:b", agentId: "c" }, ["agents"]);
    await rates.consume({ tenantId: "a", agentId: "b:c" }, ["agents"]);
  });

  it("still lets a refused agent call fields without a budget of their own", async () => {
    const rates = limiter();
    for (let i = 0; i < 10; i++) await rates.consume(kublai, ["retrieveContext"]);
    await refusal(rates.consume(kublai, ["retrieveContext"]));
    await rates.consume(kublai, ["agents", "memories"]);
  });

  it("lets the agent through again once the window has passed", async () => {
    const rates = limiter();
    for (let i = 0; i < 10; i++) await rates.consume(kublai, ["retrieveContext"]);
    await refusal(rates.consume(kublai, ["retrieveContext"]));
    vi.advanceTimersByTime(60_000);
    await rates.consume(kublai, ["retrieveContext"]);
  });

  it("counts every use of a field in one operation, aliases included", async () => {
    const rates = limiter();
    await rates.consume(kublai, Array(6).fill("retrieveContext"));
    await rates.consume(kublai, Array(4).fill("retrieveContext"));
    await refusal(rates.consume(kublai, ["retrieveContext"]));
  });

  it("refuses an operation that alone calls a field more often than its budget, as bad input", async () => {
    const rates = limiter();
    await expect(rates.consume(kublai, Array(11).fill("retrieveContext"))).rejects.toThrow(
      new BadUserInputError("One operation may call retrieveContext at most 10 times; it calls it 11 times"),
    );
    await rates.consume(kublai, Array(10).fill("retrieveContext"));
  });

  it("limits every operation of an agent to the default rate", async () => {
    const rates = new AgentRateLimiter({ defaultPerMinute: 3, perField: {} });
    await rates.consume(kublai, ["agents"]);
    await rates.consume(kublai, ["memories", "agents"]);
    await rates.consume(kublai, []);
    vi.advanceTimersByTime(59_500);
    const error = await refusal(rates.consume(kublai, ["agents"]));
    expect(error.message).toBe("Rate limit for operations is 3 per minute; retry in 1 s");
    expect(error.retryAfterSeconds).toBe(1);
    await rates.consume(marco, ["agents"]);
  });
});
