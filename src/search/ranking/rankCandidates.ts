import { CONTEXT_AFTER_WORDS } from "../../embeddings/longText.js";
import { fuseRanked } from "./fusion.js";
import { lengthWeight, longWeight } from "./lengthPrior.js";
import { maximalMarginalRelevance } from "./mmr.js";
import { DEFAULT_WEIGHTING, recencyWeight, shareWeight, type WeightingOptions } from "./weighting.js";

/** One result of one retriever: its rank (from 1) within that retriever's list, and its raw score. */
export interface ListHit {
  id: string;
  rank: number;
  score: number;
}

/** What ranking needs to know of a candidate besides the lists it is in. */
export interface CandidateFacts {
  id: string;
  occurredAt: Date | null;
  importance: number | null;
  confidence: number | null;
  vector: readonly number[] | null;
  /** The query names one of its participants (the Discord agent squad: memories involving who is in the conversation come first). */
  mentioned: boolean;
  /** It happened in the period the query names (queryPeriod.ts), slack included. */
  inPeriod: boolean;
  /** Words in a conversational turn (lengthPrior.ts); null for what is not one (a fact). */
  words?: number | null;
}

/** A neighbour found by graph expansion: `id` sits next to hit `of` (and inherits `neighbourShare` of its fused score). */
export interface Neighbour {
  id: string;
  of: string;
}

/** Why a result scored what it did (returned with `explain`). */
export interface ScoreParts {
  fulltextRank: number | null;
  fulltextScore: number | null;
  vectorRank: number | null;
  vectorScore: number | null;
  /** Its rank among the standing instructions closest to the query; null for anything else. */
  standingRank: number | null;
  /** Reciprocal-rank fusion of the lists. */
  fused: number;
  /** Score inherited from the neighbouring hit(s) it was expanded from. */
  graph: number;
  expandedFrom: string[];
  recency: number;
  importance: number;
  confidence: number;
  /** participantBoost when the query names one of its participants, else 1. */
  participant: number;
  /** periodBoost when it happened in the period the query names, else 1. */
  time: number;
  /** The length prior: below 1 for a short turn, or a very long one (lengthPrior.ts). */
  length: number;
  /** (fused + graph) × recency × importance × confidence × participant × time × length. */
  weighted: number;
  /** Highest similarity to a better result (MMR's penalty). */
  redundancy: number;
}

export interface RankedHit {
  id: string;
  score: number;
  parts: ScoreParts;
}

export interface RankOptions {
  limit: number;
  now: Date;
  /** MMR trade-off: 1 = relevance only, lower = more diverse. */
  lambda: number;
  /** Share of a hit's fused score its neighbours inherit. */
  neighbourShare: number;
  /** How many turns on each side of a hit graph expansion brings. */
  neighbourWindow: number;
  /** How many of the best hits bring their neighbours. */
  expansionSeeds: number;
  /** Factor for candidates whose participants the query names. */
  participantBoost: number;
  /** Factor for candidates that happened in the period the query names ("in May 2023"). */
  periodBoost: number;
  /** Days after the named period that still count as in it. */
  periodSlackDays: number;
  /** Share of its score a very short turn can lose (0 = no length prior). */
  lengthShare: number;
  /** Turns of at least this many words lose nothing to the length prior. */
  lengthWords: number;
  /** Share of its score a very long turn can lose (lengthPrior.ts, `longWeight`; 0 = none). */
  longShare: number;
  /** Turns of at most this many words lose nothing to the long end of the length prior. */
  longWords: number;
  rrfK: number;
  /** Weight of the full-text list in the fusion. */
  fulltextWeight: number;
  /** Weight of the vector list in the fusion. */
  vectorWeight: number;
  /** Weight of the list of turns sharing the query's keys (sharedKeys.ts) in the fusion; 0 = not read. */
  keyWeight: number;
  /** Weight of the list of standing instructions (embeddings/standingInstruction.ts), closest first, in the fusion; 0 = not read. */
  standingWeight: number;
  /** How many standing instructions that list holds: the closest to the query. */
  standingDepth: number;
  /** The least cosine of the query to when an instruction applies for it to be in that list. */
  standingFloor: number;
  /** Share of the contextual cosine in a node's closeness to the query (candidatePool.ts, `closenessOf`). */
  contextWeight: number;
  /** The same share for a turn whose turn before was longer than `afterLongWords` words (candidatePool.ts, `contextWeightOf`). */
  afterLongContextWeight: number;
  /** Words of the turn before above which `afterLongContextWeight` applies. */
  afterLongWords: number;
  /**
   * Share of the way from its closeness to its closest passage's cosine that a
   * text too long for the model gains (candidatePool.ts, `closenessOf`): 1
   * scores it by that passage when it is closer, 0 lets passages only bring
   * it in as a candidate.
   */
  passageShare: number;
  weighting: WeightingOptions;
}

