import type { GraphQLInterfaceType, GraphQLObjectType, GraphQLSchema } from "graphql";
import { ownedTypes, type CrudKind, type InterfaceClass, type NodeClass, type RootField } from "./classifyRootFields.js";
import type { PersonaName } from "./personas.js";

export type { CrudKind, NodeClass };

/** A generated root field the matrix calls: its name and class. */
export interface PlannedField {
  name: string;
  cls: NodeClass;
}

/** The generated fields of one `Owned` type. */
export interface TypePlan {
  node: GraphQLObjectType;
  fields: Partial<Record<CrudKind, PlannedField>>;
}

export interface InterfacePlan {
  node: GraphQLInterfaceType;
  name: string;
  connection: boolean;
}

export const CRUD_KINDS: readonly CrudKind[] = ["list", "connection", "create", "update", "delete"];

const isInterfaceClass = (cls: NodeClass | InterfaceClass): cls is InterfaceClass =>
  cls.kind === "interfaceList" || cls.kind === "interfaceConnection";

/** Groups the classified root fields by the type they serve. */
export function planMatrix(schema: GraphQLSchema, roots: readonly RootField[]): { types: TypePlan[]; interfaces: InterfacePlan[] } {
  const types = ownedTypes(schema).map((node): TypePlan => ({ node, fields: {} }));
  const interfaces: InterfacePlan[] = [];
  for (const { field, class: cls } of roots) {
    if (!cls || cls.kind === "custom") continue;
    if (isInterfaceClass(cls)) {
      interfaces.push({ node: cls.node, name: field.name, connection: cls.kind === "interfaceConnection" });
      continue;
    }
    types.find((t) => t.node === cls.node)!.fields[cls.kind] = { name: field.name, cls };
  }
  return { types, interfaces };
}

/**
 * The states a fixture goes through, and who may read it in each: the READ
 * rule of src/auth/accessRules.ts written as a table. Nobody of another
 * tenant reads anything, whatever its roles.
 */
export const READERS = {
  PRIVATE: ["owner", "admin"],
  SHARED: ["owner", "admin", "otherAgent", "approver"],
  "PRIVATE but shared with other agent": ["owner", "admin", "otherAgent"],
} as const satisfies Record<string, readonly PersonaName[]>;

export type VisibilityState = keyof typeof READERS;

/** Who may update or delete a node: its owner, and an admin of its tenant. */
export const WRITERS: readonly PersonaName[] = ["owner", "admin"];
