import type { Driver } from "neo4j-driver";

const SAFE_LABEL = /^[A-Z][A-Za-z0-9]*$/;

/**
 * @neo4j/graphql reports a uniqueness violation only as "Constraint validation
 * failed". On that (rare) path, this asks the database which of the ids the
 * request tried to write are taken, so the client hears which one collided.
 */
export async function describeConflict(
  driver: Driver,
  database: string,
  label: string | undefined,
  tenantId: string,
  ids: string[],
): Promise<string> {
  if (!label || !SAFE_LABEL.test(label) || ids.length === 0) {
    return "A node with the same id already exists in this tenant: ids must be unique per type";
  }
  const { records } = await driver.executeQuery(
    `MATCH (n:${label}) WHERE n.tenantId = $tenantId AND n.id IN $ids RETURN n.id AS id`,
    { tenantId, ids },
    { database, routing: "READ" },
  );
  const taken = records.map((r) => String(r.get("id")));
  if (taken.length === 0) return `A ${label} with the same id already exists in this tenant`;
  return `${label}.id must be unique: ${taken.map((id) => JSON.stringify(id)).join(", ")} already exists`;
}