/**
 * Two parameter sets, each chosen by leave-one-conversation-out tuning on the
 * LoCoMo development set (`npm run bench:locomo -- --folds 5`,
 * docs/benchmarks.md) for the lists it fuses: each value is what most folds
 * (tuned on four conversations) chose. A small RRF k trusts the head of each
 * list; the named period ("in May 2023") weighs heavily because a question that
 * names one is nearly always about it; a short turn loses up to 0.6 of its
 * score (every fold chose 0.6 or 0.8).
 *
 * Without shared keys (SEARCH_SHARED_KEYS=off): held out R@10
 * 0.783, NDCG@10 0.623.
 */
export const PLAIN_RANK_OPTIONS: Omit<RankOptions, "limit" | "now"> = {
  lambda: 0.8,
  neighbourShare: 0.3,
  neighbourWindow: 2,
  expansionSeeds: 10,
  participantBoost: 2.5,
  periodBoost: 6,
  periodSlackDays: 7,
  lengthShare: 0.6,
  lengthWords: 20,
  // Every fold of the same tuning chose share 1; the first grid's folds 150 words, the wider grid's 100 (within 0.007 in
  // sample; 150 spares more long texts). A turn of 600 words keeps a quarter of its score.
  longShare: 1,
  longWords: 150,
  rrfK: 3,
  fulltextWeight: 1,
  vectorWeight: 1,
  keyWeight: 0,
  contextWeight: 0.75,
  // Tuned with both sets (LoCoMo and BEAM 100K), held out in five groups (docs/benchmarks.md): every fold chose 200
  // words, three of five the own vector alone (0), two 0.5. LoCoMo's chat lines are never that long: it ranks as before.
  // EMBEDDING_CONTEXT=single embeds only the text this picks (embeddings/embedBatch.ts, singleVectors): one threshold.
  afterLongContextWeight: 0,
  afterLongWords: CONTEXT_AFTER_WORDS,
  // BEAM's long chats, offline, shipped ranking: scoring a long text by its closest passage (1) lost 0.015 R@10 in every
  // question kind, as long answers then outranked the short user turns that hold most evidence; 0 keeps passages as a
  // way in (the passage index brings the text in, scored by its whole-text vector). To be tuned with both sets (#52).
  passageShare: 0,
  // The standing-instruction list, tuned with both sets and shared keys on, held out in five groups (docs/benchmarks.md):
  // every fold chose 1.5 (2 and 3 scored less in sample: the rule then outranks the evidence of preference questions),
  // three of five the two closest, none a floor. BEAM 100K R@10 0.570 → 0.615, NDCG@10 0.501 → 0.528 held out
  // (instruction following 0.16 → 0.80 in sample); LoCoMo, with no such turns, unchanged.
  standingWeight: 1.5,
  standingDepth: 2,
  standingFloor: 0,
  weighting: DEFAULT_WEIGHTING,
};

/**
 * With shared keys (SEARCH_SHARED_KEYS=on): the shared-key list weighs 0.75
 * (four folds; 1 the fifth), and the other values moved with it: the vector
 * list 1.5 (all five folds), RRF k 2 (four), contextual closeness alone, 30 words
 * as full length, participant boost 3 (all five). The period boost stays 6:
 * three folds chose 4, which scores the same on all five. Ten expansion seeds,
 * as without keys: a hop along rare keys and twenty seeds scored less held out
 * and cost a read each. Held out R@10 0.812, NDCG@10 0.651 (docs/benchmarks.md);
 * 0.815 / 0.660 since turns are asked without the people a query names
 * (queryNames.ts), the same values chosen by most folds.
 * A turn after a long one (`afterLong…`) and the long end of the length prior
 * (`long…`) were tuned later with both sets, each fold on one LoCoMo
 * conversation and four BEAM chats held out: LoCoMo unchanged, BEAM 100K
 * R@10 0.458 → 0.573, NDCG@10 0.309 → 0.498 (`bench:locomo --tune`, docs/benchmarks.md).
 */
export const SHARED_KEYS_RANK_OPTIONS: Omit<RankOptions, "limit" | "now"> = {
  ...PLAIN_RANK_OPTIONS,
  participantBoost: 3,
  lengthWords: 30,
  rrfK: 2,
  vectorWeight: 1.5,
  keyWeight: 0.75,
  contextWeight: 1,
};

/** The parameters searchMemories ranks with, by whether it reads shared keys. */
export const rankOptionsFor = (sharedKeys: boolean) => (sharedKeys ? SHARED_KEYS_RANK_OPTIONS : PLAIN_RANK_OPTIONS);

