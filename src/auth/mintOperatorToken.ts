import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ID_PATTERN, type Caller } from "../core/caller.js";
import { isLoopback, type Config } from "../config/config.js";
import { signOperatorToken, signToken } from "./tokens.js";

/** Longest an operator token may live: it reads every tenant, so it should be minted when needed. */
export const MAX_OPERATOR_TTL_SECONDS = 24 * 3600;

export interface OperatorTokenRequest {
  /** The operator's agent id (`sub`); default `operator`. */
  agentId?: string;
  /** The tenant its other requests act in (`tenant`); default `operator`, a tenant of its own. */
  tenantId?: string;
  /** Default 900 s, at most MAX_OPERATOR_TTL_SECONDS. */
  ttlSeconds?: number;
}

/** Why no operator token can be made: a configuration or argument the operator must fix. */
export class OperatorTokenError extends Error {}

/**
 * The secret operator tokens are signed with: the gateway's JWT_SECRET, or on
 * loopback without one the local secret the gateway made (auth/localSecret.ts).
 * A gateway that only trusts an external issuer (JWKS) has no operator: the
 * external issuer speaks for tenants, and its tokens may not say `operator`.
 */
async function operatorSecret(config: Config): Promise<string> {
  if (config.auth.mode === "off") throw new OperatorTokenError("MNEMOGRAPH_AUTH=off needs no token: every loopback caller is the operator");
  if (config.auth.jwtSecret) return config.auth.jwtSecret;
  if (config.auth.jwksUrl) throw new OperatorTokenError("This gateway verifies only an external issuer's tokens (JWKS_URL), which cannot carry the operator claim: set JWT_SECRET to have an operator");
  const file = path.join(config.home, "jwt-secret");
  if (!isLoopback(config.host) || !existsSync(file)) throw new OperatorTokenError(`No JWT_SECRET, and no local secret at ${file}: start the gateway once, or set JWT_SECRET`);
  return (await readFile(file, "utf8")).trim();
}

/**
 * Mints a token for the gateway's operator (`operator: true`), the one caller
 * that may run raw Cypher across tenants. Only whoever can read the gateway's
 * signing secret can do this (`npm run operator-token`); no GraphQL or REST
 * route issues one.
 */
export async function mintOperatorToken(config: Config, { agentId = "operator", tenantId = "operator", ttlSeconds = 900 }: OperatorTokenRequest = {}): Promise<string> {
  if (!ID_PATTERN.test(agentId)) throw new OperatorTokenError(`--agent must match ${ID_PATTERN.source}`);
  if (!ID_PATTERN.test(tenantId)) throw new OperatorTokenError(`--tenant must match ${ID_PATTERN.source}`);
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_OPERATOR_TTL_SECONDS) {
    throw new OperatorTokenError(`--ttl must be a whole number of seconds from 1 to ${MAX_OPERATOR_TTL_SECONDS}`);
  }
  const caller: Caller = { tenantId, agentId, roles: ["agent"], operator: true };
  return signOperatorToken(await operatorSecret(config), caller, ttlSeconds, config.auth);
}

/**
 * Mints a token for an admin of `tenantId` (roles agent, approver, admin; not the operator):
 * the first credential of a tenant on a gateway given JWT_SECRET, where no local token is
 * written (a container). With it, `mnemograph api-key create` makes the durable keys. Whoever
 * can read the signing secret could sign this anyway; the command only saves them the JWT.
 */
export async function mintAdminToken(config: Config, { agentId = "admin", tenantId, ttlSeconds = 900 }: OperatorTokenRequest & { tenantId: string }): Promise<string> {
  if (!ID_PATTERN.test(agentId)) throw new OperatorTokenError(`--agent must match ${ID_PATTERN.source}`);
  if (!ID_PATTERN.test(tenantId)) throw new OperatorTokenError(`--tenant must match ${ID_PATTERN.source}`);
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_OPERATOR_TTL_SECONDS) {
    throw new OperatorTokenError(`--ttl must be a whole number of seconds from 1 to ${MAX_OPERATOR_TTL_SECONDS}`);
  }
  const caller: Caller = { tenantId, agentId, roles: ["agent", "approver", "admin"] };
  return signToken(await operatorSecret(config), caller, ttlSeconds, config.auth);
}
