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

/** Every node and relationship as a line (labels or type, ends, properties without bookkeeping), keyed stably: what a fingerprint failure names. */
export type GraphSnapshot = Map<string, string>;

export async function graphSnapshot(driver: Driver): Promise<GraphSnapshot> {
  const { records } = await driver.executeQuery(
    `CALL () {
       MATCH (n)
       RETURN 'node ' + apoc.text.join(apoc.coll.sort(labels(n)), ':') + ' ' + coalesce(n.tenantId, '-') + '/' + coalesce(n.id, elementId(n)) AS key,
              apoc.convert.toJson(apoc.map.removeKeys(properties(n), $bookkeeping)) AS value
       UNION ALL
       MATCH (a)-[r]->(b)
       RETURN 'rel ' + type(r) + ' ' + coalesce(a.id, elementId(a)) + '->' + coalesce(b.id, elementId(b)) + ' ' + elementId(r) AS key,
              apoc.convert.toJson(apoc.map.removeKeys(properties(r), $bookkeeping)) AS value
     }
     RETURN key, value`,
    { bookkeeping: EMBEDDING_BOOKKEEPING },
  );
  return new Map(records.map((r) => [r.get("key") as string, r.get("value") as string]));
}

/** The lines two snapshots differ in, for an assertion's message. */
export function snapshotChanges(before: GraphSnapshot, after: GraphSnapshot): string {
  const lines: string[] = [];
  for (const [key, value] of before) {
    if (!after.has(key)) lines.push(`- ${key} ${value}`);
    else if (after.get(key) !== value) lines.push(`~ ${key}\n    was ${value}\n    now ${after.get(key)}`);
  }
  for (const [key, value] of after) if (!before.has(key)) lines.push(`+ ${key} ${value}`);
  return lines.length ? lines.join("\n") : "(no property outside the bookkeeping differs)";
}