/** How the lists are fused: RRF's k and each list's weight. */
export type FusionOptions = Pick<RankOptions, "rrfK" | "fulltextWeight" | "vectorWeight" | "keyWeight" | "standingWeight">;

/** The lists a search fuses: full text, vectors, and when read, shared keys and standing instructions. */
export interface RankLists {
  fulltext: readonly ListHit[];
  vector: readonly ListHit[];
  keys?: readonly ListHit[];
  standing?: readonly ListHit[];
}

/**
 * Fuses full-text and vector hits (weighted reciprocal-rank fusion). Several
 * sources (memories, messages) each bring their own lists; ranks are per list. Pure.
 */
export function fuseLists(
  { fulltext, vector, keys = [], standing = [] }: RankLists,
  { rrfK = 60, fulltextWeight = 1, vectorWeight = 1, keyWeight = 0, standingWeight = 0 }: Partial<FusionOptions> = {},
): Map<string, number> {
  return fuseRanked(
    [
      ...fulltext.map((h) => ({ ...h, weight: fulltextWeight })),
      ...vector.map((h) => ({ ...h, weight: vectorWeight })),
      ...(keyWeight > 0 ? keys.map((h) => ({ ...h, weight: keyWeight })) : []),
      ...(standingWeight > 0 ? standing.map((h) => ({ ...h, weight: standingWeight })) : []),
    ],
    rrfK,
  );
}

/**
 * The whole ranking after retrieval: fused lists, plus what neighbours inherit
 * from their hits, weighted by recency, importance and confidence, then
 * diversified by MMR. Pure: every input comes in, nothing is read.
 */
export function rankCandidates(lists: RankLists, neighbours: readonly Neighbour[], facts: ReadonlyMap<string, CandidateFacts>, options: RankOptions): RankedHit[] {
  const fused = fuseLists(lists, options);
  const graph = new Map<string, { score: number; from: string[] }>();
  for (const { id, of } of neighbours) {
    const inherited = (fused.get(of) ?? 0) * options.neighbourShare;
    const entry = graph.get(id) ?? { score: 0, from: [] };
    entry.score = Math.max(entry.score, inherited);
    entry.from.push(of);
    graph.set(id, entry);
  }
  const rankIn = (list: readonly ListHit[]) => new Map(list.map((h) => [h.id, { rank: h.rank, score: h.score }]));
  const fulltextRanks = rankIn(lists.fulltext);
  const vectorRanks = rankIn(lists.vector);
  const standingRanks = rankIn(lists.standing ?? []);

  const scored = [...new Set([...fused.keys(), ...graph.keys()])]
    .filter((id) => facts.has(id))
    .map((id) => {
      const f = facts.get(id)!;
      const recency = recencyWeight(f.occurredAt, options.now, options.weighting);
      const importance = shareWeight(f.importance, options.weighting.importanceShare);
      const confidence = shareWeight(f.confidence, options.weighting.confidenceShare);
      const participant = f.mentioned ? options.participantBoost : 1;
      const time = f.inPeriod ? options.periodBoost : 1;
      const length = lengthWeight(f.words, options.lengthShare, options.lengthWords) * longWeight(f.words, options.longShare, options.longWords);
      const base = (fused.get(id) ?? 0) + (graph.get(id)?.score ?? 0);
      const parts: ScoreParts = {
        fulltextRank: fulltextRanks.get(id)?.rank ?? null,
        fulltextScore: fulltextRanks.get(id)?.score ?? null,
        vectorRank: vectorRanks.get(id)?.rank ?? null,
        vectorScore: vectorRanks.get(id)?.score ?? null,
        standingRank: standingRanks.get(id)?.rank ?? null,
        fused: fused.get(id) ?? 0,
        graph: graph.get(id)?.score ?? 0,
        expandedFrom: graph.get(id)?.from ?? [],
        recency,
        importance,
        confidence,
        participant,
        time,
        length,
        weighted: base * recency * importance * confidence * participant * time * length,
        redundancy: 0,
      };
      return { id, parts, vector: f.vector };
    })
    .sort((a, b) => b.parts.weighted - a.parts.weighted);

  const picked = maximalMarginalRelevance(
    scored.map((s) => ({ id: s.id, score: s.parts.weighted, vector: s.vector })),
    options.limit,
    options.lambda,
  );
  const byId = new Map(scored.map((s) => [s.id, s]));
  return picked.map(({ id, redundancy }) => {
    const parts = { ...byId.get(id)!.parts, redundancy };
    return { id, score: parts.weighted, parts };
  });
}
