import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import type { Caller, Role } from "../../../src/core/caller.js";
import { signToken } from "../../../src/auth/tokens.js";

/** Who the matrix sends requests as. */
export type PersonaName = "noToken" | "forged" | "expired" | "otherTenant" | "otherAgent" | "owner" | "approver" | "admin";

export interface Persona {
  name: PersonaName;
  /** How test names say it: "other agent", "an expired token". */
  label: string;
  /** The identity its token claims; null when it sends no token. */
  caller: Caller | null;
  /** The `Authorization` header value; undefined sends none. */
  authorization: string | undefined;
  /** True when the gateway should accept its token. */
  authenticated: boolean;
}

/** The tenants, agents and tokens of one run: unique ids, so the run removes exactly what it wrote. */
export interface Cast {
  run: string;
  tenants: { home: string; other: string };
  all: readonly Persona[];
  byName: Record<PersonaName, Persona>;
}

const HOUR = 3600;
/** Long enough to outlive the run; short enough to be a normal token. */
const TTL = HOUR;

/** A token signed with the right secret whose `exp` passed an hour ago (well beyond the verifier's 5 s tolerance). */
async function expiredToken(secret: string, caller: Caller): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ tenant: caller.tenantId, roles: [...caller.roles] })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(caller.agentId)
    .setIssuedAt(now - 2 * HOUR)
    .setExpirationTime(now - HOUR)
    .sign(new TextEncoder().encode(secret));
}

/**
 * Mints the eight personas of the access matrix for tenants of their own.
 * The other tenant's caller reuses the owner's agent id and is an admin there:
 * only the tenant may tell them apart, and being an admin elsewhere grants nothing here.
 */
export async function castPersonas(secret: string): Promise<Cast> {
  const run = randomUUID().slice(0, 8);
  const home = `t1-${run}`;
  const other = `t2-${run}`;
  const agent = (suffix: string) => `acc-${run}-${suffix}`;
  const caller = (tenantId: string, agentId: string, roles: Role[]): Caller => ({ tenantId, agentId, roles });
  const owner = caller(home, agent("a"), ["agent"]);
  const admin = caller(home, agent("d"), ["agent", "admin"]);
  const bearer = async (c: Caller, key = secret) => `Bearer ${await signToken(key, c, TTL, { issuer: undefined, audience: undefined })}`;
  const signed = async (name: PersonaName, label: string, c: Caller): Promise<Persona> => ({
    name,
    label,
    caller: c,
    authorization: await bearer(c),
    authenticated: true,
  });
  const all: Persona[] = [
    { name: "noToken", label: "a request without a token", caller: null, authorization: undefined, authenticated: false },
    // The forged token claims the most a token can: this tenant's admin.
    {
      name: "forged",
      label: "a token with a forged signature",
      caller: admin,
      authorization: await bearer(admin, `${secret}-but-not-the-gateway-secret`),
      authenticated: false,
    },
    { name: "expired", label: "an expired token", caller: admin, authorization: `Bearer ${await expiredToken(secret, admin)}`, authenticated: false },
    await signed("otherTenant", "other tenant's admin", caller(other, owner.agentId, ["agent", "admin"])),
    await signed("otherAgent", "other agent", caller(home, agent("b"), ["agent"])),
    await signed("owner", "the owner", owner),
    await signed("approver", "approver", caller(home, agent("c"), ["agent", "approver"])),
    await signed("admin", "admin", admin),
  ];
  const byName = Object.fromEntries(all.map((p) => [p.name, p])) as Record<PersonaName, Persona>;
  return { run, tenants: { home, other }, all, byName };
}
