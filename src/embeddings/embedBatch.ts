import { createHash } from "node:crypto";
import { cypherInt } from "../graph/readQuery.js";
import { executor, type GraphTarget } from "../graph/executor.js";
import { noRows, type Row } from "../graph/statement.js";
import type { Embedder } from "../core/embedder.js";
import type { EmbeddedType } from "../core/schemaFacts.js";
import type { ContextMode } from "../config/config.js";
import { contextVector } from "./contextVector.js";
import { meanVector } from "./vectorMath.js";
import { PASSAGE_LABEL, PASSAGE_OF } from "./passageGraph.js";
import { embeddingText } from "./embeddingText.js";
import { keyTerms } from "./keyTerms.js";
import { standingCondition, standingMark } from "./standingInstruction.js";
import { TEXT_RULES } from "./textRules.js";
import { CONTEXT_AFTER_WORDS, longTextParts, type TextParts } from "./longText.js";
import { textKeys } from "./textKeys.js";
import { wordCount } from "./wordCount.js";

export interface BatchTarget extends GraphTarget {
  embedder: Embedder;
  /**
   * Contextual vectors embedded from the joined texts (`joint`), derived from the two own vectors
   * (`derived`), or one vector a node, of the text search reads (`single`). No default here: the
   * shipped one is EMBEDDING_CONTEXT's (config/sections/embeddings.ts).
   */
  contextMode: ContextMode;
  /** Store each text's keys (textKeys.ts) for search's shared-key list: only when SEARCH_SHARED_KEYS is on. */
  keys?: boolean;
}

/** Cypher list of a node's embedded fields, over the variable `v`. */
const partsOf = (type: EmbeddedType, v: string) => `[${type.fields.map((f) => `${v}.${f}`).join(", ")}]`;

/**
 * The node before `n` in its conversation (same tenant, owner and `contextBy`
 * value, by occurredAt else createdAt), for contextual types: its id, its
 * text parts, and its vector when that vector is current (READY). A subquery
 * (not a COLLECT expression) so that its index seek shows in the plan.
 */
function previousPart(type: EmbeddedType): string {
  if (!type.contextBy) return "WITH n, null AS previous";
  const c = type.contextBy;
  return `OPTIONAL CALL (n) {
       WITH n WHERE n.${c} IS NOT NULL
       MATCH (p:${type.label}) USING INDEX SEEK p:${type.label}(tenantId, ownerId, ${c})
       WHERE p.tenantId = n.tenantId AND p.ownerId = n.ownerId AND p.${c} = n.${c}
         AND coalesce(p.occurredAt, p.createdAt) < coalesce(n.occurredAt, n.createdAt)
       WITH p ORDER BY coalesce(p.occurredAt, p.createdAt) DESC LIMIT 1
       RETURN { id: p.id, parts: ${partsOf(type, "p")}, vector: CASE WHEN p.embeddingStatus = 'READY' THEN p.embedding ELSE null END } AS previous
     }`;
}

interface Previous {
  id: string;
  parts: (string | null)[];
  vector: number[] | null;
}

const hash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** A batch of PENDING nodes read, with the text (and context) each would be embedded from. */
export interface ReadBatch {
  type: EmbeddedType;
  size: number;
  /** Ids in the batch, so the next read can skip them while this one is embedded and written. */
  ids: string[];
  rows: BatchRow[];
}

interface BatchRow extends TextParts {
  tenantId: string;
  ownerId: string | null;
  id: string;
  parts: (string | null)[];
  text: string;
  previous: Previous | null;
  /** Words of the turn before (null without one), counted once at the read: the key, the single vector's choice and the write-back read it. */
  priorWords: number | null;
  key: string;
  unchanged: boolean;
}

/** A batch read and embedded, ready to be written. */
export interface PreparedBatch {
  type: EmbeddedType;
  size: number;
  ids: string[];
  rows: Record<string, unknown>[];
}

