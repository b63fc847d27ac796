import { ErrorCode, MnemographError } from "../../errors/errors.js";

/**
 * An agent used up a rate budget. The message says which budget and when to
 * come back; `extensions.retryAfterSeconds` says the same for programs.
 */
export class RateLimitedError extends MnemographError {
  readonly retryAfterSeconds: number;

  constructor(budget: string, perMinute: number, retryAfterSeconds: number) {
    super(ErrorCode.RATE_LIMITED, `Rate limit for ${budget} is ${perMinute} per minute; retry in ${retryAfterSeconds} s`, {
      retryAfterSeconds,
    });
    this.name = "RateLimitedError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
