import { candidatePool, closenessOf, contextWeightOf, listDepth } from "../../src/search/ranking/candidatePool.js";
import { mentionsParticipant } from "../../src/search/ranking/mentions.js";
import { wordCount } from "../../src/embeddings/wordCount.js";
import { inPeriod, queryPeriod } from "../../src/search/ranking/queryPeriod.js";
import { sharedKeyList, type KeyedTurn } from "../../src/search/ranking/sharedKeys.js";
import { textKeys } from "../../src/embeddings/textKeys.js";
import { fuseLists, rankCandidates, type CandidateFacts, type ListHit, type Neighbour, type RankOptions } from "../../src/search/ranking/rankCandidates.js";
import { turnQueryTextOf, type ConversationFeatures, type QuestionFeatures, type TurnFeatures } from "./features.js";

/** The ranking parameters the folds tune: those of searchMemories (rankCandidates.ts: PLAIN_RANK_OPTIONS, SHARED_KEYS_RANK_OPTIONS). */
export type Tuning = Omit<RankOptions, "limit" | "now">;

const dot = (a: readonly number[], b: readonly number[]) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/**
 * The vector searchMemories asks turns with: the question's own, or, when it
 * names people of its full-text list, that of the text without them
 * (queryNames.ts), collected with the features for the bench's limit.
 */
function turnVectorOf(conv: ConversationFeatures, q: QuestionFeatures, limit: number): number[] {
  const text = turnQueryTextOf(q.question, q.fulltext, peopleOf(conv), limit);
  if (text === q.question) return q.vector;
  if (q.named?.text !== text) throw new Error(`features lack the vector of "${text}" (collected before queryNames.ts, or for another limit): collect them again with a live run`);
  return q.named.vector;
}
const peopleCache = new WeakMap<ConversationFeatures, Map<string, string[]>>();
function peopleOf(conv: ConversationFeatures): Map<string, string[]> {
  let p = peopleCache.get(conv);
  if (!p) {
    p = new Map(conv.turns.map((t) => [t.key, t.participants ?? []]));
    peopleCache.set(conv, p);
  }
  return p;
}

/** Per question, the cosines of the query to every turn's own and contextual vector (vectors are unit length). */
const cosines = new WeakMap<QuestionFeatures, { own: Float64Array; context: (number | null)[]; passage: (number | null)[] }>();
function cosinesOf(conv: ConversationFeatures, q: QuestionFeatures, limit: number) {
  let c = cosines.get(q);
  if (!c) {
    const v = turnVectorOf(conv, q, limit);
    c = {
      own: Float64Array.from(conv.turns, (t) => dot(v, t.own)),
      context: conv.turns.map((t) => (t.context ? dot(v, t.context) : null)),
      passage: conv.turns.map((t) => (t.passages?.length ? Math.max(...t.passages.map((p) => dot(v, p))) : null)),
    };
    cosines.set(q, c);
  }
  return c;
}

/**
 * Per conversation, each turn's `priorWords` as the embedding worker stores it: the words of the turn before in the
 * conversation (the stored order is the worker's: by occurredAt), null for the first.
 */
const priorCache = new WeakMap<ConversationFeatures, (number | null)[]>();
function priorWordsOf(conv: ConversationFeatures): (number | null)[] {
  let p = priorCache.get(conv);
  if (!p) {
    p = conv.turns.map((_, i) => (i > 0 ? wordCount(conv.turns[i - 1]!.content) : null));
    priorCache.set(conv, p);
  }
  return p;
}

/** Per question and period slack, what ranking knows of each turn (as searchMemories' factsOf builds it). */
const factsCache = new WeakMap<QuestionFeatures, Map<number, Map<string, CandidateFacts>>>();
function factsOf(conv: ConversationFeatures, q: QuestionFeatures, slackDays: number, now: Date): Map<string, CandidateFacts> {
  const bySlack = factsCache.get(q) ?? new Map<number, Map<string, CandidateFacts>>();
  factsCache.set(q, bySlack);
  let f = bySlack.get(slackDays);
  if (!f) {
    const period = queryPeriod(q.question, now);
    f = new Map(
      conv.turns.map((t): [string, CandidateFacts] => {
        const occurredAt = new Date(t.occurredAt);
        return [
          t.key,
          {
            id: t.key,
            occurredAt,
            importance: t.importance,
            confidence: t.confidence,
            vector: null,
            mentioned: mentionsParticipant(q.question, t.participants),
            inPeriod: inPeriod(occurredAt, period, slackDays),
            words: wordCount(t.content),
          },
        ];
      }),
    );
    bySlack.set(slackDays, f);
  }
  return f;
}

/** Per conversation, each turn's keys (as ingest stores them: textKeys of the content). */
const keyedCache = new WeakMap<ConversationFeatures, Map<string, KeyedTurn>>();
function keyedOf(conv: ConversationFeatures): Map<string, KeyedTurn> {
  let k = keyedCache.get(conv);
  if (!k) {
    k = new Map(conv.turns.map((t) => [t.key, { id: t.key, keys: textKeys(t.content), at: Date.parse(t.occurredAt) }]));
    keyedCache.set(conv, k);
  }
  return k;
}
const queryKeysCache = new WeakMap<QuestionFeatures, string[]>();
function queryKeysOf(q: QuestionFeatures): string[] {
  let k = queryKeysCache.get(q);
  if (!k) {
    k = textKeys(q.question);
    queryKeysCache.set(q, k);
  }
  return k;
}
/** The turns holding any of these keys, as the live read returns them. */
const holding = (keyed: Map<string, KeyedTurn>, keys: readonly string[]) => {
  const wanted = new Set(keys);
  return [...keyed.values()].filter((t) => t.keys.some((k) => wanted.has(k)));
};