/**
 * The read of a batch of PENDING nodes, each with its predecessor for contextual
 * types. A node without tenantId or id (written by hand: the gateway's writes
 * always set both) is passed over: it cannot be written back, and read, it
 * failed every pass of its label. Both lookups are index seeks whatever the statistics: planned on an
 * empty store (a new gateway's first passes), Neo4j may scan the label instead,
 * for every node of the batch, and keep that plan while the store grows.
 */
export function readBatchStatement(type: EmbeddedType): string {
  return `MATCH (n:${type.label}) USING INDEX SEEK n:${type.label}(embeddingStatus)
     WHERE n.embeddingStatus = 'PENDING' AND n.tenantId IS NOT NULL AND n.id IS NOT NULL AND NOT n.id IN $exclude
     WITH n LIMIT $limit
     ${previousPart(type)}
     RETURN n.tenantId AS tenantId, n.ownerId AS ownerId, n.id AS id, ${partsOf(type, "n")} AS parts, n.embeddingKey AS key, previous,
            EXISTS { (:${PASSAGE_LABEL})-[:${PASSAGE_OF}]->(n) } AS hasPassages`;
}

/**
 * Reads one batch of PENDING nodes of a type (skipping `exclude`: batches
 * still being embedded or written), each with its embedding key: a node
 * whose text (and context) and model are those of its stored key needs no
 * new vector.
 */
export async function readBatch(
  { driver, database, embedder, contextMode }: BatchTarget,
  type: EmbeddedType,
  batchSize: number,
  exclude: readonly string[] = [],
): Promise<ReadBatch | null> {
  const decode = (r: Row): BatchRow => {
    const own = r.stringsOrNulls("parts");
    const p = r.rowOrNull("previous");
    const previous: Previous | null = p && { id: p.string("id"), parts: p.stringsOrNulls("parts"), vector: p.numbersOrNull("vector") };
    const text = embeddingText(own);
    const previousText = previous ? embeddingText(previous.parts) : "";
    const long = longTextParts(text, previousText, embedder.window);
    const priorWords = previousText ? wordCount(previousText) : null;
    // A derived contextual vector differs from a joint one, and a single vector is one or the other text's: the mode (and which
    // text) is part of the key (joint keeps the keys stored before modes existed).
    const mode = contextMode === "derived" ? "\u0001derived" : contextMode === "single" ? (readsContext({ ...long, text, priorWords }) ? "\u0001single" : "\u0001single-own") : "";
    // So does a text embedded as passages (keys stored before passages existed stay valid for texts that fit).
    const split = long.passages.length > 0 ? "\u0001passages" : "";
    const key = `${embedder.model}:${hash(type.contextBy ? `${text}\u0001${long.context}${mode}${split}` : `${text}${split}`)}`;
    return {
      tenantId: r.string("tenantId"),
      ownerId: r.stringOrNull("ownerId"),
      id: r.string("id"),
      parts: own,
      text,
      ...long,
      previous: previousText ? previous : null,
      priorWords,
      key,
      // A text that needs passages and has none (imported with its vectors, say) is embedded again.
      unchanged: key === r.value("key") && (long.passages.length > 0) === r.boolean("hasPassages"),
    };
  };
  const statement = { cypher: readBatchStatement(type), params: { limit: cypherInt(batchSize), exclude }, decode };
  const rows = await executor({ driver, database }).readTransaction((tx) => tx.run(statement));
  if (rows.length === 0) return null;
  return { type, size: rows.length, ids: rows.map((r) => r.id), rows };
}

/**
 * Embeds what changed in a batch read. A contextual vector embeds the node's
 * text after its predecessor's ("joint"), or, with `contextMode` "derived",
 * adds the two own vectors (contextVector.ts; one model run per text): the
 * predecessor's vector comes from this batch, else from the store, else is
 * embedded here. With "single", a node gets one vector, of the text search
 * reads (singleVectors). The keys are computed while the model runs on its thread.
 */
