/** What a caller may be allowed to do beyond being an agent. */
export type Role = "agent" | "approver" | "admin";

/** Every role there is. */
export const ROLES: readonly Role[] = ["agent", "approver", "admin"];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * Who is making a request: the tenant it lives in, the agent it acts as, and
 * its roles. Ownership fields of every written node come from here, never from
 * the request's input.
 */
export interface Caller {
  tenantId: string;
  agentId: string;
  roles: readonly Role[];
  /**
   * The operator of the whole gateway, not of a tenant: may run raw Cypher,
   * which reads every tenant. Set only from a token signed with the gateway's
   * own secret that carries `operator: true` (never issued for an API key), or
   * on the loopback-only local setups. No tenant role implies it.
   */
  operator?: boolean;
}

/** What an agent or tenant id may look like, in tokens, headers and API keys alike. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/;

/** Tenant of the embedded single-user setup. */
export const LOCAL_TENANT = "local";
/** Agent id used when a local request names none. */
export const LOCAL_AGENT = "local-dev";
