import { Kind, type DocumentNode } from "graphql";
import { contextVectorIndexName, embeddedTypes, vectorIndexName } from "../embeddings/embeddedTypes.js";
import { MAY_NEED_PASSAGES_CHARS, PASSAGE_INDEX, PASSAGE_LABEL, PASSAGE_OF } from "../embeddings/passageGraph.js";
import { PREFERENCE_PHRASE, STANDING_OPENER } from "../embeddings/standingInstruction.js";
import { TEXT_RULES } from "../embeddings/textRules.js";
import { factIndexes } from "../facts/index.js";
import { feedStampIndexes } from "../feed/index.js";
import { OUTBOX_MIGRATIONS } from "../feed/index.js";
import type { Migration } from "../graph/migrations/migration.js";
import { EMBEDDING_DIMENSIONS } from "../core/embedder.js";
import { knowledgeLabels } from "../core/schemaFacts.js";
import { RECALL_INDEX, recallIndexSpec } from "../search/index.js";
import { linkStampBackfill } from "./linkStamps.js";
import type { WordIndexRefresh } from "../config/config.js";


/** Labels go into Cypher as text (they cannot be parameters): only plain names pass. */
const SAFE_NAME = /^[A-Z][A-Za-z0-9]*$/;

function safe(label: string): string {
  if (!SAFE_NAME.test(label)) throw new Error(`Refusing unsafe label in a migration: ${label}`);
  return label;
}


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
export function migrationsFor(
  document: DocumentNode,
  { sharedKeys = false, wordIndexRefresh = "commit" }: { sharedKeys?: boolean; wordIndexRefresh?: WordIndexRefresh } = {},
): Migration[] {
  const owned = ownedLabels(document).map(safe);
  const unique = owned.map((label) => ({
    name: `${label.toLowerCase()}_tenant_id_unique`,
    cypher: `CREATE CONSTRAINT ${label.toLowerCase()}_tenant_id_unique IF NOT EXISTS FOR (n:${label}) REQUIRE (n.tenantId, n.id) IS UNIQUE`,
  }));
  const ownerIndexes = owned.map((label) => ({
    name: `${label.toLowerCase()}_tenant_owner`,
    cypher: `CREATE INDEX ${label.toLowerCase()}_tenant_owner IF NOT EXISTS FOR (n:${label}) ON (n.tenantId, n.ownerId)`,
  }));
  const embedded = embeddedTypes(document).flatMap(({ label, contextBy, fields }) => [
    vector(vectorIndexName(label), label),
    passagesBackfill(label, fields),
    standingBackfill(label, fields),
    // After the two above: what they did not send back has been read under these rules.
    textRulesMark(label),
    // Only when search reads keys (SEARCH_SHARED_KEYS): otherwise it would send every node back once for nothing.
    ...(sharedKeys ? [keysBackfill(label)] : []),
    range(`${label.toLowerCase()}_embedding_status`, label, ["embeddingStatus"]),
    ...(contextBy
      ? [
          vector(contextVectorIndexName(label), label, "contextEmbedding"),
          range(`${label.toLowerCase()}_context_order`, label, ["tenantId", "ownerId", contextBy]),
          priorWordsBackfill(label),
        ]
      : []),
  ]);
  embedded.push(vector(PASSAGE_INDEX, PASSAGE_LABEL));
  embedded.push(...factIndexes(document));
  embedded.push(...feedStampIndexes(knowledgeLabels(document)));
  return [...unique, ...ownerIndexes, ...API_KEYS, ...OUTBOX_MIGRATIONS, ...RANGE_INDEXES, ...DROPPED_INDEXES, ...fulltextIndexes(wordIndexRefresh === "background"), ...embedded, ...EXTRACTION_DATA, ...linkStampBackfill(document), createdLinkBackfill(knowledgeLabels(document))];
}

/**
 * Knowledge written before the gateway linked creators (the six-agent squad's
 * `(:Agent)-[:CREATED]->(k)`, read as `Agent.created`) gets its link from its
 * owner's Agent node, when that exists.
 */
function createdLinkBackfill(labels: readonly string[]): Migration {
  return {
    name: "knowledge_created_link_backfill",
    data: true,
    cypher: `MATCH (k:${labels.map(safe).join("|")}) WHERE NOT EXISTS { (:Agent)-[:CREATED]->(k) }
      CALL (k) { MATCH (a:Agent {tenantId: k.tenantId, id: k.ownerId}) MERGE (a)-[:CREATED]->(k) } IN TRANSACTIONS OF 5000 ROWS`,
  };
}

/**
 * Messages stored before the extraction stage existed are not read for facts
 * on their own (a large history would flood the worker at the first start):
 * they are SKIPPED with that reason, and `mnemograph backfill --extraction`
 * queues them. Channels learn facts unless told otherwise.
 */