export async function embedBatch({ embedder, contextMode, keys = false }: BatchTarget, batch: ReadBatch): Promise<PreparedBatch> {
  const { type, rows } = batch;
  const work = rows.filter((r) => !r.unchanged && r.text.length > 0);
  const vectors = !type.contextBy
    ? jointVectors(embedder, type, work)
    : contextMode === "derived"
      ? derivedVectors(embedder, work)
      : contextMode === "single"
        ? singleVectors(embedder, work)
        : jointVectors(embedder, type, work);
  // Without keys stored, a node whose text changed loses its old ones (null removes them).
  const [{ vectorOf, contextOf, passagesOf }, ownKeys] = await Promise.all([vectors, keys ? keysOf(rows) : rows.map(() => null)]);
  const standing = rows.map((r) => standingMark(r.text));
  const conditionOf = await conditionVectors(embedder, rows, standing);
  return {
    type,
    size: batch.size,
    ids: batch.ids,
    rows: rows.map((r, i) => {
      const own = ownKeys[i] ?? null;
      return {
        tenantId: r.tenantId,
        id: r.id,
        parts: r.parts,
        key: r.key,
        unchanged: r.unchanged,
        keys: own,
        // What the keys index holds: each key under the node's tenant and owner (keyTerms.ts).
        keyTerms: own && keyTerms(own, r.tenantId, r.ownerId),
        vector: vectorOf.get(r) ?? null,
        // Without a predecessor there is no context vector: search falls back to the node's own.
        context: contextOf.get(r) ?? null,
        // A standing instruction ("Always … when I ask about …") is a search list of its own (search/searchQueries.ts,
        // standingHits), compared with a question by the vector of when it applies.
        standing: standing[i]!,
        standingVector: conditionOf.get(r) ?? null,
        // Words of the turn before, whose end the contextual text starts with: search mixes a turn after a long one
        // by its own weight (search/ranking/candidatePool.ts, contextWeightOf). Null without a turn before.
        priorWords: type.contextBy ? r.priorWords : null,
        // A long text's passages (replacing any stored); empty for a text that fits, which removes stale ones.
        passages: r.passages.map((p, k) => ({ ordinal: k, start: p.start, end: p.end, vector: passagesOf.get(r)?.[k] ?? null })).filter((p) => p.vector !== null),
      };
    }),
  };
}

/**
 * The write-back of a batch of one type: each node's vectors, keys, whether
 * it is a standing instruction, the words of the turn before it (contextual
 * types), the version of the rules it was read with (textRules.ts) and READY
 * status. A vector is written only if the text read is still the text stored,
 * so a concurrent update is never overwritten with a stale vector (the node
 * stays PENDING for the next pass).
 */
