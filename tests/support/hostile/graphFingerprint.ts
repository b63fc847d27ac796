import type { Driver } from "neo4j-driver";
import { EMBEDDING_BOOKKEEPING } from "../access/storedNodes.js";

/** What a hostile request must leave exactly as it found: counts and a checksum of everything. */
export interface GraphFingerprint {
  nodes: number;
  relationships: number;
  /** MD5 over labels, types and every property, independent of internal ids. */
  checksum: string;
}

/**
 * The whole database, through APOC Core's `apoc.hashing.fingerprintGraph()`:
 * node hashes (labels + properties) sorted, each with its relationships
 * (type + properties + other end). Suitable for the small test graph only.
 * The embedding worker's bookkeeping is left out (see EMBEDDING_BOOKKEEPING).
 */
export async function graphFingerprint(driver: Driver): Promise<GraphFingerprint> {
  const { records } = await driver.executeQuery(
    `CALL () { MATCH (n) RETURN count(n) AS nodes }
     CALL () { MATCH ()-[r]->() RETURN count(r) AS relationships }
     RETURN nodes, relationships, apoc.hashing.fingerprintGraph($bookkeeping) AS checksum`,
    { bookkeeping: EMBEDDING_BOOKKEEPING },
  );
  return read(records[0]!.toObject());
}

/**
 * One tenant's part of the graph: its nodes, and every relationship that
 * touches one of them (so an edge from another tenant into it changes it).
 * Order-independent: hashes are sorted before they are combined.
 */
export async function tenantFingerprint(driver: Driver, tenantId: string): Promise<GraphFingerprint> {
  const { records } = await driver.executeQuery(
    `CALL () {
       MATCH (n) WHERE n.tenantId = $tenantId
       RETURN count(n) AS nodes, collect(apoc.hashing.fingerprint(n, $bookkeeping)) AS nodeHashes
     }
     CALL () {
       MATCH (a)-[r]->(b) WHERE a.tenantId = $tenantId OR b.tenantId = $tenantId
       RETURN count(r) AS relationships,
              collect(apoc.hashing.fingerprint([type(r), apoc.hashing.fingerprint(r, $bookkeeping), apoc.hashing.fingerprint(a, $bookkeeping), apoc.hashing.fingerprint(b, $bookkeeping)])) AS relHashes
     }
     RETURN nodes, relationships, apoc.hashing.fingerprint([apoc.coll.sort(nodeHashes), apoc.coll.sort(relHashes)]) AS checksum`,
    { tenantId, bookkeeping: EMBEDDING_BOOKKEEPING },
  );
  return read(records[0]!.toObject());
}

function read(row: Record<string, unknown>): GraphFingerprint {
  return { nodes: Number(row.nodes), relationships: Number(row.relationships), checksum: String(row.checksum) };
}
