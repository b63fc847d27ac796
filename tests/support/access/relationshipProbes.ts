import {
  getNamedType,
  isInputObjectType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from "graphql";
import type { RuleTable } from "../../../src/schema/inputRules.js";
import type { TypePlan } from "./accessPlan.js";
import { minimalCreateInput } from "./minimalCreateInput.js";
import { leafSelection, type Operation } from "./operations.js";

/**
 * Relationships no generated mutation may write (`@settable(onCreate: false,
 * onUpdate: false)`): only server code links them, so the matrix cannot.
 */
export const SERVER_WRITTEN_RELATIONSHIPS: readonly string[] = [
  "WorkflowImprovement.approvedBy",
  // Game sessions, turns and screenshots are linked only by startSession and recordTurn (src/game/);
  // tests/integration/game/ and the matrix's ownerOrAdmin block cover who reaches them.
  "GameSession.turns",
  "GameSession.player",
  "Turn.session",
  "Turn.screenshot",
  "Screenshot.turn",
];

/** A relationship from one `Owned` type to another (or to an interface of them), as the matrix probes it. */
export interface RelationshipPlan {
  /** `Agent.memories`. */
  coordinate: string;
  root: TypePlan;
  field: string;
  target: GraphQLObjectType | GraphQLInterfaceType;
}

/**
 * Relationship fields of `Owned` types, recognised by their generated
 * `<field>Connection` sibling; `creatable` are those a nested create can write,
 * the others (set only by the server) are listed so the matrix can say so.
 */
export function relationshipPlans(schema: GraphQLSchema, types: readonly TypePlan[]): { creatable: RelationshipPlan[]; notCreatable: string[] } {
  const creatable: RelationshipPlan[] = [];
  const notCreatable: string[] = [];
  for (const root of types) {
    const createInput = schema.getType(`${root.node.name}CreateInput`);
    const fields = root.node.getFields();
    for (const [name, field] of Object.entries(fields)) {
      const target = getNamedType(field.type);
      if (!fields[`${name}Connection`] || !(isObjectType(target) || isInterfaceType(target))) continue;
      const coordinate = `${root.node.name}.${name}`;
      if (isInputObjectType(createInput) && createInput.getFields()[name]) creatable.push({ coordinate, root, field: name, target });
      else notCreatable.push(coordinate);
    }
  }
  return { creatable, notCreatable };
}

export interface LinkedFixture {
  rootId: string;
  targetId: string;
  /** The target's id and unique strings: they must never reach anyone it is not shared with. */
  secrets: string[];
}

/**
 * The input of a SHARED root node that creates, through the relationship, one
 * PRIVATE target (the first implementation when the target is an interface),
 * with the relationship's required properties when it has any.
 */
export function linkedCreateInput(schema: GraphQLSchema, rules: RuleTable, plan: RelationshipPlan, nextUnique: () => string) {
  const root = minimalCreateInput(schema, rules, plan.root.node.name, nextUnique);
  const rootInput = schema.getType(`${plan.root.node.name}CreateInput`);
  const fieldInput = isInputObjectType(rootInput) ? getNamedType(rootInput.getFields()[plan.field]!.type) : undefined;
  const createField = isInputObjectType(fieldInput) ? fieldInput.getFields().create : undefined;
  const createInput = createField && getNamedType(createField.type);
  if (!isInputObjectType(createInput)) throw new Error(`${plan.coordinate} takes no nested create: add it to the matrix`);
  const { node: nodeField, edge: edgeField } = createInput.getFields();
  const nodeInput = getNamedType(nodeField!.type);
  // An interface target is created as one of its implementations: `{ Concept: { … } }`.
  const concrete = isInterfaceType(plan.target) && isInputObjectType(nodeInput) ? Object.keys(nodeInput.getFields())[0]! : plan.target.name;
  const target = minimalCreateInput(schema, rules, concrete, nextUnique);
  const privateTarget = { ...target.input, visibility: "PRIVATE" };
  const node = isInterfaceType(plan.target) ? { [concrete]: privateTarget } : privateTarget;
  const edgeType = edgeField ? getNamedType(edgeField.type).name.replace(/CreateInput$/, "") : undefined;
  const edge = edgeField && isNonNullType(edgeField.type) ? minimalCreateInput(schema, rules, edgeType!, nextUnique).input : undefined;
  return {
    input: { ...root.input, visibility: "SHARED", [plan.field]: { create: [{ node, ...(edge ? { edge } : {}) }] } },
    targetSecrets: target.secrets,
  };
}

/** The owner's create of a linked pair, returning both ids. */
export function linkedCreateMutation(plan: RelationshipPlan, input: Record<string, unknown>): Operation {
  const create = plan.root.fields.create!;
  return {
    query: `mutation ($input: [${plan.root.node.name}CreateInput!]!) { ${create.name}(input: $input) { ${create.cls.responseField} { id ${plan.field} { id } } } }`,
    variables: { input: [input] },
  };
}

/** Whether the relationship's connection offers an aggregate (interface targets carry `aggregate: false`). */
export function hasAggregate(plan: RelationshipPlan): boolean {
  const connection = plan.root.node.getFields()[`${plan.field}Connection`];
  const type = connection ? getNamedType(connection.type) : undefined;
  return !!type && "getFields" in type && "aggregate" in type.getFields();
}

/** Reads the root and what it links through the relationship: list, connection edges, total and aggregate count. */
export function readThrough(plan: RelationshipPlan, rootId: string): Operation {
  const list = plan.root.fields.list!.name;
  const aggregate = hasAggregate(plan) ? "aggregate { count { nodes } }" : "";
  return {
    query: `query ($root: ID!) { ${list}(where: { id: { eq: $root } }) { id ${plan.field} { ${leafSelection(plan.target)} } ${plan.field}Connection { totalCount edges { node { id } } ${aggregate} } } }`,
    variables: { root: rootId },
  };
}

/**
 * Filters the root by what it links, four ways: `some`, `none`, `all` and a
 * connection filter. To someone who may not read the target, each must answer
 * as if the target were not there (so `all` holds vacuously).
 */
export function filterThrough(plan: RelationshipPlan, rootId: string, targetId: string): Operation {
  const list = plan.root.fields.list!.name;
  const f = plan.field;
  const where = (extra: string) => `${list}(where: { id: { eq: $root }, ${extra} }) { id }`;
  return {
    query: `query ($root: ID!, $target: ID!) {
      some: ${where(`${f}: { some: { id: { eq: $target } } }`)}
      none: ${where(`${f}: { none: { id: { eq: $target } } }`)}
      all: ${where(`${f}: { all: { id: { eq: $target } } }`)}
      connection: ${where(`${f}Connection: { some: { node: { id: { eq: $target } } } }`)}
    }`,
    variables: { root: rootId, target: targetId },
  };
}

/** Filters the root by a count of what it links: refused to non-admins, since the count would include unreadable nodes. */
export function countThrough(plan: RelationshipPlan, rootId: string): Operation {
  const list = plan.root.fields.list!.name;
  return {
    query: `query ($root: ID!) { ${list}(where: { id: { eq: $root }, ${plan.field}Connection: { aggregate: { count: { nodes: { gt: 0 } } } } }) { id } }`,
    variables: { root: rootId },
  };
}
