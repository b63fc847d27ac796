import { Kind, type ObjectTypeDefinitionNode } from "graphql";
import { knowledgeLabels } from "../../../src/core/schemaFacts.js";
import { expandCypherFields } from "../../../src/schema/expandCypherFields.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

/**
 * How the access matrix probes one @cypher field of an owned type: the owner
 * writes a SHARED node of the type (so every persona of the tenant may read
 * the node itself) linked to data PRIVATE to the owner that holds a secret,
 * and asks every persona for the field. Only the owner and an admin may see
 * the secret; the other tenant does not even find the node.
 */
export interface CypherFieldProbe {
  /** `Agent.recentMemories`. */
  coordinate: string;
  /** Writes the fixture straight to Neo4j. Parameters: `$tenant`, `$owner`, `$root` (the SHARED node's id), `$secret`. */
  setup: string;
  /** The field as selected on the node: it must select the secret's carrier. */
  selection: string;
  /** The SHARED node is the owner's own (its id is the owner's agent id), not `$root`. */
  rootIsOwner?: boolean;
  /** The node itself is PRIVATE (its field reads nothing else): only the owner and an admin find it. */
  rootPrivate?: boolean;
  /** Whether a response shows the private data; by default, whether its text holds the secret. */
  shows?: (res: { text: string; data?: Record<string, any> | null }, list: string) => boolean;
}

