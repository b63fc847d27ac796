import type { Caller } from "../core/caller.js";
import { ID_PATTERN } from "../core/caller.js";
import { hasRole, requireRole } from "../auth/policy.js";
import { BadUserInputError, ForbiddenError, UnauthenticatedError } from "../errors/errors.js";
import type { AppDeps } from "../core/appDeps.js";
import type { FeedDelivery } from "./feedBatch.js";
import { decodeFeedCursor, encodeFeedCursor } from "./feedCursor.js";
import { readPeerFeedMessage, type PeerFeedMessage } from "./peerEvents.js";
import { createFeedHub, type FeedHubOptions } from "./feedHub.js";
import type { SelectedEvent } from "./feedRules.js";
import { knowledgeFeedStream } from "./knowledgeFeedStream.js";
import { encodeCursor } from "./outboxCursor.js";
import { IGNORED_FEED, untilEnd, type FeedObserver } from "./feedObserver.js";
import { installSquadDefaults } from "./installSquadDefaults.js";

/** Writes of these types change who hears what: subscribers reload their rules. */
const RULE_TYPES = new Set(["SubscriptionRule", "Agent"]);

/** How often the feed's pollers read the outbox (feedHub.ts); tests lengthen it to show what wakes them instead. */
export type FeedPolls = Pick<FeedHubOptions, "pollMs" | "idlePollMs">;

/**
 * The knowledgeFeed subscription, with one outbox poller per tenant for this process. Every event this process's
 * sequencer numbers is handed to the poller as committed, without reading it back, and sent to the other gateways
 * (deps.peers, REDIS_URL, peerEvents.ts), which take them the same way: no read of the outbox per write and
 * gateway. The outbox stays the source of truth (a poller takes what follows its last seq, so a message neither
 * duplicates nor skips); a message lost while Redis is away only delays delivery to the next poll.
 */
export function feedResolvers(deps: Pick<AppDeps, "driver" | "database" | "logger" | "writes" | "now" | "schema" | "outbox" | "peers">, observer: FeedObserver = IGNORED_FEED, polls: FeedPolls = {}) {
  const hub = createFeedHub({
    driver: deps.driver,
    database: deps.database,
    logger: deps.logger.child({ component: "feed" }),
    numbering: (tenantId) => deps.outbox.numbering(tenantId),
    ...polls,
  });
  deps.outbox.onNumbered((tenantId, events) => {
    hub.committed(tenantId, events);
    deps.peers.publish("feed", { tenantId, events } satisfies PeerFeedMessage);
  });
  deps.peers.on("feed", (message) => {
    const read = readPeerFeedMessage(message);
    // A tenant without a subscriber here costs nothing (committed and wake ignore it). Events that follow on are
    // delivered as they came; a gap, or a message without its events, wakes the poller.
    if (read && read.events.length > 0) hub.committed(read.tenantId, read.events);
    else if (read) hub.wake(read.tenantId);
  });
  deps.writes.on((e) => {
    if (e.typeName && RULE_TYPES.has(e.typeName)) hub.rulesChanged(e.caller.tenantId);
  });
  return {
    Mutation: {
      installSquadDefaults: async (_: unknown, _args: unknown, ctx: { caller: Caller }) => {
        requireRole(ctx.caller, "admin", "install the squad's defaults");
        const installed = await installSquadDefaults(deps, ctx.caller.tenantId, deps.now());
        // Written past the generated CRUD: live feeds of the tenant reload their rules.
        if (installed.agentsCreated + installed.rulesCreated > 0) deps.writes.emit({ field: "installSquadDefaults", typeName: "SubscriptionRule", caller: ctx.caller });
        return installed;
      },
    },
    Subscription: {
      knowledgeFeed: {
        subscribe: (_: unknown, args: { agentId: string; after?: string | null }, ctx: { caller?: Caller }) => {
          const caller = ctx.caller;
          if (!caller) throw new UnauthenticatedError();
          if (!ID_PATTERN.test(args.agentId)) throw new BadUserInputError("knowledgeFeed.agentId is not an agent id", "knowledgeFeed.agentId");
          const admin = hasRole(caller, "admin");
          if (args.agentId !== caller.agentId && !admin) throw new ForbiddenError("Only the agent itself or an admin may subscribe to an agent's knowledge feed");
          const from = decodeFeedCursor("knowledgeFeed.after", args.after);
          // An admin reads everything only in its own feed; another agent's feed is what that agent may read.
          const reader = { agentId: args.agentId, admin: admin && args.agentId === caller.agentId };
          const stream = knowledgeFeedStream({ ...deps, hub }, caller.tenantId, reader, from);
          observer.subscribers(1);
          return untilEnd(stream, () => observer.subscribers(-1));
        },
        resolve: (delivery: FeedDelivery<SelectedEvent>) => {
          const now = Date.now();
          observer.delivered(delivery.mode, delivery.events.map((e) => (now - e.createdAt.getTime()) / 1000));
          return {
            mode: delivery.mode,
            cursor: encodeFeedCursor(delivery.position),
            events: delivery.events.map((e) => ({
              ...e,
              cursor: encodeCursor(e.seq),
              payload: JSON.stringify(e.payload),
              createdAt: e.createdAt.toISOString(),
            })),
          };
        },
      },
    },
  };
}
