import { describe, expect, it } from "vitest";
import { circuitBreaker } from "../../../src/llm/circuitBreaker.js";

/** A breaker of threshold 3 and cool-down 1000 ms on a clock the test moves. */
function setup() {
  const clock = { t: 10_000 };
  const breaker = circuitBreaker({ threshold: 3, coolDownMs: 1000, now: () => clock.t });
  const failTimes = (n: number) => {
    for (let i = 0; i < n; i++) {
      expect(breaker.allow()).toBe(true);
      breaker.failure();
    }
  };
  return { clock, breaker, failTimes };
}

describe("circuitBreaker", () => {
  it("starts closed and lets calls through", () => {
    const { breaker } = setup();
    expect(breaker.state()).toBe("CLOSED");
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(true);
  });

  it("stays closed after threshold − 1 failures and opens at the threshold", () => {
    const { breaker, failTimes } = setup();
    failTimes(2);
    expect(breaker.state()).toBe("CLOSED");
    failTimes(1);
    expect(breaker.state()).toBe("OPEN");
  });

  it("counts failures in a row only: a success in between resets the count", () => {
    const { breaker, failTimes } = setup();
    failTimes(2);
    breaker.success();
    failTimes(2);
    expect(breaker.state()).toBe("CLOSED");
  });

  it("refuses every call while open, until the cool-down has passed", () => {
    const { clock, breaker, failTimes } = setup();
    failTimes(3);
    expect(breaker.allow()).toBe(false);
    clock.t += 999;
    expect(breaker.state()).toBe("OPEN");
    expect(breaker.allow()).toBe(false);
  });

  it("goes half-open when the cool-down ends and allows exactly one trial call", () => {
    const { clock, breaker, failTimes } = setup();
    failTimes(3);
    clock.t += 1000;
    expect(breaker.state()).toBe("HALF_OPEN");
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(false);
    expect(breaker.allow()).toBe(false);
  });

  it("closes when the trial succeeds, and counts failures from zero again", () => {
    const { clock, breaker, failTimes } = setup();
    failTimes(3);
    clock.t += 1000;
    breaker.allow();
    breaker.success();
    expect(breaker.state()).toBe("CLOSED");
    expect(breaker.allow()).toBe(true);
    failTimes(2);
    expect(breaker.state()).toBe("CLOSED");
  });

  it("re-opens for a whole new cool-down when the trial fails", () => {
    const { clock, breaker, failTimes } = setup();
    failTimes(3);
    clock.t += 1500;
    expect(breaker.allow()).toBe(true);
    breaker.failure();
    expect(breaker.state()).toBe("OPEN");
    expect(breaker.allow()).toBe(false);
    clock.t += 999;
    expect(breaker.allow()).toBe(false);
    clock.t += 1;
    expect(breaker.state()).toBe("HALF_OPEN");
    expect(breaker.allow()).toBe(true);
  });

  it("opens on the first failure with threshold 1", () => {
    const breaker = circuitBreaker({ threshold: 1, coolDownMs: 1000, now: () => 0 });
    breaker.failure();
    expect(breaker.state()).toBe("OPEN");
    expect(breaker.allow()).toBe(false);
  });
});