export function writeBackStatement(type: EmbeddedType): string {
  // Null parts (an optional field left empty) compare as '': a list holding null never equals anything in Cypher.
  const parts = `[${type.fields.map((f) => `coalesce(n.${f}, '')`).join(", ")}]`;
  // The hint keeps the seek by (tenantId, id) whatever the statistics. Planned on an empty store (a new gateway's
  // first batches), Neo4j chose the embeddingStatus index and filtered every PENDING node for each row, and kept
  // that plan for minutes (docs/benchmarks.md, throughput, sixth round: one write-back ran 16-19 s behind a backlog).
  // SEEK, not just INDEX: a plain index hint still let a clean-clone test run plan a scan of the whole index.
  return `UNWIND $rows AS row
     MATCH (n:${type.label} {tenantId: row.tenantId, id: row.id}) USING INDEX SEEK n:${type.label}(tenantId, id)
     WHERE n.embeddingStatus = 'PENDING' AND ${parts} = [part IN row.parts | coalesce(part, '')]
     CALL (n, row) {
       WITH n, row WHERE row.vector IS NOT NULL
       CALL db.create.setNodeVectorProperty(n, 'embedding', row.vector)
     }
     CALL (n, row) {
       WITH n, row WHERE row.context IS NOT NULL
       CALL db.create.setNodeVectorProperty(n, 'contextEmbedding', row.context)
     }
     CALL (n, row) {
       WITH n, row WHERE row.standingVector IS NOT NULL
       CALL db.create.setNodeVectorProperty(n, 'standingEmbedding', row.standingVector)
     }
     CALL (n, row) {
       WITH n, row WHERE row.standingVector IS NULL
       REMOVE n.standingEmbedding
     }
     CALL (n, row) {
       WITH n, row WHERE row.vector IS NULL AND NOT row.unchanged
       REMOVE n.embedding
     }
     CALL (n, row) {
       WITH n, row WHERE row.context IS NULL AND NOT row.unchanged
       REMOVE n.contextEmbedding
     }
     CALL (n, row) {
       WITH n, row WHERE NOT row.unchanged
       OPTIONAL MATCH (old:${PASSAGE_LABEL})-[:${PASSAGE_OF}]->(n)
       DETACH DELETE old
     }
     CALL (n, row) {
       WITH n, row WHERE NOT row.unchanged
       UNWIND row.passages AS part
       CREATE (p:${PASSAGE_LABEL} {tenantId: n.tenantId, ownerId: n.ownerId, ordinal: part.ordinal, start: part.start, end: part.end})-[:${PASSAGE_OF}]->(n)
       WITH p, part
       CALL db.create.setNodeVectorProperty(p, 'embedding', part.vector)
     }
     SET n.embeddingStatus = 'READY', n.embeddingKey = row.key, n.embeddingModel = $model, n.keys = row.keys, n.keyTerms = row.keyTerms,
       n.standing = row.standing, n.textRules = $textRules${
       type.contextBy ? ", n.priorWords = row.priorWords" : ""
     }`;
}

/**
 * Writes a prepared batch and marks it READY, with the text's keys (textKeys.ts,
 * read by search's shared-key list) and their scoped index terms (keyTerms.ts).
 */
export async function commitBatch({ driver, database, embedder }: BatchTarget, batch: PreparedBatch): Promise<void> {
  const statement = noRows(writeBackStatement(batch.type), { rows: batch.rows, model: embedder.model, textRules: cypherInt(TEXT_RULES) });
  // A node of the batch deleted while the statement ran (a forgotten memory, the warm-up tenant removed) fails the
  // whole statement: run it again without it rather than lose the batch's vectors.
  await executor({ driver, database }).writeTransaction((tx) => tx.run(statement), { rerunIfVanished: true });
}

/** Texts keyed between turns of the event loop: parsing is ~2 ms a text, and a batch held the loop (and the model's replies) for 250 ms. */
const KEYS_PER_TURN = 8;

async function keysOf(rows: readonly BatchRow[]): Promise<string[][]> {
  const out: string[][] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % KEYS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    out.push(textKeys(rows[i]!.text));
  }
  return out;
}

/**
 * The vector of when each standing instruction applies (standingCondition),
 * one model run for the batch's few; computed for an unchanged text too, so
 * the start-up backfill (app/migrations.ts) adds it to nodes embedded before.
 */
async function conditionVectors(embedder: Embedder, rows: readonly BatchRow[], standing: readonly (boolean | null)[]): Promise<Map<BatchRow, number[]>> {
  const instructions = rows.filter((_, i) => standing[i] === true);
  if (instructions.length === 0) return new Map();
  const vectors = await embedder.embedPassages(instructions.map((r) => standingCondition(r.text)));
  return new Map(instructions.map((r, i) => [r, vectors[i]!]));
}

interface WorkRow extends TextParts {
  id: string;
  text: string;
  previous: Previous | null;
  priorWords: number | null;
}

/**
 * Each row's own vector, and its passages' when it has any (the own vector is
 * then their mean, normalised: the whole text, not its first window), with
 * `extra` texts embedded in the same model call.
 */
