import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Caller } from "../../core/caller.js";
import { BadUserInputError } from "../../errors/errors.js";
import type { RateLimitsConfig } from "../../config/config.js";
import { RateLimitedError } from "./RateLimitedError.js";

const WINDOW_SECONDS = 60;

/** Name of the budget every operation draws on, in messages. */
const OPERATIONS = "operations";

/** Keys in a shared Redis: one prefix, so a Redis shared with other programs sees whose they are. */
const REDIS_PREFIX = "mnemograph:rate:";

interface Budget {
  name: string;
  perMinute: number;
  limiter: RateLimiterAbstract;
}

/**
 * Per-agent rate limits, in memory, over fixed one-minute windows: every
 * operation draws one point from the agent's own budget
 * (`defaultPerMinute`), and each use of a root field with a budget of its own
 * (`perField`, e.g. `retrieveContext`) draws one more from that one. Keys are
 * `tenant:agent:field`, so agents never share a budget, across tenants neither.
 * A field's budget may be scoped further, per end user of the agent
 * (`tenant:agent:field:user`): a chatbot's token serves many people, each with
 * a budget of their own; the agent's own operations budget still caps them all.
 * Refused attempts count too: an agent that keeps hammering stays refused until
 * its window ends.
 *
 * Given a Redis (REDIS_URL), the windows are counted there, so gateways sharing it
 * give an agent one budget between them. While Redis is away (a command fails or
 * times out, or the connection is not ready), each budget falls back to a window
 * in this process's memory (rate-limiter-flexible's insurance limiter): the gateway
 * keeps answering, and limits are per process, as without Redis, until it is back.
 */
export class AgentRateLimiter {
  private readonly operations: Budget;
  private readonly fields = new Map<string, Budget>();

  /** `onRefused` is told the budget of every refusal (metrics). */
  constructor(
    config: RateLimitsConfig,
    private readonly onRefused: (budget: string) => void = () => {},
    store: Redis | null = null,
  ) {
    this.operations = budget(OPERATIONS, config.defaultPerMinute, store);
    for (const [field, perMinute] of Object.entries(config.perField)) this.fields.set(field, budget(field, perMinute, store));
  }

  /**
   * Draws on the caller's budgets for one operation calling `rootFields`
   * (one entry per use, as `rootFieldNames` gives them). Throws
   * RateLimitedError, with the time to wait, when a budget is spent. Called by
   * the operation guard (server/guard/operationGuard.ts) for HTTP and WebSocket alike.
   */
  async consume(caller: Pick<Caller, "tenantId" | "agentId">, rootFields: readonly string[], scopes: Readonly<Record<string, string | null>> = {}): Promise<void> {
    const agentKey = `${encodeURIComponent(caller.tenantId)}:${encodeURIComponent(caller.agentId)}`;
    for (const [field, uses] of countUses(rootFields)) {
      const fieldBudget = this.fields.get(field);
      if (!fieldBudget) continue;
      if (uses > fieldBudget.perMinute) {
        // Waiting would not help: the operation alone is over the budget.
        throw new BadUserInputError(`One operation may call ${field} at most ${fieldBudget.perMinute} times; it calls it ${uses} times`);
      }
      const scope = scopes[field];
      await draw(fieldBudget, scope ? `${agentKey}:${field}:${encodeURIComponent(scope)}` : `${agentKey}:${field}`, uses, this.onRefused);
    }
    await draw(this.operations, `${agentKey}:*`, 1, this.onRefused);
  }
}

function budget(name: string, perMinute: number, store: Redis | null): Budget {
  const inMemory = new RateLimiterMemory({ keyPrefix: name, points: perMinute, duration: WINDOW_SECONDS });
  if (!store) return { name, perMinute, limiter: inMemory };
  const shared = new RateLimiterRedis({
    storeClient: store,
    keyPrefix: REDIS_PREFIX + name,
    points: perMinute,
    duration: WINDOW_SECONDS,
    // Not waiting for a reconnection: the window is counted in memory at once instead.
    rejectIfRedisNotReady: true,
    insuranceLimiter: inMemory,
  });
  return { name, perMinute, limiter: shared };
}

async function draw({ name, perMinute, limiter }: Budget, key: string, points: number, onRefused: (budget: string) => void): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    onRefused(name);
    throw new RateLimitedError(name, perMinute, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
  }
}

function countUses(rootFields: readonly string[]): Map<string, number> {
  const uses = new Map<string, number>();
  for (const field of rootFields) uses.set(field, (uses.get(field) ?? 0) + 1);
  return uses;
}
