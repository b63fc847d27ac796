import { meanScores, type QuestionScores } from "./metrics.js";
import type { FoldResult, Scored } from "./folds.js";
import type { Tuning } from "./offlineSearch.js";

export const CATEGORIES: Record<number, string> = { 1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop" };

const fmt = (n: number) => n.toFixed(3);
const row = (name: string, s: QuestionScores, n: number) =>
  `| ${name} | ${n} | ${fmt(s.recall5)} | ${fmt(s.recall10)} | ${fmt(s.recall20)} | ${fmt(s.hit10)} | ${fmt(s.mrr)} | ${fmt(s.ndcg10)} |`;

/** Per category and overall: R@5/10/20, hit@10, MRR, NDCG@10. */
export function scoreTable(all: readonly { category: number; scores: QuestionScores }[]): string[] {
  return [
    "| category | questions | R@5 | R@10 | R@20 | hit@10 | MRR | NDCG@10 |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...Object.entries(CATEGORIES).map(([c, name]) => {
      const of = all.filter((s) => s.category === Number(c)).map((s) => s.scores);
      return row(`${c} ${name}`, meanScores(of), of.length);
    }),
    row("overall", meanScores(all.map((s) => s.scores)), all.length),
  ];
}

const TUNED: (keyof Tuning)[] = ["contextWeight", "vectorWeight", "rrfK", "neighbourShare", "neighbourWindow", "expansionSeeds", "participantBoost", "periodBoost", "periodSlackDays", "lengthShare", "lengthWords", "keyWeight"];
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
    `### Held out (leave one conversation out, ${folds.length} folds; each fold tuned on the other conversations)`,
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
