import { Kind, parse, type ConstDirectiveNode, type DocumentNode, type ObjectTypeDefinitionNode } from "graphql";
import { grantsAuthorization } from "./readRule.js";

/**
 * Who may do what with an owned node, as @neo4j/graphql rules. Filters are
 * OR-ed per operation, so a node is:
 * - read (and linked to) by agents of its tenant the READ rule lets in
 *   (readRule.ts: theirs, SHARED, or shared with them by id);
 * - updated, deleted or unlinked only by its owner;
 * - anything to an admin of its tenant;
 * - never visible across tenants. Creation is checked after the write: the
 *   owner stamped from the token must be the caller.
 * A forbidden read or write matches nothing rather than failing, so it can
 * never tell another tenant's ids from absent ones.
 */
export const OWNED_RULES = `@authorization(
  filter: [
    {
      operations: [READ, AGGREGATE, CREATE_RELATIONSHIP]
      where: { node: { tenantId: { eq: "$jwt.tenant" }, OR: [${grantsAuthorization()}] } }
    }
    {
      operations: [UPDATE, DELETE, DELETE_RELATIONSHIP]
      where: { node: { tenantId: { eq: "$jwt.tenant" }, ownerId: { eq: "$jwt.sub" } } }
    }
    { where: { jwt: { roles: { includes: "admin" } }, node: { tenantId: { eq: "$jwt.tenant" } } } }
  ]
  validate: [
    { when: [AFTER], operations: [CREATE], where: { node: { tenantId: { eq: "$jwt.tenant" }, ownerId: { eq: "$jwt.sub" } } } }
  ]
)`;

const rulesDirective: ConstDirectiveNode = (() => {
  const doc = parse(`type Template ${OWNED_RULES} { id: ID }`);
  const def = doc.definitions[0] as ObjectTypeDefinitionNode;
  return def.directives![0]!;
})();

function implementsOwned(def: ObjectTypeDefinitionNode): boolean {
  return def.interfaces?.some((i) => i.name.value === "Owned") ?? false;
}

/**
 * Adds the owned-node rules to every type that implements `Owned`, so a type
 * added later is protected without anyone remembering to. A type that declares
 * its own @authorization keeps it (and must be covered by the access matrix).
 */
export function withAccessRules(document: DocumentNode): DocumentNode {
  return {
    ...document,
    definitions: document.definitions.map((def) => {
      if (def.kind !== Kind.OBJECT_TYPE_DEFINITION || !implementsOwned(def)) return def;
      if (def.directives?.some((d) => d.name.value === "authorization")) return def;
      return { ...def, directives: [...(def.directives ?? []), rulesDirective] };
    }),
  };
}
