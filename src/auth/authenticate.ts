import type { IncomingHttpHeaders } from "node:http";
import { UnauthenticatedError } from "../errors/errors.js";
import type { Caller } from "../core/caller.js";
import { ClaimsError } from "./claims.js";
import { AGENT_HEADER, identifyLocalCaller } from "./identifyLocalCaller.js";
import type { TokenVerifier } from "./tokens.js";

/** Headers of an HTTP request, or connection params of a WebSocket, in one shape. */
export type Credentials = IncomingHttpHeaders | Record<string, unknown>;

/** Decides who a request is, from its credentials; throws UNAUTHENTICATED otherwise. */
export type Authenticator = (credentials: Credentials) => Promise<Caller>;

/**
 * The one place that turns credentials into a caller, for HTTP and WebSocket
 * alike. With auth `off` (loopback only) the agent header names the caller;
 * otherwise a valid `Authorization: Bearer <jwt>` is required.
 */
export function createAuthenticator(mode: "token" | "off", verify: TokenVerifier | null): Authenticator {
  return async (credentials) => {
    if (mode === "off") {
      const header = credentials[AGENT_HEADER];
      return identifyLocalCaller(typeof header === "string" ? header : undefined);
    }
    const raw = credentials.authorization ?? credentials.Authorization;
    if (typeof raw !== "string" || !raw.trim()) throw new UnauthenticatedError("A bearer token is required (Authorization: Bearer <token>)");
    const match = /^Bearer\s+([A-Za-z0-9._-]+)$/i.exec(raw.trim());
    if (!match?.[1]) throw new UnauthenticatedError("The Authorization header must be 'Bearer <token>'");
    if (!verify) throw new UnauthenticatedError("This gateway has no key to verify tokens with");
    try {
      return await verify(match[1]);
    } catch (err) {
      throw new UnauthenticatedError(reasonOf(err));
    }
  };
}

/** Says why a token was refused without echoing it. */
function reasonOf(err: unknown): string {
  const code = (err as { code?: string }).code;
  if (code === "ERR_JWT_EXPIRED") return "The token has expired";
  if (code === "ERR_JWS_SIGNATURE_VERIFICATION_FAILED") return "The token's signature is not valid";
  if (code === "ERR_JWT_CLAIM_VALIDATION_FAILED") return `The token's claims are not accepted: ${(err as Error).message}`;
  if (err instanceof ClaimsError) return `The token's claims are not accepted: ${err.message}`;
  return "The token is not valid";
}
