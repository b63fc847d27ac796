import { Kind, type DocumentNode, type ObjectTypeDefinitionNode } from "graphql";
import { directiveName, hasDirective } from "../core/sdlDirectives.js";
import type { Migration } from "../graph/migrations/migration.js";

/** Relationship-property fields stamped when the link is made (`@populatedBy(callback: "stampNow")`). */
const STAMP_CALLBACK = "stampNow";

const SAFE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Every relationship type whose properties carry a link stamp, with the stamped property:
 * `[["EVOLVED_INTO", "at"], ["REVIEWED", "reviewedAt"], ...]`, read from the SDL.
 */
export function stampedLinks(document: DocumentNode): [type: string, property: string][] {
  const objects = document.definitions.filter((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION);
  const stampOf = new Map<string, string>();
  for (const type of objects) {
    if (!hasDirective(type, "relationshipProperties")) continue;
    const stamped = type.fields?.find((f) => directiveName(f, "populatedBy", "callback") === STAMP_CALLBACK);
    if (stamped) stampOf.set(type.name.value, stamped.name.value);
  }
  const links = new Map<string, string>();
  for (const field of objects.flatMap((o) => o.fields ?? [])) {
    const relType = directiveName(field, "relationship", "type");
    const property = stampOf.get(directiveName(field, "relationship", "properties") ?? "");
    if (relType && property) links.set(`${relType}.${property}`, relType);
  }
  return [...links].map(([key, relType]) => [relType, key.slice(relType.length + 1)] as [string, string]).sort();
}

/**
 * Links made by a nested `connect` before their stamp became a `@populatedBy` field were written
 * without it, and reading the non-null field failed. They get the later of their two nodes'
 * creation times (when the link could first have been made), else the time of the migration.
 */
export function linkStampBackfill(document: DocumentNode): Migration[] {
  return stampedLinks(document).map(([relType, property]) => {
    if (!SAFE_NAME.test(relType) || !SAFE_NAME.test(property)) throw new Error(`Refusing unsafe name in a migration: ${relType}.${property}`);
    return {
      name: `${relType.toLowerCase()}_${property.toLowerCase()}_backfill`,
      data: true,
      cypher: `MATCH (a)-[r:${relType}]->(b) WHERE r.${property} IS NULL
      CALL (a, r, b) { SET r.${property} = coalesce(CASE WHEN a.createdAt > b.createdAt THEN a.createdAt ELSE b.createdAt END, a.createdAt, datetime()) } IN TRANSACTIONS OF 5000 ROWS`,
    };
  });
}