/**
 * The vector list of a question: every turn by its closeness, best first. It
 * depends only on the closeness parameters, so tuning the others reuses it.
 */
const vectorLists = new WeakMap<QuestionFeatures, Map<string, ListHit[]>>();
function vectorListOf(conv: ConversationFeatures, q: QuestionFeatures, tuning: Tuning, limit: number): ListHit[] {
  const depth = listDepth(limit);
  const byMix = vectorLists.get(q) ?? new Map<string, ListHit[]>();
  vectorLists.set(q, byMix);
  const mix = `${tuning.contextWeight},${tuning.afterLongContextWeight},${tuning.afterLongWords},${tuning.passageShare},${depth}`;
  let list = byMix.get(mix);
  if (!list) {
    const { own, context, passage } = cosinesOf(conv, q, limit);
    const prior = priorWordsOf(conv);
    list = conv.turns
      .map((t, i) => ({ id: t.key, score: closenessOf(own[i]!, context[i]!, contextWeightOf(prior[i], tuning), passage[i]!, tuning.passageShare) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, depth)
      .map((h, i) => ({ ...h, rank: i + 1 }));
    byMix.set(mix, list);
  }
  return list;
}

/** Per conversation, its standing instructions: the turns the embedding worker stored a condition vector for. */
const standingCache = new WeakMap<ConversationFeatures, TurnFeatures[]>();
function standingOf(conv: ConversationFeatures): TurnFeatures[] {
  let s = standingCache.get(conv);
  if (!s) {
    s = conv.turns.filter((t) => t.standing);
    standingCache.set(conv, s);
  }
  return s;
}

/**
 * The standing-instruction list of a question (searchQueries.ts, standingHits): the conversation's instructions by
 * the cosine of the question to when each applies, those of at least `standingFloor`, the closest `standingDepth`.
 */
function standingListOf(conv: ConversationFeatures, q: QuestionFeatures, tuning: Tuning, limit: number): ListHit[] {
  const v = turnVectorOf(conv, q, limit);
  return standingOf(conv)
    .map((t) => ({ id: t.key, score: dot(v, t.standing!) }))
    .filter((h) => h.score >= tuning.standingFloor)
    .sort((a, b) => b.score - a.score)
    .slice(0, tuning.standingDepth)
    .map((h, i) => ({ ...h, rank: i + 1 }));
}

/** Per conversation, each turn's place in it and its dialog id, by key. */
const lookups = new WeakMap<ConversationFeatures, { index: Map<string, number>; diaOf: Map<string, string> }>();
function lookupsOf(conv: ConversationFeatures) {
  let l = lookups.get(conv);
  if (!l) {
    l = { index: new Map(conv.turns.map((t, i) => [t.key, i])), diaOf: new Map(conv.turns.map((t) => [t.key, t.diaId])) };
    lookups.set(conv, l);
  }
  return l;
}

/** The shared-key list of a question, which no tuned parameter changes. */
const keyLists = new WeakMap<QuestionFeatures, Map<number, ListHit[]>>();
function keyListOf(conv: ConversationFeatures, q: QuestionFeatures, depth: number): ListHit[] {
  const byDepth = keyLists.get(q) ?? new Map<number, ListHit[]>();
  keyLists.set(q, byDepth);
  let list = byDepth.get(depth);
  if (!list) {
    const queryKeys = queryKeysOf(q);
    list = sharedKeyList(queryKeys, holding(keyedOf(conv), queryKeys), depth);
    byDepth.set(depth, list);
  }
  return list;
}

/**
 * Replays searchMemories' ranking for one question over collected features,
 * with the production pure functions (list depth, fusion, candidate pool,
 * neighbours by turn order, rankCandidates) and the given parameters. The
 * vector list is scored exactly over the conversation's turns, as the scoped
 * fallback of the vector query does. Returns dialog ids, best first. Pure.
 */
export function offlineSearch(conv: ConversationFeatures, q: QuestionFeatures, tuning: Tuning, limit: number, now: Date): string[] {
  const depth = listDepth(limit);
  const fulltext: ListHit[] = q.fulltext.slice(0, depth).map((h, i) => ({ id: h.key, rank: i + 1, score: h.score }));
  const vector = vectorListOf(conv, q, tuning, limit);
  const keys: ListHit[] = tuning.keyWeight > 0 ? keyListOf(conv, q, depth) : [];
  const standing: ListHit[] = tuning.standingWeight > 0 ? standingListOf(conv, q, tuning, limit) : [];
  const fused = fuseLists({ fulltext, vector, keys, standing }, tuning);
  const { pool, seeds } = candidatePool(fused, limit, tuning.expansionSeeds, () => true);
  const { index, diaOf } = lookupsOf(conv);
  const links: Neighbour[] = seeds.flatMap((of) => {
    const at = index.get(of)!;
    return conv.turns
      .slice(Math.max(0, at - tuning.neighbourWindow), at + tuning.neighbourWindow + 1)
      .filter((t) => t.key !== of)
      .map((t) => ({ id: t.key, of }));
  });
  const kept = new Set([...pool, ...links.map((l) => l.id)]);
  const ranked = rankCandidates(
    {
      fulltext: fulltext.filter((h) => kept.has(h.id)),
      vector: vector.filter((h) => kept.has(h.id)),
      keys: keys.filter((h) => kept.has(h.id)),
      standing: standing.filter((h) => kept.has(h.id)),
    },
    links,
    factsOf(conv, q, tuning.periodSlackDays, now),
    { ...tuning, limit, now },
  );
  return ranked.map((r) => diaOf.get(r.id)!);
}