const EXTRACTION_DATA: Migration[] = [
  {
    name: "message_extraction_status_backfill",
    data: true,
    cypher: `MATCH (m:Message) WHERE m.extractionStatus IS NULL
      CALL (m) { SET m.extractionStatus = 'SKIPPED', m.extractionNote = 'stored before extraction' } IN TRANSACTIONS OF 5000 ROWS`,
  },
  {
    name: "channel_learn_facts_default",
    data: true,
    cypher: `MATCH (c:Channel) WHERE c.learnFacts IS NULL CALL (c) { SET c.learnFacts = true } IN TRANSACTIONS OF 5000 ROWS`,
  },
];

/**
 * Nodes embedded before the worker stored keys (embeddings/textKeys.ts) and
 * their scoped index terms (embeddings/keyTerms.ts) go back to it once: their
 * vectors are current (same text, same model), so it only adds the keys,
 * without a model run. A node without a vector is `mnemograph backfill`'s to
 * queue (and count), not this migration's.
 */
const keysBackfill = (label: string): Migration => ({
  name: `${label.toLowerCase()}_key_terms_backfill`,
  data: true,
  cypher: `MATCH (n:${safe(label)}) WHERE n.keyTerms IS NULL AND n.embeddingStatus = 'READY' AND n.embedding IS NOT NULL
    CALL (n) { SET n.embeddingStatus = 'PENDING' } IN TRANSACTIONS OF 5000 ROWS`,
});

/**
 * Nodes embedded before the worker marked standing instructions and stated
 * preferences (embeddings/standingInstruction.ts) go back to it once: a text
 * without a standing vector that opens as an instruction would and has no
 * mark yet, or that states a preference ("I'd rather keep it under $500",
 * anywhere in it). Their vectors are current, so the worker adds the mark
 * (and the preference's vector, one model run for the few that hold one). One
 * pass over the label's texts for both, and only over the nodes no worker of
 * these rules has read (embeddings/textRules.ts): at 100k memories, matching
 * every text took 1.6–2.3 s of each start.
 */
const standingBackfill = (label: string, fields: readonly string[]): Migration => {
  const text = `coalesce(n.${fields[0]}, '')`;
  return {
    name: `${label.toLowerCase()}_standing_backfill`,
    data: true,
    cypher: `MATCH (n:${safe(label)}) WHERE ${unread} AND n.standingEmbedding IS NULL AND n.embeddingStatus = 'READY'
      AND ((n.standing IS NULL AND ${text} =~ '${cypherRegex(STANDING_OPENER)}') OR ${text} =~ '${cypherRegex(`.*${PREFERENCE_PHRASE}`)}')
    CALL (n) { SET n.embeddingStatus = 'PENDING' } IN TRANSACTIONS OF 5000 ROWS`,
  };
};

/** A node no embedding worker of the current text rules has read (embeddings/textRules.ts). */
const unread = "n.textRules IS NULL";

/**
 * Runs after the passages and standing backfills: a READY node they did not
 * send back to the worker needs nothing the current text rules derive, so it
 * is marked as read under them, and the next start looks at it no more. Once
 * per node (a store's first start with this version writes every such node).
 */
const textRulesMark = (label: string): Migration => ({
  name: `${label.toLowerCase()}_text_rules_mark`,
  data: true,
  cypher: `MATCH (n:${safe(label)}) WHERE ${unread} AND n.embeddingStatus = 'READY'
    CALL (n) { SET n.textRules = ${TEXT_RULES} } IN TRANSACTIONS OF 5000 ROWS`,
});

