/**
 * How a long text's passages are stored: `(:Passage {tenantId, ownerId,
 * ordinal, start, end, embedding})-[:PASSAGE_OF]->(node)`, one per window of
 * the text (passages.ts), holding offsets into the node's text and a vector,
 * never text of their own. Readers reach them only through their node, so
 * they see what the node's read rule lets them see. They go when the node's
 * text changes (the embedding worker replaces them) or the node is forgotten.
 */
export const PASSAGE_LABEL = "Passage";
export const PASSAGE_OF = "PASSAGE_OF";
/** The vector index over every passage of every embedded type. */
export const PASSAGE_INDEX = "passage_embedding";

/** Cypher: the passages of node `n`, as the list of their vectors' cosines to `$vector`. */
export const passageCosines = (n: string) =>
  `COLLECT { MATCH (p:${PASSAGE_LABEL})-[:${PASSAGE_OF}]->(${n}) RETURN vector.similarity.cosine(p.embedding, $vector) }`;

/**
 * Cypher: a unit subquery that removes the passages of each node in the list
 * expression `nodes`, which reads the variables `scope` (for statements that
 * delete nodes or rewrite their text).
 */
export const dropPassages = (scope: readonly string[], nodes: string) =>
  `CALL (${scope.join(", ")}) { UNWIND ${nodes} AS of MATCH (p:${PASSAGE_LABEL})-[:${PASSAGE_OF}]->(of) DETACH DELETE p }`;

/** Texts at least this long (in characters) may not fit a model's window: the migration queues them to be split. */
export const MAY_NEED_PASSAGES_CHARS = 1000;
