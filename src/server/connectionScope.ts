import type { ConnectionScope } from "../core/requestContext.js";
import type { Logger } from "../logging/logger.js";

/** The gateway's side of a connection scope: it runs the hooks once, when the socket closes. */
export interface ClosableConnectionScope extends ConnectionScope {
  /** Runs every hook (each failure logged, none stopping the others); later calls do nothing. */
  close(): Promise<void>;
}

export function createConnectionScope(logger: Logger): ClosableConnectionScope {
  const hooks: (() => Promise<unknown> | unknown)[] = [];
  let closed: Promise<void> | null = null;
  return {
    onClose(hook) {
      // An operation that finishes after its socket closed still gets its hook run.
      if (closed) void Promise.resolve().then(hook).catch((err: unknown) => logger.warn({ err }, "A WebSocket close hook failed"));
      else hooks.push(hook);
    },
    close() {
      closed ??= Promise.allSettled(hooks.map(async (hook) => hook())).then((results) => {
        for (const r of results) if (r.status === "rejected") logger.warn({ err: r.reason }, "A WebSocket close hook failed");
      });
      return closed;
    },
  };
}