/** A JavaScript pattern as a Cypher regular expression over a whole text: case-insensitive, `.` across lines, quotes escaped. */
const cypherRegex = (pattern: string) => `(?is)${pattern}.*`.replace(/\\/g, "\\\\").replace(/'/g, "\\'");

/**
 * Contextual nodes embedded before the worker stored the words of the turn
 * before them (`priorWords`, which search's closeness reads: search/ranking/
 * candidatePool.ts, contextWeightOf) go back to it once: their vectors are
 * current, so it only adds the count, without a model run. Until then search
 * mixes them by the plain context weight.
 */
const priorWordsBackfill = (label: string): Migration => ({
  name: `${label.toLowerCase()}_prior_words_backfill`,
  data: true,
  cypher: `MATCH (n:${safe(label)}) WHERE n.priorWords IS NULL AND n.contextEmbedding IS NOT NULL AND n.embeddingStatus = 'READY'
    CALL (n) { SET n.embeddingStatus = 'PENDING' } IN TRANSACTIONS OF 5000 ROWS`,
});

/**
 * Nodes embedded before long texts were split into passages (embeddings/
 * passages.ts) go back to the worker once when their text may be longer than
 * a model's window: one that fits keeps its key and costs no model run; one
 * that does not gets its passages. Only nodes no worker of the current text
 * rules has read (embeddings/textRules.ts): a text that fits has no passages
 * and would otherwise go back at every start.
 */
const passagesBackfill = (label: string, fields: readonly string[]): Migration => ({
  name: `${label.toLowerCase()}_passages_backfill`,
  data: true,
  cypher: `MATCH (n:${safe(label)}) WHERE ${unread} AND NOT EXISTS { (:${PASSAGE_LABEL})-[:${PASSAGE_OF}]->(n) } AND n.embeddingStatus = 'READY'
      AND ${fields.map((f) => `size(coalesce(n.${f}, ''))`).join(" + ")} >= ${MAY_NEED_PASSAGES_CHARS}
    CALL (n) { SET n.embeddingStatus = 'PENDING' } IN TRANSACTIONS OF 5000 ROWS`,
});

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
  // Search's expansion: the turns before and after a hit, a seek within its conversation per side.
  range("memory_conversation_turns", "Memory", ["tenantId", "ownerId", "conversationId", "occurredAt"]),
  // Search's list of standing instructions: the few a tenant has (only nodes with both properties are indexed).
  range("memory_standing", "Memory", ["tenantId", "standing"]),
  range("message_standing", "Message", ["tenantId", "standing"]),
  range("message_timestamp", "Message", ["timestamp"]),
  range("message_author", "Message", ["tenantId", "authorId"]),
  // The extraction worker's queue: PENDING messages, oldest first.
  range("message_extraction_status", "Message", ["extractionStatus", "timestamp"]),
  // recentTurns: equality on the first two, ordered range scan on the number (no sort, whatever the store size).
  range("turn_session_number", "Turn", ["tenantId", "sessionId", "number"]),
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

/**
 * Prose is indexed with Lucene's English analyzer (stop words out, stemming):
 * with the default analyzer, "What is the name of the dog?" matched every
 * text holding "the". Names keep the default analyzer: no stemming of names.
 *
 * The indexes that rank by words may be eventually consistent
 * (SEARCH_WORD_INDEX_REFRESH=background): a commit then queues its changes and
 * Neo4j's background thread applies them, so a write does not pay Lucene's
 * refresh on its own commit (issue #47: a quarter of Neo4j's CPU for a
 * one-memory write), and is found by its words a moment after its answer
 * (docs/benchmarks.md, 2026-12-01: p99 under 150 ms with 50 writers). The
 * default refreshes on commit: an agent that stores and then searches at once
 * finds what it stored. The name index is consistent either way: the people
 * tools' exact lookup promises to find every node a scan would
 * (people/matchEntities.ts).
 */
export const fulltext = (name: string, labels: string, fields: string[], analyzer: string, eventuallyConsistent: boolean): Migration => ({
  name,
  fulltext: { analyzer, eventuallyConsistent },
  cypher: `CREATE FULLTEXT INDEX ${name} IF NOT EXISTS FOR (n:${labels}) ON EACH [${fields.map((f) => `n.${f}`).join(", ")}]
    OPTIONS { indexConfig: { \`fulltext.analyzer\`: '${analyzer}', \`fulltext.eventually_consistent\`: ${eventuallyConsistent} } }`,
});

/**
 * Indexes no longer read: the bare keys, read across every tenant before the
 * key terms replaced them; memories' and messages' own word indexes, whose
 * readers (findMemoriesForTask, searchMessages) now read RECALL_INDEX, which
 * holds the same text, so a memory or message written is one Lucene document
 * fewer (issue #47).
 */
const DROPPED_INDEXES: Migration[] = ["memory_keys", "message_keys", "memory_content", "message_content"].map((name) => ({
  name: `${name}_dropped`,
  drop: true,
  cypher: `DROP INDEX ${name} IF EXISTS`,
}));

/** The full-text indexes; those that rank by words eventually consistent when `eventual` (the name index never). */
const fulltextIndexes = (eventual: boolean): Migration[] => [
  // The keys the embedding worker stores, each under its tenant and owner (embeddings/keyTerms.ts): each a whole token.
  fulltext("memory_key_terms", "Memory", ["keyTerms"], "whitespace", eventual),
  fulltext("message_key_terms", "Message", ["keyTerms"], "whitespace", eventual),
  fulltext("entity_names", "Person|Org|Place|Skill|Topic|Project|Event", ["name", "realName", "aliases"], "standard-no-stop-words", false),
  fulltext("knowledge_text", "Concept|Research|Content|Insight|Analysis|Synthesis|Belief", ["name", "description", "topic", "findings", "title", "body", "insight", "content"], "english", eventual),
  // One index over every kind searchMemories recalls: one BM25 list, so every kind is ranked against the others (search/recallKinds.ts).
  fulltext(RECALL_INDEX, recallIndexSpec().labels.map(safe).join("|"), recallIndexSpec().fields, "english", eventual),
];

const vector = (name: string, label: string, property = "embedding"): Migration => ({
  name,
  cypher: `CREATE VECTOR INDEX ${name} IF NOT EXISTS FOR (n:${safe(label)}) ON n.${property} OPTIONS { indexConfig: { \`vector.dimensions\`: ${EMBEDDING_DIMENSIONS}, \`vector.similarity_function\`: 'cosine' } }`,
});

