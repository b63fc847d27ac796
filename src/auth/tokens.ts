import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTVerifyGetKey } from "jose";
import type { AuthConfig } from "../config/config.js";
import type { Caller } from "../core/caller.js";
import { callerFromClaims, OPERATOR_CLAIM } from "./claims.js";

const encoder = new TextEncoder();

/** Verifies a bearer token and says who it belongs to; throws when it cannot. */
export type TokenVerifier = (token: string) => Promise<Caller>;

/**
 * Accepts tokens signed with the HS256 secret, or by a key of the JWKS URL.
 * `exp` is required: a token that never expires is refused.
 */
export function createTokenVerifier(auth: AuthConfig, secret: string | undefined): TokenVerifier {
  const jwks: JWTVerifyGetKey | undefined = auth.jwksUrl ? createRemoteJWKSet(new URL(auth.jwksUrl)) : undefined;
  const options = {
    requiredClaims: ["exp", "sub"],
    clockTolerance: 5,
    ...(auth.issuer ? { issuer: auth.issuer } : {}),
    ...(auth.audience ? { audience: auth.audience } : {}),
  };
  return async (token) => {
    const header = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString() || "{}") as { alg?: string };
    if (header.alg === "HS256" && secret) {
      const { payload } = await jwtVerify(token, encoder.encode(secret), { ...options, algorithms: ["HS256"] });
      return callerFromClaims(payload, { operatorTrusted: true });
    }
    if (jwks && header.alg !== "HS256") {
      const { payload } = await jwtVerify(token, jwks, options);
      return callerFromClaims(payload, { operatorTrusted: false });
    }
    throw new Error(`no key accepts tokens signed with ${header.alg ?? "no algorithm"}`);
  };
}

type Audience = Partial<Pick<AuthConfig, "issuer" | "audience">>;

async function sign(secret: string, caller: Caller, extra: Record<string, unknown>, ttlSeconds: number, auth: Audience) {
  let jwt = new SignJWT({ ...extra, tenant: caller.tenantId, roles: [...caller.roles] })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(caller.agentId)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`);
  if (auth.issuer) jwt = jwt.setIssuer(auth.issuer);
  if (auth.audience) jwt = jwt.setAudience(auth.audience);
  return jwt.sign(encoder.encode(secret));
}

/**
 * Signs a short-lived HS256 token for a tenant's caller (API key exchange,
 * tests). It never carries the operator claim, whatever `caller` says: a
 * tenant's credential cannot become the operator's.
 */
export async function signToken(secret: string, caller: Caller, ttlSeconds: number, auth: Audience = {}) {
  return sign(secret, caller, {}, ttlSeconds, auth);
}

/**
 * Signs an operator token (`operator: true`): only whoever holds the gateway's
 * own secret can, so no tenant credential leads here (npm run operator-token,
 * the loopback-only local token).
 */
export async function signOperatorToken(secret: string, caller: Caller, ttlSeconds: number, auth: Audience = {}) {
  return sign(secret, caller, { [OPERATOR_CLAIM]: true }, ttlSeconds, auth);
}
