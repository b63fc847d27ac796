import { RETRIEVAL_TOOLS } from "../../../src/retrieveContext/tools/retrievalTools.js";
import {
  getNamedType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from "graphql";

export type OperationType = "query" | "mutation" | "subscription";

export type CrudKind = "list" | "connection" | "create" | "update" | "delete";

/** Generated CRUD of one `Owned` type; mutations name the field of their response that lists the nodes. */
export interface NodeClass {
  kind: CrudKind;
  node: GraphQLObjectType;
  responseField?: string;
}

/** A generated query of an interface whose every implementation is `Owned`. */
export interface InterfaceClass {
  kind: "interfaceList" | "interfaceConnection";
  node: GraphQLInterfaceType;
}

/** What a root field does, as far as access is concerned. */
export type FieldClass = NodeClass | InterfaceClass | { kind: "custom"; rule: CustomRule };

/** Hand-written root fields and the rule they follow. */
export type CustomRule =
  | "adminOnly"
  /** The gateway's operator only (a token signed with the gateway's secret carrying `operator: true`); no tenant role, admin included. */
  | "operatorOnly"
  /** Any agent of the tenant may call it; it returns only nodes the READ rule lets the caller see (tests/integration/tools/). */
  | "readsVisibleToCaller"
  /** Writes for an agent: only that agent itself or an admin (recordInteraction). */
  | "selfOrAdmin"
  /** Any agent of the tenant may call it; it links only nodes the caller may read and creates nodes stamped as the caller's (assertFacts). */
  | "writesVisibleToCaller"
  /**
   * The approval gate: only on an improvement the caller may read (else NOT_FOUND); the owner or an admin submits,
   * only an approver other than the owner reviews (else FORBIDDEN) (src/workflow/workflowTransitions.ts).
   */
  | "workflowGate"
  /**
   * Acts on a node the caller may read (else NOT_FOUND) that only its owner or an admin may change (else FORBIDDEN);
   * what it writes belongs to that node's owner (recordTurn on a game session: src/game/).
   */
  | "ownerOrAdmin";

/**
 * Every hand-written root field and its access rule. A root field that is
 * neither generated CRUD of an `Owned` type nor listed here has no expectation,
 * and the matrix fails until someone adds it here and says in
 * tests/integration/access/accessMatrix.test.ts who may call it.
 */
export const CUSTOM_FIELDS: Readonly<Record<string, CustomRule>> = {
  /** A retrieval tool (core/retrievalTool.ts) reads only what the caller may read: a new one is classified by its declaration. */
  ...Object.fromEntries(RETRIEVAL_TOOLS.map((t) => [`Query.${t.field}`, "readsVisibleToCaller" as const])),
  "Query.apiKeys": "adminOnly",
  "Mutation.createApiKey": "adminOnly",
  "Mutation.revokeApiKey": "adminOnly",
  /** The caller itself, from its credentials; its Agent node only through the READ rule. */
  "Query.whoami": "readsVisibleToCaller",
  "Query.searchMemories": "readsVisibleToCaller",
  "Mutation.recordMemories": "selfOrAdmin",
  "Mutation.recordMessages": "selfOrAdmin",
  "Query.memoryContext": "readsVisibleToCaller",
  "Query.agentMemories": "readsVisibleToCaller",
  "Query.memoriesForConversation": "readsVisibleToCaller",
  "Query.agentRelationships": "readsVisibleToCaller",
  "Query.relevantMemoriesForTask": "readsVisibleToCaller",
  "Query.agentContextForTask": "readsVisibleToCaller",
  "Query.recentMessages": "readsVisibleToCaller",
  "Query.searchMessages": "readsVisibleToCaller",
  "Mutation.recordInteraction": "selfOrAdmin",
  "Mutation.recordSignificantInteraction": "selfOrAdmin",
  "Query.personProfile": "readsVisibleToCaller",
  "Query.personSummary": "readsVisibleToCaller",
  "Query.peopleBySkill": "readsVisibleToCaller",
  "Query.peopleByOrganization": "readsVisibleToCaller",
  "Query.relationshipsBetween": "readsVisibleToCaller",
  "Query.peopleByTopic": "readsVisibleToCaller",
  "Query.peopleConnectedTo": "readsVisibleToCaller",
  "Query.personTimeline": "readsVisibleToCaller",
  "Query.peopleByLocation": "readsVisibleToCaller",
  "Query.conversationParticipants": "readsVisibleToCaller",
  "Query.findExperts": "readsVisibleToCaller",
  "Query.semanticSearchFacts": "readsVisibleToCaller",
  "Query.peopleByName": "readsVisibleToCaller",
  "Query.factContradictions": "readsVisibleToCaller",
  "Mutation.assertFacts": "writesVisibleToCaller",
  /** Reads through the tools (each applies the READ rule); writes only the caller's own RetrievalRun (tests/integration/retrieveContext/). */
  "Mutation.retrieveContext": "readsVisibleToCaller",
  /** Feedback on a run the caller may read (else NOT_FOUND), only by its owner or an admin (else FORBIDDEN) (tests/integration/retrieveContext/runLog.test.ts). */
  "Mutation.markRetrievalRun": "ownerOrAdmin",
  /**
   * A tenant's caller's Cypher is rewritten so every node pattern carries the READ rule; the operator's is
   * unscoped; CYPHER_TOOL=operator/off narrows it (tests/integration/tools/cypherScoped.test.ts: every way out, refused or confined).
   */
  "Query.cypherQuery": "readsVisibleToCaller",
  "Mutation.transitionWorkflowImprovement": "workflowGate",
  /** The agent itself or an admin (else FORBIDDEN); delivers only events of nodes the agent could read (tests/integration/feed/knowledgeFeed.test.ts). */
  "Subscription.knowledgeFeed": "selfOrAdmin",
  "Mutation.startSession": "selfOrAdmin",
  "Mutation.endSession": "ownerOrAdmin",
  "Mutation.heartbeatSession": "ownerOrAdmin",
  "Mutation.recordTurn": "ownerOrAdmin",
  "Query.recentTurns": "readsVisibleToCaller",
  "Query.gameTurns": "readsVisibleToCaller",
  "Query.gameMemoryContext": "readsVisibleToCaller",
  /** Reflection writes for an agent: the agent itself or an admin (tests/integration/beliefs/). */
  "Mutation.reflect": "selfOrAdmin",
  "Mutation.memoryReflect": "selfOrAdmin",
  /** Creates knowledge stamped as the caller's (tests/integration/beliefs/memoryTools.test.ts). */
  "Mutation.memoryStore": "writesVisibleToCaller",
  /** Pools a knowledge node the caller may read (else NOT_FOUND) and owns, or any as an admin (else FORBIDDEN). */
  "Mutation.memoryShare": "ownerOrAdmin",
  "Mutation.supersedeBelief": "ownerOrAdmin",
  /** Knowledge queries (src/knowledge/, tests/integration/knowledge/): only knowledge the READ rule lets the caller see; another agent's view only for an admin. */
  "Query.memoryQuery": "readsVisibleToCaller",
  "Query.unseenKnowledge": "readsVisibleToCaller",
  "Query.discoverKnowledge": "readsVisibleToCaller",
  "Query.synthesisOpportunities": "readsVisibleToCaller",
  "Query.processHealth": "readsVisibleToCaller",
  "Query.heartbeatChecklist": "readsVisibleToCaller",
  "Query.knowledgeRank": "readsVisibleToCaller",
  "Query.knowledgeCommunities": "readsVisibleToCaller",
  /** Links the caller's own Agent node (ACCESSED) only to knowledge it may read. */
  "Mutation.markKnowledgeAccessed": "writesVisibleToCaller",
  "Mutation.markKnowledgeApplied": "writesVisibleToCaller",
  "Mutation.installSquadDefaults": "adminOnly",
  /** A tenant's export and import hold every agent's data: its admin, or the operator for any tenant (tests/integration/cli/cliExport.test.ts, src/transfer/transferAccess.ts). */
  "Query.exportTenantPage": "adminOnly",
  "Mutation.importTenantLines": "adminOnly",
  /** The extraction queue of the caller's tenant; the pause is one switch for every tenant (tests/integration/extraction/extractionStage.test.ts). */
  "Query.extractionState": "adminOnly",
  "Mutation.queueExtraction": "adminOnly",
  "Mutation.pauseExtraction": "operatorOnly",
  /** Closes a fact the caller may read (else NOT_FOUND), keeping it with the reason. */
  "Mutation.retractFact": "writesVisibleToCaller",
  /** Correct and forget what the caller may read (else NOT_FOUND) and owns, or any as an admin (else FORBIDDEN) (tests/integration/forget/). */
  "Mutation.forgetMemory": "ownerOrAdmin",
  "Mutation.correctMemory": "ownerOrAdmin",
  "Mutation.erasePerson": "adminOnly",
};

/**
 * `Owned` types without a generated create: their nodes are written only by
 * the hand-written mutation named here, which validates what generated CRUD
 * could not (schema/game.graphql). The matrix writes their fixtures through it.
 */
export const CREATED_BY_CUSTOM_MUTATION: Readonly<Record<string, string>> = {
  GameSession: "Mutation.startSession",
  Turn: "Mutation.recordTurn",
  Screenshot: "Mutation.recordTurn",
};

export interface RootField {
  operation: OperationType;
  /** `Query.agents`, `Mutation.createApiKey`. */
  coordinate: string;
  field: GraphQLField<unknown, unknown>;
  /** Undefined when the field matches no known class. */
  class: FieldClass | undefined;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** `[T!]!` and nothing else. */
function listOf(type: GraphQLOutputType): GraphQLNamedType | undefined {
  if (!isNonNullType(type) || !isListType(type.ofType)) return undefined;
  const item: GraphQLOutputType = type.ofType.ofType;
  return isNonNullType(item) && !isListType(item.ofType) ? item.ofType : undefined;
}

/** The node type of a generated connection (`AgentsConnection { edges { node } }`) named after its field. */
function connectionNode(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>): GraphQLNamedType | undefined {
  const type = getNamedType(field.type);
  if (!isObjectType(type) || type.name !== upperFirst(field.name)) return undefined;
  const edges = type.getFields().edges;
  const edge = edges && listOf(edges.type);
  if (!edge || !isObjectType(edge)) return undefined;
  const node = edge.getFields().node;
  return node ? schema.getType(getNamedType(node.type).name) ?? undefined : undefined;
}

const argType = (field: GraphQLField<unknown, unknown>, name: string) => {
  const arg = field.args.find((a) => a.name === name);
  return arg ? getNamedType(arg.type).name : undefined;
};

/** The types implementing `Owned`: every node type the access rules protect. */
export function ownedTypes(schema: GraphQLSchema): GraphQLObjectType[] {
  const owned = schema.getType("Owned");
  if (!isInterfaceType(owned)) throw new Error("The schema has no Owned interface");
  return [...schema.getPossibleTypes(owned)].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Generated CRUD of one `Owned` type, named the way @neo4j/graphql 7 names it
 * (`createAgents` → `agents`, `agentsConnection`, `updateAgents`, `deleteAgents`),
 * each checked by its argument and return types, not by its name alone.
 */
function crudOf(schema: GraphQLSchema, node: GraphQLObjectType): Map<string, FieldClass> {
  const found = new Map<string, FieldClass>();
  const mutations = schema.getMutationType()?.getFields() ?? {};
  const queries = schema.getQueryType()?.getFields() ?? {};
  const create = Object.values(mutations).find(
    (f) => argType(f, "input") === `${node.name}CreateInput` && f.name === `create${/^Create(\w+)MutationResponse$/.exec(getNamedType(f.type).name)?.[1]}`,
  );
  // Without a create (`@mutation(operations: [UPDATE, DELETE])`) the plural comes from the list query and the update response.
  const listField = create ? undefined : Object.values(queries).find((f) => listOf(f.type) === node && argType(f, "where") === `${node.name}Where`);
  if (!create && !listField) return found;
  const plural = create ? create.name.slice("create".length) : upperFirst(listField!.name);
  const writer = create ?? mutations[`update${plural}`];
  const response = writer ? (getNamedType(writer.type) as GraphQLObjectType) : undefined;
  const responseField = response ? Object.keys(response.getFields()).find((name) => name !== "info") : undefined;
  if (create) found.set(`Mutation.${create.name}`, { kind: "create", node, responseField });

  const list = queries[lowerFirst(plural)];
  if (list && listOf(list.type) === node) found.set(`Query.${list.name}`, { kind: "list", node });
  const connection = queries[`${lowerFirst(plural)}Connection`];
  if (connection && connectionNode(schema, connection) === node) found.set(`Query.${connection.name}`, { kind: "connection", node });
  const update = mutations[`update${plural}`];
  if (update && argType(update, "where") === `${node.name}Where` && getNamedType(update.type).name === `Update${plural}MutationResponse`) {
    found.set(`Mutation.${update.name}`, { kind: "update", node, responseField });
  }
  const del = mutations[`delete${plural}`];
  if (del && argType(del, "where") === `${node.name}Where` && getNamedType(del.type).name === "DeleteInfo") {
    found.set(`Mutation.${del.name}`, { kind: "delete", node });
  }
  return found;
}

/** Interfaces whose every implementation is `Owned` (Owned itself, Knowledge): their queries obey the same rules. */
function ownedInterfaces(schema: GraphQLSchema, owned: readonly GraphQLObjectType[]): GraphQLInterfaceType[] {
  return Object.values(schema.getTypeMap()).filter(
    (t): t is GraphQLInterfaceType =>
      isInterfaceType(t) && schema.getPossibleTypes(t).length > 0 && schema.getPossibleTypes(t).every((impl) => owned.includes(impl)),
  );
}

function interfaceQueries(schema: GraphQLSchema, ifaces: readonly GraphQLInterfaceType[]): Map<string, FieldClass> {
  const found = new Map<string, FieldClass>();
  const queries = schema.getQueryType()?.getFields() ?? {};
  for (const field of Object.values(queries)) {
    const node = listOf(field.type);
    const connection = queries[`${field.name}Connection`];
    if (!isInterfaceType(node) || !ifaces.includes(node) || !connection || connectionNode(schema, connection) !== node) continue;
    found.set(`Query.${field.name}`, { kind: "interfaceList", node });
    found.set(`Query.${connection.name}`, { kind: "interfaceConnection", node });
  }
  return found;
}

/** Every root field of the schema, with the class that says what access it must enforce. */
export function classifyRootFields(schema: GraphQLSchema): RootField[] {
  const owned = ownedTypes(schema);
  const known = new Map<string, FieldClass>();
  for (const node of owned) for (const [coordinate, cls] of crudOf(schema, node)) known.set(coordinate, cls);
  for (const [coordinate, cls] of interfaceQueries(schema, ownedInterfaces(schema, owned))) known.set(coordinate, cls);
  for (const [coordinate, rule] of Object.entries(CUSTOM_FIELDS)) known.set(coordinate, { kind: "custom", rule });

  const roots: [OperationType, GraphQLObjectType | null | undefined][] = [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
    ["subscription", schema.getSubscriptionType()],
  ];
  return roots.flatMap(([operation, type]) =>
    Object.values(type?.getFields() ?? {}).map((field) => {
      const coordinate = `${type!.name}.${field.name}`;
      return { operation, coordinate, field, class: known.get(coordinate) };
    }),
  );
}
