import { SignJWT } from "jose";
import type { HostileCase } from "../../../support/hostile/hostileCase.js";
import { HOSTILE_SECRET } from "../../../support/hostile/hostileClient.js";
import { tenantIdOf } from "../../../support/hostile/seedFixture.js";

const key = (secret: string) => new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);
const unauthenticated = (message: RegExp) => ({ code: "UNAUTHENTICATED" as const, status: 401, message });

/** A token with the given claims, signed with the gateway's secret unless told otherwise. */
function signed(claims: Record<string, unknown>, { secret = HOSTILE_SECRET, exp = now() + 600 }: { secret?: string; exp?: number } = {}) {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt().setExpirationTime(exp).sign(key(secret));
}

/** `alg: none`: a token that claims to need no signature. */
function unsigned(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part({ ...claims, exp: now() + 600 })}.`;
}

/** A delete that would empty tenant T1's memories if any of these callers were let in. */
const DELETE_ALL = JSON.stringify({ query: "mutation { deleteMemories { nodesDeleted } }" });

/**
 * Credentials an attacker forges or mangles. Every one is refused before the
 * operation runs (401, UNAUTHENTICATED) and writes nothing.
 */
export async function authenticationCases(): Promise<HostileCase[]> {
  const t1 = tenantIdOf("T1");
  const admin = { sub: "t1-seeder", tenant: t1, roles: ["agent", "admin"] };
  const as = (authorization: string | null) => ({ authorization });
  const bearer = (token: string) => as(`Bearer ${token}`);
  const cases: [string, { authorization: string | null }, RegExp][] = [
    ["no Authorization header", as(null), /bearer token is required/],
    ["an Authorization header carrying Cypher", as("Bearer ' OR 1=1 //"), /must be 'Bearer <token>'/],
    ["a token signed with another secret", bearer(await signed(admin, { secret: "not-the-gateway-secret-0123456789abcdef" })), /signature is not valid/],
    ["an alg: none token", bearer(unsigned(admin)), /^The token is not valid$/],
    ["an expired token", bearer(await signed(admin, { exp: now() - 3600 })), /expired/],
    ["a token without exp", bearer(await new SignJWT(admin).setProtectedHeader({ alg: "HS256" }).sign(key(HOSTILE_SECRET))), /claims are not accepted: .*"exp"/],
    ["a tenant claim carrying Cypher", bearer(await signed({ ...admin, tenant: `${t1}' OR 1=1 //` })), /claim tenant must be a tenant id/],
    ["a sub claim carrying Cypher", bearer(await signed({ ...admin, sub: "x'}) DETACH DELETE n //" })), /claim sub must be an agent id/],
    ["an unknown role", bearer(await signed({ ...admin, roles: ["root"] })), /claim roles must list only/],
    ["a tenant claim that is not a string", bearer(await signed({ ...admin, tenant: { $ne: null } })), /claim tenant must be a tenant id/],
  ];
  return cases.map(([name, sender, message]) => ({ name, as: sender, send: { rawBody: DELETE_ALL }, expect: unauthenticated(message) }));
}
