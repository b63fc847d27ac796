import type { ApolloServerPlugin } from "@apollo/server";
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
