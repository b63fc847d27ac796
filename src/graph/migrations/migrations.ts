import { Kind, type DocumentNode } from "graphql";

/** One idempotent schema statement, named so that logs and health can refer to it. */
export interface Migration {
  name: string;
  cypher: string;
}

/** Labels go into Cypher as text (they cannot be parameters): only plain names pass. */
const SAFE_NAME = /^[A-Z][A-Za-z0-9]*$/;

function safe(label: string): string {
  if (!SAFE_NAME.test(label)) throw new Error(`Refusing unsafe label in a migration: ${label}`);
  return label;
}

/** Dimensions of the sentence-embedding vectors (both candidate local models give 384). */
export const EMBEDDING_DIMENSIONS = 384;

/** Node types of the SDL that implement `Owned`: every one of them is tenant-scoped. */
export function ownedLabels(document: DocumentNode): string[] {
  return document.definitions
    .filter((d) => d.kind === Kind.OBJECT_TYPE_DEFINITION)
    .filter((d) => d.interfaces?.some((i) => i.name.value === "Owned"))
    .map((d) => d.name.value)
    .sort();
}

/**
 * Every constraint and index the gateway needs, derived from the SDL where it
 * can be: ids are unique within a tenant for every owned type; the rest serve
 * the queries of the retrieval tools, feeds and the game agent.
 */
export function migrationsFor(document: DocumentNode): Migration[] {
  const owned = ownedLabels(document).map(safe);
  const unique = owned.map((label) => ({
    name: `${label.toLowerCase()}_tenant_id_unique`,
    cypher: `CREATE CONSTRAINT ${label.toLowerCase()}_tenant_id_unique IF NOT EXISTS FOR (n:${label}) REQUIRE (n.tenantId, n.id) IS UNIQUE`,
  }));
  const ownerIndexes = owned.map((label) => ({
    name: `${label.toLowerCase()}_tenant_owner`,
    cypher: `CREATE INDEX ${label.toLowerCase()}_tenant_owner IF NOT EXISTS FOR (n:${label}) ON (n.tenantId, n.ownerId)`,
  }));
  return [...unique, ...ownerIndexes, ...API_KEYS, ...RANGE_INDEXES, ...FULLTEXT_INDEXES, ...VECTOR_INDEXES];
}

/** API keys are looked up by hash; ids are unique. */
const API_KEYS: Migration[] = [
  { name: "api_key_hash_unique", cypher: "CREATE CONSTRAINT api_key_hash_unique IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.hash IS UNIQUE" },
  { name: "api_key_id_unique", cypher: "CREATE CONSTRAINT api_key_id_unique IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.id IS UNIQUE" },
];

const range = (name: string, label: string, props: string[]): Migration => ({
  name,
  cypher: `CREATE INDEX ${name} IF NOT EXISTS FOR (n:${safe(label)}) ON (${props.map((p) => `n.${p}`).join(", ")})`,
});

const RANGE_INDEXES: Migration[] = [
  range("memory_owner_type_created", "Memory", ["tenantId", "ownerId", "type", "createdAt"]),
  range("memory_created", "Memory", ["createdAt"]),
  range("message_timestamp", "Message", ["timestamp"]),
  range("message_author", "Message", ["tenantId", "authorId"]),
  range("turn_number", "Turn", ["number"]),
  range("game_session_status", "GameSession", ["status", "leaseExpiresAt"]),
  range("task_status", "Task", ["tenantId", "status"]),
  range("belief_state", "Belief", ["tenantId", "ownerId", "state", "confidence"]),
  range("workflow_status", "WorkflowImprovement", ["tenantId", "status"]),
  range("person_name", "Person", ["name"]),
  range("org_name", "Org", ["name"]),
  range("place_name", "Place", ["name"]),
  range("skill_name", "Skill", ["name"]),
  range("topic_name", "Topic", ["name"]),
];

const FULLTEXT_INDEXES: Migration[] = [
  {
    name: "memory_content",
    cypher: "CREATE FULLTEXT INDEX memory_content IF NOT EXISTS FOR (n:Memory) ON EACH [n.content]",
  },
  {
    name: "message_content",
    cypher: "CREATE FULLTEXT INDEX message_content IF NOT EXISTS FOR (n:Message) ON EACH [n.content]",
  },
  {
    name: "entity_names",
    cypher:
      "CREATE FULLTEXT INDEX entity_names IF NOT EXISTS FOR (n:Person|Org|Place|Skill|Topic|Project|Event) ON EACH [n.name, n.realName, n.aliases]",
  },
  {
    name: "knowledge_text",
    cypher:
      "CREATE FULLTEXT INDEX knowledge_text IF NOT EXISTS FOR (n:Concept|Research|Content|Insight|Analysis|Synthesis|Belief) ON EACH [n.name, n.description, n.topic, n.findings, n.title, n.body, n.insight, n.content]",
  },
];

const vector = (name: string, label: string): Migration => ({
  name,
  cypher: `CREATE VECTOR INDEX ${name} IF NOT EXISTS FOR (n:${safe(label)}) ON n.embedding OPTIONS { indexConfig: { \`vector.dimensions\`: ${EMBEDDING_DIMENSIONS}, \`vector.similarity_function\`: 'cosine' } }`,
});

const VECTOR_INDEXES: Migration[] = [
  vector("memory_embedding", "Memory"),
  vector("message_embedding", "Message"),
  vector("concept_embedding", "Concept"),
  vector("belief_embedding", "Belief"),
];
