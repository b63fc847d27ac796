import { readFile, writeFile } from "node:fs/promises";
import type { Driver } from "neo4j-driver";
import type { Embedder } from "../../src/core/embedder.js";
import { visibilityParams } from "../../src/auth/policy.js";
import { luceneAnyWord } from "../../src/graph/luceneEscape.js";
import { recallFulltextHits } from "../../src/search/searchQueries.js";
import { NODE_KINDS } from "../../src/search/recallKinds.js";
import { listDepth } from "../../src/search/ranking/candidatePool.js";
import { turnQueryText } from "../../src/search/ranking/queryNames.js";
import type { LocomoSample } from "./locomoData.js";

/** One stored turn as ranking sees it: its key, dialog id, time, people, and both vectors. */
export interface TurnFeatures {
  key: string;
  diaId: string;
  occurredAt: string;
  participants: string[];
  importance: number | null;
  confidence: number | null;
  /** The stored text (the length prior counts its words). */
  content: string;
  own: number[];
  context: number[] | null;
  /** A text too long for the model: its passages' vectors (absent or empty otherwise). */
  passages?: number[][];
  /** A standing instruction: the vector of when it applies (embeddings/standingInstruction.ts); absent otherwise. */
  standing?: number[] | null;
}

/** One question: its query vector and the production full-text list (BM25, best first). */
export interface QuestionFeatures {
  qaIndex: number;
  category: number;
  question: string;
  evidence: string[];
  vector: number[];
  fulltext: { key: string; score: number }[];
  /**
   * The question as searchMemories asks turns by meaning when it names people
   * found in its full-text list (queryNames.ts), with that text's vector;
   * absent when it names no one.
   */
  named?: { text: string; vector: number[] };
}

/** The limit the bench asks searchMemories with: the named text is the one that limit's full-text list gives. */
export const BENCH_LIMIT = 20;

/** The text searchMemories asks turns with for this question (the question itself when it names no one): the people of its full-text list's first rows. Pure. */
export function turnQueryTextOf(question: string, fulltext: readonly { key: string }[], peopleOf: ReadonlyMap<string, readonly string[]>, limit: number): string {
  return turnQueryText(question, fulltext.slice(0, listDepth(limit)).flatMap((h) => peopleOf.get(h.key) ?? []));
}

export interface ConversationFeatures {
  sampleId: string;
  /** In conversation order (occurredAt), as graph expansion walks them. */
  turns: TurnFeatures[];
  questions: QuestionFeatures[];
}

/** Deeper than any list a search of limit ≤ 50 reads, so tuning the depth needs no second read. */
const FULLTEXT_DEPTH = 200;

/**
 * Reads, once, everything the ranking of every question needs: each stored
 * turn with its vectors, each question's embedding, and its full-text list
 * from the production query. The folds then replay the ranking offline
 * (offlineSearch.ts) without another database round trip.
 */
export async function collectFeatures(
  target: { driver: Driver; database: string; embedder: Embedder },
  samples: readonly LocomoSample[],
  agents: ReadonlyMap<string, string>,
  categories: ReadonlySet<number>,
): Promise<ConversationFeatures[]> {
  const out: ConversationFeatures[] = [];
  for (const sample of samples) {
    const agent = agents.get(sample.sampleId)!;
    const { records } = await target.driver.executeQuery(
      `MATCH (m:Memory {ownerId: $agent}) RETURN m.id AS id, m.tenantId AS tenant, m.source AS diaId, toString(m.occurredAt) AS occurredAt,
         m.participants AS participants, m.content AS content, m.importance AS importance, m.confidence AS confidence, m.embedding AS own, m.contextEmbedding AS context, m.standingEmbedding AS standing,
         COLLECT { MATCH (p:Passage)-[:PASSAGE_OF]->(m) RETURN p.embedding ORDER BY p.ordinal } AS passages
       ORDER BY m.occurredAt`,
      { agent },
      { database: target.database },
    );
    const tenantId = records[0]!.get("tenant") as string;
    const turns = records.map((r) => ({
      key: `MEMORY:${r.get("id") as string}`,
      diaId: r.get("diaId") as string,
      occurredAt: r.get("occurredAt") as string,
      participants: r.get("participants") as string[],
      importance: r.get("importance") as number | null,
      confidence: r.get("confidence") as number | null,
      content: r.get("content") as string,
      own: r.get("own") as number[],
      context: r.get("context") as number[] | null,
      passages: r.get("passages") as number[][],
      standing: r.get("standing") as number[] | null,
    }));
    const asked = sample.questions.filter((q) => categories.has(q.category));
    const vectors = await target.embedder.embedQueries(asked.map((q) => q.question));
    const params = {
      ...visibilityParams({ tenantId, agentId: agent, roles: ["agent"] }),
      agentIds: [agent], types: null, tags: null, participants: null, conversationId: null, from: null, to: null, minConfidence: null,
    };
    const peopleOf = new Map(turns.map((t) => [t.key, t.participants ?? []]));
    const questions: QuestionFeatures[] = [];
    for (const [i, q] of asked.entries()) {
      // The full-text list searchMemories reads: the one index over every recalled kind (only memories are stored here).
      const list = await recallFulltextHits(target, NODE_KINDS, luceneAnyWord(q.question), params, FULLTEXT_DEPTH, false);
      const fulltext = list.hits.map((h) => ({ key: h.id, score: h.score }));
      const text = turnQueryTextOf(q.question, fulltext, peopleOf, BENCH_LIMIT);
      const named = text === q.question ? undefined : { text, vector: (await target.embedder.embedQueries([text]))[0]! };
      questions.push({ ...q, vector: vectors[i]!, fulltext, ...(named ? { named } : {}) });
    }
    out.push({ sampleId: sample.sampleId, turns, questions });
  }
  return out;
}

export const saveFeatures = (path: string, features: ConversationFeatures[]) => writeFile(path, JSON.stringify(features));
export async function loadFeatures(path: string): Promise<ConversationFeatures[]> {
  const features = JSON.parse(await readFile(path, "utf8")) as ConversationFeatures[];
  // Files collected before the length prior lack the turns' text: replaying them would silently rank without it.
  if (features.some((c) => c.turns.some((t) => typeof t.content !== "string"))) {
    throw new Error(`${path} holds no turn text (collected before the length prior): collect it again with a live run`);
  }
  return features;
}
