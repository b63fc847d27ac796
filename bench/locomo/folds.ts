import { meanScores, scoreQuestion, type QuestionScores } from "./metrics.js";
import type { ConversationFeatures } from "./features.js";
import { offlineSearch, type Tuning } from "./offlineSearch.js";

/**
 * The values coordinate ascent tries for each tuned parameter (a small grid: no
 * per-question tuning). Expansion seeds stay at 10: twenty scored less held out
 * with shared keys and make the neighbour read twice as long.
 */
export const GRID: Partial<Record<keyof Tuning, number[]>> = {
  contextWeight: [0.25, 0.5, 0.75, 1],
  afterLongContextWeight: [0, 0.5, 1],
  afterLongWords: [100, 200],
  passageShare: [0, 0.25, 0.5, 1],
  vectorWeight: [0.75, 1, 1.5],
  rrfK: [1, 2, 3, 5, 10, 20, 60],
  neighbourShare: [0.1, 0.2, 0.3, 0.5],
  neighbourWindow: [1, 2, 3],
  participantBoost: [1, 1.3, 1.6, 2, 2.5, 3],
  periodBoost: [1, 1.5, 2, 3, 4, 6],
  periodSlackDays: [0, 7, 30],
  lengthShare: [0, 0.2, 0.4, 0.6, 0.8, 1],
  lengthWords: [5, 10, 20, 30, 40],
  longShare: [0, 0.25, 0.5, 0.75, 1],
  longWords: [100, 150, 300, 500],
  keyWeight: [0, 0.25, 0.5, 0.75, 1],
  standingWeight: [0, 0.25, 0.5, 1, 1.5],
  standingDepth: [1, 2, 3],
  standingFloor: [0, 0.6, 0.65, 0.7, 0.75],
};

export interface Scored {
  sampleId: string;
  category: number;
  scores: QuestionScores;
}

/** Every question of these conversations ranked with `tuning` (limit 20, as the bench asks). */
export function evaluate(convs: readonly ConversationFeatures[], tuning: Tuning, now: Date): Scored[] {
  return convs.flatMap((conv) =>
    conv.questions.map((q) => ({ sampleId: conv.sampleId, category: q.category, scores: scoreQuestion(offlineSearch(conv, q, tuning, 20, now), q.evidence) })),
  );
}

/** Conversations dealt into `folds` groups, each set's in turn, so every group holds some of each set. Pure. */
export function foldGroups<C extends { sampleId: string }>(convs: readonly C[], folds: number): C[][] {
  const groups: C[][] = Array.from({ length: Math.min(folds, convs.length) }, () => []);
  const bySet = new Map<string, C[]>();
  for (const c of convs) bySet.set(datasetOf(c.sampleId), [...(bySet.get(datasetOf(c.sampleId)) ?? []), c]);
  let next = 0;
  for (const set of bySet.values()) for (const c of set) groups[next++ % groups.length]!.push(c);
  return groups;
}

/** Which data set a conversation is from: BEAM's chats are named beam-<n> (beamData.ts), LoCoMo's conv-<n>. */
export const datasetOf = (sampleId: string) => (sampleId.startsWith("beam-") ? "beam" : "locomo");

/**
 * What tuning maximises: Recall@10 plus NDCG@10 over every question, each data
 * set weighing the same when both are tuned on together (short chit-chat and
 * long assistant conversations: a default chosen by one alone fits only it).
 */
export function objective(scored: readonly Scored[]): number {
  const sets = new Map<string, Scored[]>();
  for (const s of scored) sets.set(datasetOf(s.sampleId), [...(sets.get(datasetOf(s.sampleId)) ?? []), s]);
  let total = 0;
  for (const of of sets.values()) {
    const m = meanScores(of.map((s) => s.scores));
    total += m.recall10 + m.ndcg10;
  }
  return total / Math.max(1, sets.size);
}

export type Grid = Partial<Record<keyof Tuning, number[]>>;

/** GRID cut to the named parameters (`--tune a,b`): the others keep their start values. Throws on a name GRID lacks. */
export function gridOf(names: readonly string[] | undefined): Grid {
  if (!names) return GRID;
  const unknown = names.filter((n) => !(n in GRID));
  if (unknown.length) throw new Error(`--tune: no grid for ${unknown.join(", ")}; the grid has ${Object.keys(GRID).join(", ")}`);
  return Object.fromEntries(names.map((n) => [n, GRID[n as keyof Tuning]])) as Grid;
}

/** Coordinate ascent over `grid` from `start`, a few rounds or until nothing moves. */
export function tune(convs: readonly ConversationFeatures[], start: Tuning, now: Date, rounds = 3, grid: Grid = GRID): Tuning {
  let best = start;
  let bestValue = objective(evaluate(convs, best, now));
  for (let round = 0; round < rounds; round++) {
    let moved = false;
    for (const [name, values] of Object.entries(grid) as [keyof Tuning, number[]][]) {
      for (const value of values) {
        if (best[name] === value) continue;
        const candidate = { ...best, [name]: value };
        const v = objective(evaluate(convs, candidate, now));
        if (v > bestValue + 1e-9) {
          best = candidate;
          bestValue = v;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  return best;
}

export interface FoldResult {
  heldOut: string;
  tuning: Tuning;
  /** The objective the tuning reached on the other groups (what a choice among variants may read). */
  trained: number;
  scored: Scored[];
}

/**
 * `folds` groups of conversations, each set's conversations dealt round the
 * groups in turn (so each group holds some of each set): tune on the other
 * groups, score the one left out, for each in turn. With one conversation a
 * group, leave-one-out.
 */
export function leaveGroupsOut(convs: readonly ConversationFeatures[], folds: number, start: Tuning, now: Date, grid: Grid = GRID): FoldResult[] {
  return foldGroups(convs, folds).map((held) => {
    const training = convs.filter((c) => !held.includes(c));
    const tuning = tune(training, start, now, 3, grid);
    return { heldOut: held.map((c) => c.sampleId).join("+"), tuning, trained: objective(evaluate(training, tuning, now)), scored: evaluate(held, tuning, now) };
  });
}

/** One way of making the stored vectors (bench/recontext.ts), as features of the same conversations. */
export interface Variant {
  name: string;
  features: ConversationFeatures[];
}

/** A fold whose variant was chosen among several by the objective on its training groups. */
export interface ChosenFold extends FoldResult {
  variant: string;
}

/**
 * Leave-groups-out over several variants of the same conversations: each
 * variant's folds as `leaveGroupsOut` gives them, and for each fold the
 * variant whose tuning scored best on the training groups (never on the
 * held-out one), with its held-out scores. A choice such as the length of the
 * contextual text is then tuned as a parameter is.
 */
export function chooseVariants(variants: readonly Variant[], folds: number, start: Tuning, now: Date, grid: Grid = GRID): { each: FoldResult[][]; chosen: ChosenFold[] } {
  const ids = variants.map((v) => v.features.map((c) => c.sampleId).join(","));
  if (ids.some((id) => id !== ids[0])) throw new Error("variants must hold the same conversations in the same order");
  const each = variants.map((v) => leaveGroupsOut(v.features, folds, start, now, grid));
  const chosen = each[0]!.map((_, f) => {
    const best = variants.reduce((b, _v, i) => (each[i]![f]!.trained > each[b]![f]!.trained ? i : b), 0);
    return { ...each[best]![f]!, variant: variants[best]!.name };
  });
  return { each, chosen };
}
