import { createHash, randomBytes, randomUUID } from "node:crypto";
import { executor, type GraphTarget } from "../graph/executor.js";
import { RowShapeError, type Row } from "../graph/statement.js";
import { isRole, type Caller, type Role } from "../core/caller.js";

/** What may be shown about a key; the key itself is shown once, at creation. */
export interface ApiKeyInfo {
  id: string;
  tenantId: string;
  agentId: string;
  roles: Role[];
  name: string | null;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** Keys are 256 random bits, so a plain SHA-256 is enough to store them (no salt/stretching needed). */
export const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

const FIELDS = `k.id AS id, k.tenantId AS tenantId, k.agentId AS agentId, k.roles AS roles, k.name AS name,
  k.prefix AS prefix, toString(k.createdAt) AS createdAt, toString(k.revokedAt) AS revokedAt, toString(k.lastUsedAt) AS lastUsedAt`;

function toInfo(row: Row): ApiKeyInfo {
  const roles = row.strings("roles");
  if (!roles.every(isRole)) throw new RowShapeError("roles", "a list of roles", roles);
  return {
    id: row.string("id"),
    tenantId: row.string("tenantId"),
    agentId: row.string("agentId"),
    roles,
    name: row.stringOrNull("name"),
    prefix: row.string("prefix"),
    createdAt: row.string("createdAt"),
    revokedAt: row.stringOrNull("revokedAt"),
    lastUsedAt: row.stringOrNull("lastUsedAt"),
  };
}

/**
 * API keys of service clients, stored hashed as `:ApiKey` nodes. They are not
 * part of the GraphQL schema's generated CRUD: only these functions touch them.
 */
export function apiKeyStore(driver: GraphTarget["driver"], database: string) {
  const graph = executor({ driver, database });
  // Each in a managed transaction of its own, retried whole on a transient error.
  const run = (cypher: string, params: Record<string, unknown>, mode: "READ" | "WRITE" = "WRITE") => {
    const statement = { cypher, params, decode: toInfo };
    return mode === "READ" ? graph.readTransaction((tx) => tx.run(statement)) : graph.writeTransaction((tx) => tx.run(statement));
  };
  return {
    async create(owner: Caller, agentId: string, roles: Role[], name: string | null) {
      const key = `mk_${randomBytes(32).toString("base64url")}`;
      const [info] = await run(
        // No Agent node here: an agent given a key registers itself with createAgents (the client package's
        // documented first step), which a node made here would refuse as a duplicate. Its first memoryStore or
        // recordInteraction makes one if it never registers.
        `CREATE (k:ApiKey { id: $id, tenantId: $tenantId, agentId: $agentId, roles: $roles, name: $name,
           prefix: $prefix, hash: $hash, createdBy: $createdBy, createdAt: datetime() })
         RETURN ${FIELDS}`,
        { id: randomUUID(), tenantId: owner.tenantId, agentId, roles, name, prefix: key.slice(0, 10), hash: hashKey(key), createdBy: owner.agentId },
      );
      return { key, info: info! };
    },
    /** The live key with this secret, marking it used; null when unknown or revoked. */
    async findByKey(key: string): Promise<ApiKeyInfo | null> {
      const [info] = await run(
        `MATCH (k:ApiKey { hash: $hash }) WHERE k.revokedAt IS NULL SET k.lastUsedAt = datetime() RETURN ${FIELDS}`,
        { hash: hashKey(key) },
      );
      return info ?? null;
    },
    async revoke(tenantId: string, id: string): Promise<ApiKeyInfo | null> {
      const [info] = await run(
        `MATCH (k:ApiKey { id: $id, tenantId: $tenantId }) SET k.revokedAt = coalesce(k.revokedAt, datetime()) RETURN ${FIELDS}`,
        { id, tenantId },
      );
      return info ?? null;
    },
    async list(tenantId: string): Promise<ApiKeyInfo[]> {
      return run(`MATCH (k:ApiKey { tenantId: $tenantId }) RETURN ${FIELDS} ORDER BY k.createdAt`, { tenantId }, "READ");
    },
  };
}

export type ApiKeyStore = ReturnType<typeof apiKeyStore>;
