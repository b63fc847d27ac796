import type { ApolloServerPlugin } from "@apollo/server";
import { execute, type ExecutionArgs, type ExecutionResult } from "graphql";
import type { RequestContext } from "../../core/requestContext.js";
import { ServiceBusyError } from "../../errors/errors.js";
import { onlyIntrospection } from "../availabilityPlugin.js";
import type { Admission } from "./admission.js";

/**
 * Each query or mutation waits for its turn (admission.ts) before it runs,
 * and gives it back when its answer is sent. Subscriptions and introspection
 * do not wait. A refusal is answered with HTTP 503 and a `Retry-After`
 * header besides the error's `retryAfterSeconds`; nothing executes. Apollo
 * runs the plugins' `didResolveOperation` side by side: when another one
 * refuses the operation (rate limit, outage), the answer may be sent while
 * this one still waits, so a turn granted after that is given back at once.
 */
export function admissionPlugin(admission: Admission): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      let release: (() => void) | null = null;
      let sent = false;
      return {
        async didResolveOperation({ operation, document, response }) {
          if (operation?.operation === "subscription" || onlyIntrospection(document)) return;
          let granted: () => void;
          try {
            granted = await admission.enter();
          } catch (err) {
            if (err instanceof ServiceBusyError && !sent) {
              response.http.status = 503;
              response.http.headers.set("retry-after", String(err.retryAfterSeconds));
            }
            throw err;
          }
          if (sent) granted();
          else release = granted;
        },
        async willSendResponse() {
          sent = true;
          release?.();
        },
      };
    },
  };
}

/**
 * The same turn for a query or mutation sent over the WebSocket (graphql-ws
 * calls `execute` for those; subscriptions go through `subscribe` and do not
 * wait): without it a socket was a way around the limit. A refusal is the
 * operation's error, SERVICE_BUSY with its `retryAfterSeconds`; the socket
 * stays open.
 */
export function admittedExecute(admission: Admission): (args: ExecutionArgs) => Promise<ExecutionResult> {
  return async (args) => {
    if (onlyIntrospection(args.document)) return execute(args);
    let release: () => void;
    try {
      release = await admission.enter();
    } catch (err) {
      if (err instanceof ServiceBusyError) return { errors: [err] };
      throw err;
    }
    try {
      return await execute(args);
    } finally {
      release();
    }
  };
}