/** Each @cypher field of a type implementing Owned in the served SDL (interface fields given to every implementation). */
export function cypherFieldsOfOwnedTypes(): string[] {
  return expandCypherFields(loadTypeDefs().document)
    .definitions.filter((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION)
    .filter((t) => t.interfaces?.some((i) => i.name.value === "Owned"))
    .flatMap((t) => (t.fields ?? []).filter((f) => f.directives?.some((d) => d.name.value === "cypher")).map((f) => `${t.name.value}.${f.name.value}`))
    .sort();
}

const OWNED = "tenantId: $tenant, ownerId: $owner, sharedWith: []";
const SHARED_ROOT = (label: string, extra = "") => `CREATE (root:${label} {${OWNED}, id: $root, visibility: 'SHARED'${extra}})`;
const PERSON = SHARED_ROOT("Person", ", name: 'root person'");
const FACT_SELECTION = "{ objectId objectName basis role }";

/** A private organisation the SHARED person works at; its name is the secret. */
const PRIVATE_EMPLOYER = `${PERSON}
  CREATE (root)-[:WORKS_AT {confidence: 0.9, role: $secret, createdAt: datetime()}]->(:Org {${OWNED}, id: $secret, name: $secret, visibility: 'PRIVATE'})`;

const PROBES: readonly CypherFieldProbe[] = [
  { coordinate: "Person.currentEmployment", setup: PRIVATE_EMPLOYER, selection: `currentEmployment ${FACT_SELECTION}` },
  { coordinate: "Person.employmentHistory", setup: PRIVATE_EMPLOYER, selection: `employmentHistory ${FACT_SELECTION}` },
  { coordinate: "Person.facts", setup: PRIVATE_EMPLOYER, selection: `facts ${FACT_SELECTION}` },
  {
    coordinate: "Person.skills",
    setup: `${PERSON} CREATE (root)-[:HAS_SKILL {confidence: 0.9, proficiency: $secret, createdAt: datetime()}]->(:Skill {${OWNED}, id: $secret, name: $secret, visibility: 'PRIVATE'})`,
    selection: `skills { objectId objectName proficiency }`,
  },
  {
    coordinate: "Person.relationshipsWith",
    setup: `${PERSON} CREATE (root)-[:CLOSE_TO {confidence: 0.9, basis: $secret, createdAt: datetime()}]->(:Person {${OWNED}, id: $secret + '-person', name: $secret, visibility: 'PRIVATE'})`,
    // The argument names the private person by id; the response must not show the fact (its basis is the secret).
    selection: `relationshipsWith(personId: "__SECRET__-person") ${FACT_SELECTION}`,
  },
  {
    coordinate: "Agent.recentMemories",
    setup: `${SHARED_ROOT("Agent", ", name: 'root agent', role: 'r', state: 'IDLE'")}
      CREATE (root)-[:REMEMBERS]->(:Memory {${OWNED}, id: $secret, visibility: 'PRIVATE', type: 'OBSERVATION', content: $secret, createdAt: datetime()})`,
    selection: "recentMemories { id content }",
  },
  {
    // Agent.beliefs reads the beliefs the agent owns: the root is the owner's own Agent node.
    coordinate: "Agent.beliefs",
    // MERGE: the owner's first memoryStore of the run may have made its Agent node already.
    setup: `MERGE (a:Agent {tenantId: $tenant, id: $owner}) SET a.ownerId = $owner, a.sharedWith = [], a.visibility = 'SHARED', a.name = 'owner agent', a.role = 'r', a.state = 'IDLE'
      WITH a
      CREATE (:Belief {${OWNED}, id: $secret, visibility: 'PRIVATE', state: 'ACTIVE', confidence: 0.9, domains: [], content: $secret, createdAt: datetime()})`,
    selection: "beliefs { id content }",
    rootIsOwner: true,
  },
  {
    coordinate: "Belief.history",
    setup: `${SHARED_ROOT("Belief", ", content: 'root belief', state: 'ACTIVE', confidence: 0.5, domains: [], createdAt: datetime()")}
      CREATE (root)-[:EVOLVED_INTO {reason: 'r', at: datetime()}]->(:Belief {${OWNED}, id: $secret, visibility: 'PRIVATE', content: $secret, state: 'ACTIVE', confidence: 0.5, domains: [], createdAt: datetime()})`,
    selection: "history { id content }",
  },
  {
    coordinate: "GameSession.recentTurns",
    setup: `${SHARED_ROOT("GameSession", ", goal: 'g'")}
      CREATE (root)-[:HAS_TURN]->(:Turn {${OWNED}, id: $secret, visibility: 'PRIVATE', sessionId: $root, number: 1, analysis: $secret, location: $secret, buttonPresses: ['A'], success: true})`,
    selection: "recentTurns { id analysis location }",
  },
  {
    // Three failed turns make STUCK: the patterns show only what the turns the caller may read show.
    coordinate: "GameSession.patterns",
    setup: `${SHARED_ROOT("GameSession", ", goal: 'g'")}
      WITH root UNWIND [1, 2, 3] AS n
      CREATE (root)-[:HAS_TURN]->(:Turn {${OWNED}, id: $secret + '-' + n, visibility: 'PRIVATE', sessionId: $root, number: n, analysis: 'a', location: 'l', buttonPresses: ['A'], success: false, obstacles: [], inBattle: false})`,
    selection: "patterns",
    shows: (res, list) => (res.data?.[list]?.[0]?.patterns ?? []).length > 0,
  },
  {
    // What the caller may do is not data to hide, but it must be nothing for those with no part in the step.
    coordinate: "WorkflowImprovement.allowedTransitions",
    setup: `${SHARED_ROOT("WorkflowImprovement", ", status: 'PROPOSED', targetProcess: 'p', currentState: 'c', proposedState: 'p'")}`,
    selection: "allowedTransitions",
    shows: (res, list) => (res.data?.[list]?.[0]?.allowedTransitions ?? []).length > 0,
  },
  {
    // The audit trail is the improvement's own: a PRIVATE improvement's entries show to nobody else.
    coordinate: "WorkflowImprovement.transitions",
    setup: `CREATE (root:WorkflowImprovement {${OWNED}, id: $root, visibility: 'PRIVATE', status: 'PENDING_APPROVAL', targetProcess: 'p', currentState: 'c', proposedState: 'p'})
      CREATE (root)-[:HAS_TRANSITION]->(:WorkflowTransition {ordinal: 1, transition: 'SUBMIT', fromStatus: 'PROPOSED', toStatus: 'PENDING_APPROVAL', byAgentId: $owner, notes: $secret, conditions: [], at: datetime()})`,
    selection: "transitions { notes }",
    rootPrivate: true,
  },
  {
    // A screenshot's bytes (here in the graph store, as SCREENSHOT_STORE=graph writes them): the node's own, read only by those who find it.
    coordinate: "Screenshot.base64",
    setup: `CREATE (root:Screenshot {${OWNED}, id: $root, visibility: 'PRIVATE', turnId: $root + '-turn', mimeType: 'image/png', sizeBytes: 3, sha256: 'x', store: 'graph', base64: $secret, createdAt: datetime()})`,
    selection: "base64",
    rootPrivate: true,
  },
  // Knowledge.accessedBy, on every Knowledge type: a PRIVATE agent of the owner's accessed a SHARED piece.
  ...knowledgeLabels(loadTypeDefs().document).map((label) => ({
    coordinate: `${label}.accessedBy`,
    setup: `CREATE (root:${label} {${OWNED}, id: $root, visibility: 'SHARED', confidence: 0.5, domains: [], createdAt: datetime()})
      CREATE (:Agent {${OWNED}, id: $secret, visibility: 'PRIVATE', name: $secret, role: 'r', state: 'IDLE'})-[:ACCESSED]->(root)`,
    selection: "accessedBy { id name }",
  })),
];

/** The probe of each @cypher field; a field without one makes the matrix fail until it gets one. */
export const CYPHER_FIELD_PROBES: ReadonlyMap<string, CypherFieldProbe> = new Map(PROBES.map((p) => [p.coordinate, p]));
