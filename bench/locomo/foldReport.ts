import { meanScores, type QuestionScores } from "./metrics.js";
import type { FoldResult, Scored } from "./folds.js";
import type { Tuning } from "./offlineSearch.js";
import { BEAM_CATEGORIES } from "./beamData.js";

/** LoCoMo's question categories (5, adversarial, has no evidence and is left out) and BEAM's (beamData.ts). */
export const CATEGORIES: Record<number, string> = { 1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", ...BEAM_CATEGORIES };

const fmt = (n: number) => n.toFixed(3);
const row = (name: string, s: QuestionScores, n: number) =>
  `| ${name} | ${n} | ${fmt(s.recall5)} | ${fmt(s.recall10)} | ${fmt(s.recall20)} | ${fmt(s.hit10)} | ${fmt(s.mrr)} | ${fmt(s.ndcg10)} |`;

/** Per category asked and overall: R@5/10/20, hit@10, MRR, NDCG@10. */
export function scoreTable(all: readonly { category: number; scores: QuestionScores }[]): string[] {
  return [
    "| category | questions | R@5 | R@10 | R@20 | hit@10 | MRR | NDCG@10 |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...Object.entries(CATEGORIES).flatMap(([c, name]) => {
      const of = all.filter((s) => s.category === Number(c)).map((s) => s.scores);
      return of.length > 0 ? [row(`${c} ${name}`, meanScores(of), of.length)] : [];
    }),
    ...datasetRows(all),
    row("overall", meanScores(all.map((s) => s.scores)), all.length),
  ];
}

/** With questions of both data sets, each one's overall row (a mean over both would weigh BEAM's 355 questions against LoCoMo's). */
function datasetRows(all: readonly { category: number; scores: QuestionScores }[]): string[] {
  const sets = [
    ["LoCoMo", all.filter((s) => s.category < 10)],
    ["BEAM", all.filter((s) => s.category > 10)],
  ] as const;
  if (sets.some(([, of]) => of.length === 0)) return [];
  return sets.map(([name, of]) => row(`${name} overall`, meanScores(of.map((s) => s.scores)), of.length));
}

const TUNED: (keyof Tuning)[] = ["contextWeight", "afterLongContextWeight", "afterLongWords", "passageShare", "vectorWeight", "rrfK", "neighbourShare", "neighbourWindow", "expansionSeeds", "participantBoost", "periodBoost", "periodSlackDays", "lengthShare", "lengthWords", "longShare", "longWords", "keyWeight", "standingWeight", "standingDepth", "standingFloor"];
const describe = (t: Tuning) => TUNED.map((k) => `${k} ${String(t[k])}`).join(", ");

const meanSd = (xs: readonly number[]) => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length - 1));
  return `${fmt(m)} ± ${fmt(sd)} (min ${fmt(Math.min(...xs))}, max ${fmt(Math.max(...xs))})`;
};

/** Held-out table (each fold's parameters chosen without it), the spread over folds, and the in-sample figure beside it. */
export function foldReport(folds: readonly FoldResult[], inSample: { tuning: Tuning; scored: Scored[] }, defaults: { tuning: Tuning; scored: Scored[] }): string[] {
  const heldOut = folds.flatMap((f) => f.scored);
  const perFold = folds.map((f) => meanScores(f.scored.map((s) => s.scores)));
  return [
    `### Held out (${folds.length} folds${folds.every((f) => !f.heldOut.includes("+")) ? ", one conversation each" : " of several conversations"}; each fold tuned on the other conversations)`,
    ...scoreTable(heldOut),
    "",
    `per-fold mean ± sd: R@10 ${meanSd(perFold.map((s) => s.recall10))}; NDCG@10 ${meanSd(perFold.map((s) => s.ndcg10))}; MRR ${meanSd(perFold.map((s) => s.mrr))}`,
    ...folds.map((f, i) => `- fold ${f.heldOut}: R@10 ${fmt(perFold[i]!.recall10)}, NDCG@10 ${fmt(perFold[i]!.ndcg10)} — ${describe(f.tuning)}`),
    "",
    `### In sample (tuned and scored on all ${folds.length}): ${describe(inSample.tuning)}`,
    ...scoreTable(inSample.scored),
    "",
    `### Defaults as shipped (no tuning): ${describe(defaults.tuning)}`,
    ...scoreTable(defaults.scored),
  ];
}

/** R@10 / NDCG@10 of each data set present, as "LoCoMo 0.808 / 0.640, BEAM …". */
function perSet(scored: readonly Scored[]): string {
  const sets = [
    ["LoCoMo", scored.filter((s) => s.category < 10)],
    ["BEAM", scored.filter((s) => s.category > 10)],
  ] as const;
  return sets
    .filter(([, of]) => of.length > 0)
    .map(([name, of]) => {
      const m = meanScores(of.map((s) => s.scores));
      return `${name} ${fmt(m.recall10)} / ${fmt(m.ndcg10)}`;
    })
    .join(", ");
}

/**
 * Variants of the stored vectors compared by the folds: each one's held-out
 * R@10 / NDCG@10 per data set (its folds' parameters tuned on it), the
 * shipped defaults on it (in sample), and the table of the variant each fold
 * chose on its training groups.
 */
export function variantReport(names: readonly string[], each: readonly (readonly FoldResult[])[], chosen: readonly (FoldResult & { variant: string })[], shipped: readonly Scored[][]): string[] {
  return [
    "### Variants, each held out (R@10 / NDCG@10); the shipped defaults on it, in sample; each fold's objective on its training groups",
    "| variant | held out | shipped defaults | training objective per fold |",
    "| --- | --- | --- | --- |",
    ...names.map((name, i) => `| ${name} | ${perSet(each[i]!.flatMap((f) => f.scored))} | ${perSet(shipped[i]!)} | ${each[i]!.map((f) => f.trained.toFixed(4)).join(", ")} |`),
    "",
    "### Held out, the variant chosen per fold on its training groups",
    ...scoreTable(chosen.flatMap((f) => f.scored)),
    "",
    ...chosen.map((f) => `- fold ${f.heldOut}: ${f.variant}, R@10 / NDCG@10 ${perSet(f.scored)} — ${describe(f.tuning)}`),
    "",
    ...names.flatMap((name, i) => [`#### ${name}, per fold`, ...each[i]!.map((f) => `- fold ${f.heldOut}: ${perSet(f.scored)} — ${describe(f.tuning)}`)]),
  ];
}
