import { writeFile } from "node:fs/promises";
import path from "node:path";
import { isLoopback, type Config } from "../config/config.js";
import type { Logger } from "../logging/logger.js";
import { createAuthenticator, type Authenticator } from "./authenticate.js";
import { LOCAL_TENANT } from "../core/caller.js";
import { ensureLocalSecret } from "./localSecret.js";
import { createTokenVerifier, signOperatorToken } from "./tokens.js";

export interface AuthSetup {
  authenticate: Authenticator;
  /** The HS256 secret tokens are signed with, if this gateway signs any. */
  signingSecret: string | undefined;
  /** The token written to `local-token` on the embedded default, which the gateway's own pages use on loopback. */
  localToken?: string;
}

const LOCAL_TOKEN_TTL = 30 * 24 * 3600;

/**
 * Decides how requests are authenticated, from the configuration:
 * - `off` (loopback only, checked by config): warned about loudly;
 * - a JWT secret and/or JWKS URL: as given;
 * - neither, on loopback: a local secret is made once and an admin (and
 *   operator) token for the local tenant is written beside the data, so
 *   `npm start` just works;
 * - neither, elsewhere: refused.
 */
export async function setupAuth(config: Config, logger: Logger): Promise<AuthSetup> {
  const { auth } = config;
  if (auth.mode === "off") {
    logger.warn("Authentication is OFF (MNEMOGRAPH_AUTH=off): any local process may act as any agent. Loopback only.");
    return { authenticate: createAuthenticator("off", null), signingSecret: undefined };
  }
  let secret = auth.jwtSecret;
  let localToken: string | undefined;
  if (!secret && !auth.jwksUrl) {
    if (!isLoopback(config.host)) throw new Error("Set JWT_SECRET or JWKS_URL: a gateway that listens beyond loopback must verify tokens");
    const dir = config.home;
    secret = await ensureLocalSecret(dir);
    // The secret's holder is this machine's user, so the local token is the operator's too (cypherQuery works out of the box).
    const token = await signOperatorToken(secret, { tenantId: LOCAL_TENANT, agentId: "local-admin", roles: ["agent", "approver", "admin"] }, LOCAL_TOKEN_TTL, auth);
    const file = path.join(dir, "local-token");
    await writeFile(file, `${token}\n`, { mode: 0o600 });
    localToken = token;
    logger.info({ file }, "No JWT_SECRET given: made a local one. An admin and operator token for tenant 'local' is in this file; send it as 'Authorization: Bearer <token>'");
  }
  return { authenticate: createAuthenticator("token", createTokenVerifier(auth, secret)), signingSecret: secret, localToken };
}
