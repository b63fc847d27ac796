import type { Driver } from "neo4j-driver";
import { VECTOR_PROPERTIES } from "../../../src/transfer/transferFormat.js";

/**
 * What the embedding worker writes in the background after a write, on nodes
 * and on fact relationships (the vectors and its record of them, the status,
 * and the search keys with their index terms): not a change made by the
 * request under test, so comparisons leave it out.
 */
export const EMBEDDING_BOOKKEEPING = [...VECTOR_PROPERTIES, "embeddingStatus", "keys", "keyTerms"];

/**
 * Reads nodes straight from Neo4j, bypassing the gateway and its rules: what
 * a write really did, whatever the response said.
 */
export class StoredNodes {
  constructor(
    private readonly driver: Driver,
    private readonly tenants: readonly string[],
  ) {}

  /** Each node's properties, serialised, by id; a missing id means no such node. */
  async byId(ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
    const { records } = await this.driver.executeQuery(
      "MATCH (n) WHERE n.id IN $ids AND n.tenantId IN $tenants RETURN n.id AS id, apoc.map.removeKeys(properties(n), $bookkeeping) AS props",
      { ids, tenants: this.tenants, bookkeeping: EMBEDDING_BOOKKEEPING },
    );
    return new Map(records.map((r) => [r.get("id") as string, plain(r.get("props") as Record<string, unknown>)]));
  }

  /** Serialised state of these nodes, to compare before and after a write that must change nothing. */
  async fingerprint(ids: readonly string[]): Promise<string> {
    const nodes = await this.byId(ids);
    return JSON.stringify([...nodes.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** Nodes with this label in the run's tenants. */
  async count(label: string): Promise<number> {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(label)) throw new Error(`Not a label: ${label}`);
    const { records } = await this.driver.executeQuery(`MATCH (n:\`${label}\`) WHERE n.tenantId IN $tenants RETURN count(n) AS n`, {
      tenants: this.tenants,
    });
    return Number(records[0]!.get("n"));
  }

  /** API keys stored under this name, in any tenant. */
  async apiKeysNamed(name: string): Promise<number> {
    const { records } = await this.driver.executeQuery("MATCH (k:ApiKey { name: $name }) RETURN count(k) AS n", { name });
    return Number(records[0]!.get("n"));
  }

  /** Every node in the database: an unauthenticated request must not move it. */
  async total(): Promise<number> {
    const { records } = await this.driver.executeQuery("MATCH (n) RETURN count(n) AS n");
    return Number(records[0]!.get("n"));
  }

  /** Removes everything the run wrote: its tenants are its own. */
  async removeAll(): Promise<void> {
    await this.driver.executeQuery("MATCH (n) WHERE n.tenantId IN $tenants DETACH DELETE n", { tenants: this.tenants });
  }
}

/** Driver values (temporal types, integers) as strings, so properties compare as plain JSON. */
function plain(props: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(props)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, v !== null && typeof v === "object" && !Array.isArray(v) ? String(v) : v]),
  );
}
