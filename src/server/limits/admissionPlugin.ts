import type { ApolloServerPlugin } from "@apollo/server";
import type { RequestContext } from "../../core/requestContext.js";
import { onlyIntrospection } from "../availabilityPlugin.js";
import type { Admission } from "./admission.js";

/**
 * Each query or mutation waits for its turn (admission.ts) before it runs,
 * and gives it back when its answer is sent. Subscriptions and introspection
 * do not wait. Apollo runs the plugins' `didResolveOperation` side by side:
 * when another one refuses the operation (rate limit, outage), the answer may
 * be sent while this one still waits, so a turn granted after that is given
 * back at once.
 */
export function admissionPlugin(admission: Admission): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      let release: (() => void) | null = null;
      let sent = false;
      return {
        async didResolveOperation({ operation, document }) {
          if (operation?.operation === "subscription" || onlyIntrospection(document)) return;
          const granted = await admission.enter();
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
