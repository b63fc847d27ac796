import { z } from "zod";
import { section, variable } from "../declare.js";

/** redis:// or rediss:// (TLS), as ioredis reads them: user, password, host, port and database number in the URL. */
const redisUrl = z.url({ protocol: /^rediss?$/, error: "a redis:// or rediss:// URL" });

export const shared = section({
  title: "Several gateways",
  summary: "State that several gateway processes share through Redis ([deploy.md](deploy.md#what-is-per-process)).",
  variables: {
    redisUrl: variable("REDIS_URL", redisUrl, {
      doc: "set: gateways with the same Redis share one rate-limit budget per agent, drop each other's stale memory contexts and wake each other's knowledge-feed subscribers (`redis://[user:password@]host:port[/db]`, `rediss://` for TLS); unset: all of it is per process, as one gateway needs",
    }),
  },
  resolve: ({ redisUrl }) => ({ shared: { redisUrl: redisUrl ?? null } }),
});
