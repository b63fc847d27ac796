import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from "@mnemograph/client";

const policy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 10_000, retryOn: ["SERVICE_UNAVAILABLE", "RATE_LIMITED"] };

describe("retryDelayMs", () => {
  it("waits exactly the retryAfterSeconds the gateway names for RATE_LIMITED, whatever the attempt", () => {
    expect(retryDelayMs({ code: "RATE_LIMITED", retryAfterSeconds: 7 }, 1, policy)).toBe(7_000);
    expect(retryDelayMs({ code: "RATE_LIMITED", retryAfterSeconds: 7 }, 3, policy)).toBe(7_000);
    expect(retryDelayMs({ code: "RATE_LIMITED", retryAfterSeconds: 0 }, 1, policy)).toBe(0);
  });

  it("backs off exponentially from baseDelayMs when the gateway names no wait (SERVICE_UNAVAILABLE)", () => {
    expect([1, 2, 3].map((attempt) => retryDelayMs({ code: "SERVICE_UNAVAILABLE" }, attempt, policy))).toEqual([100, 200, 400]);
  });

  it("caps the backoff at maxDelayMs", () => {
    const long = { ...policy, maxAttempts: 20 };
    expect(retryDelayMs({ code: "SERVICE_UNAVAILABLE" }, 15, long)).toBe(10_000);
  });

  it("gives up when retryAfterSeconds is longer than maxDelayMs instead of blocking the caller", () => {
    expect(retryDelayMs({ code: "RATE_LIMITED", retryAfterSeconds: 11 }, 1, policy)).toBeNull();
  });

  it("stops once maxAttempts attempts were made", () => {
    expect(retryDelayMs({ code: "SERVICE_UNAVAILABLE" }, 4, policy)).toBeNull();
    expect(retryDelayMs({ code: "RATE_LIMITED", retryAfterSeconds: 1 }, 4, policy)).toBeNull();
    expect(retryDelayMs({ code: "SERVICE_UNAVAILABLE" }, 1, { ...policy, maxAttempts: 1 })).toBeNull();
  });

  it("never retries the request's own mistakes", () => {
    for (const code of ["BAD_USER_INPUT", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNAUTHENTICATED", "INTERNAL_SERVER_ERROR"]) {
      expect(retryDelayMs({ code }, 1, policy), code).toBeNull();
    }
  });

  it("by default retries the gateway's load and limits, up to four attempts, waiting at most a rate window", () => {
    expect(DEFAULT_RETRY_POLICY.retryOn).toEqual(["SERVICE_UNAVAILABLE", "SERVICE_BUSY", "RATE_LIMITED"]);
    expect(retryDelayMs({ code: "RATE_LIMITED", retryAfterSeconds: 60 }, 1)).toBe(60_000);
    expect(retryDelayMs({ code: "SERVICE_BUSY", retryAfterSeconds: 1 }, 1)).toBe(1_000);
    expect(retryDelayMs({ code: "SERVICE_UNAVAILABLE" }, 3)).toBe(1_000);
    expect(retryDelayMs({ code: "SERVICE_UNAVAILABLE" }, 4)).toBeNull();
  });
});