async function ownVectors<R extends WorkRow>(embedder: Embedder, work: readonly R[], extra: readonly string[]) {
  const texts = work.flatMap((r) => (r.passages.length > 0 ? r.passages.map((p) => p.text) : [r.text]));
  const vectors = await embedder.embedPassages([...texts, ...extra]);
  const vectorOf = new Map<R, number[]>();
  const passagesOf = new Map<R, number[][]>();
  let at = 0;
  for (const r of work) {
    const n = Math.max(1, r.passages.length);
    const mine = vectors.slice(at, at + n);
    at += n;
    vectorOf.set(r, n === 1 ? mine[0]! : meanVector(mine));
    if (r.passages.length > 0) passagesOf.set(r, mine);
  }
  return { vectorOf, passagesOf, extra: vectors.slice(at) };
}

/** Own vectors, and contextual ones embedded from the joined texts: two model runs per contextual node. */
async function jointVectors<R extends WorkRow>(embedder: Embedder, type: EmbeddedType, work: R[]) {
  const contextual = type.contextBy ? work.filter((r) => r.context !== r.text) : [];
  const { vectorOf, passagesOf, extra } = await ownVectors(embedder, work, contextual.map((r) => r.context));
  return { vectorOf, passagesOf, contextOf: new Map<R, number[] | null>(contextual.map((r, i) => [r, extra[i]!])) };
}

/**
 * Whether search ranks a node by its contextual vector alone: it has a turn
 * before, of at most CONTEXT_AFTER_WORDS words (search ranks a turn after a
 * longer one by its own vector).
 */
export function readsContext(r: Pick<WorkRow, "context" | "text" | "priorWords">): boolean {
  return r.priorWords !== null && r.priorWords <= CONTEXT_AFTER_WORDS && r.context !== r.text;
}

/**
 * One vector a node, stored as its own: the contextual text's where search
 * reads the contextual vector alone (readsContext), the text's elsewhere. The
 * shipped ranking (contextWeight 1, afterLongContextWeight 0) then scores every
 * node as with both vectors, for one model run a turn instead of two, one
 * vector-index insert instead of two, and a context index left empty. A long
 * text's passages are embedded as always (they bring it in as a candidate).
 */
async function singleVectors<R extends WorkRow>(embedder: Embedder, work: R[]) {
  const contextual = work.filter(readsContext);
  const inContext = new Set(contextual);
  const { vectorOf, passagesOf, extra } = await ownVectors(
    embedder,
    work.filter((r) => !inContext.has(r) || r.passages.length > 0),
    contextual.map((r) => r.context),
  );
  contextual.forEach((r, i) => vectorOf.set(r, extra[i]!));
  return { vectorOf, passagesOf, contextOf: new Map<R, number[] | null>() };
}

/**
 * Own vectors, and contextual ones derived from them and the predecessor's
 * (from this batch, else the store, else embedded in the same run).
 */
async function derivedVectors<R extends WorkRow>(embedder: Embedder, work: R[]) {
  const inBatch = new Set(work.map((r) => r.id));
  const missing = [...new Map(work.flatMap((r) => (r.previous && !r.previous.vector && !inBatch.has(r.previous.id) ? [[r.previous.id, r.previous] as const] : []))).values()];
  const { vectorOf, passagesOf, extra } = await ownVectors(embedder, work, missing.map((p) => embeddingText(p.parts)));
  const byId = new Map<string, number[]>([...missing.map((p, i): [string, number[]] => [p.id, extra[i]!]), ...work.map((r): [string, number[]] => [r.id, vectorOf.get(r)!])]);
  const contextOf = new Map<R, number[] | null>(
    work.flatMap((r): [R, number[] | null][] => (r.previous ? [[r, contextVector(vectorOf.get(r)!, byId.get(r.previous.id) ?? r.previous.vector)]] : [])),
  );
  return { vectorOf, contextOf, passagesOf };
}
