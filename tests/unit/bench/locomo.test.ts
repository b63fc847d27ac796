import { describe, expect, it } from "vitest";
import { evidenceIds, parseSessionDate } from "../../../bench/locomo/locomoData.js";
import { ndcgAt, percentile, recallAt, scoreQuestion } from "../../../bench/locomo/metrics.js";

describe("LoCoMo benchmark arithmetic", () => {
  it("recall counts the share of evidence in the top k", () => {
    expect(recallAt(["a", "b", "c"], ["b", "z"], 2)).toBe(0.5);
    expect(recallAt(["a"], [], 10)).toBe(0);
  });

  it("MRR, hit@10 and NDCG follow the first and every relevant rank", () => {
    const ranked = ["x", "e1", "y", "e2"];
    expect(scoreQuestion(ranked, ["e1", "e2"])).toMatchObject({ hit10: 1, mrr: 0.5, recall5: 1 });
    expect(ndcgAt(ranked, ["e1", "e2"], 10)).toBeCloseTo((1 / Math.log2(3) + 1 / Math.log2(5)) / (1 + 1 / Math.log2(3)));
    expect(scoreQuestion(["x"], ["e"])).toMatchObject({ hit10: 0, mrr: 0, ndcg10: 0 });
  });

  it("percentiles by nearest rank", () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
  });

  it("reads session dates and splits joined evidence ids", () => {
    expect(parseSessionDate("1:56 pm on 8 May, 2023").toISOString()).toBe("2023-05-08T13:56:00.000Z");
    expect(parseSessionDate("12:05 am on 1 January 2024").toISOString()).toBe("2024-01-01T00:05:00.000Z");
    expect(evidenceIds(["D8:6; D9:17", "D1:3", "D1:3", "D"])).toEqual(["D8:6", "D9:17", "D1:3"]);
  });
});

// The first test imports the bench's modules (0.7 s idle): beside the database tiers in CI that passes the unit tier's 5 s.
describe("BEAM and folds over both sets", { timeout: 30_000 }, () => {
  it("--tune cuts the grid to the named parameters and names one the grid lacks", async () => {
    const { GRID, gridOf } = await import("../../../bench/locomo/folds.js");
    expect(gridOf(undefined)).toBe(GRID);
    expect(gridOf(["longShare", "afterLongWords"])).toEqual({ longShare: GRID.longShare, afterLongWords: GRID.afterLongWords });
    expect(() => gridOf(["longShare", "limit"])).toThrow(/no grid for limit/);
  });

  it("reads a BEAM chat: one turn per message, dated from its anchors, questions with their source messages, abstention left out", async () => {
    const { mkdtemp, mkdir, writeFile } = await import("node:fs/promises");
    const os = await import("node:os");
    const path = await import("node:path");
    const { readBeam } = await import("../../../bench/locomo/beamData.js");
    const dir = await mkdtemp(path.join(os.tmpdir(), "beam-"));
    await mkdir(path.join(dir, "1", "probing_questions"), { recursive: true });
    const chat = [
      { batch_number: 1, time_anchor: null, turns: [[{ role: "user", id: 0, time_anchor: "March-15-2024", content: "My sprint ends on March 29." }, { role: "assistant", id: 1, content: "Noted." }]] },
      { batch_number: 2, turns: [[{ role: "user", id: 2, content: "Add a notes column." }]] },
    ];
    const questions = {
      information_extraction: [{ question: "When does my sprint end?", source_chat_ids: [0] }],
      multi_session_reasoning: [{ question: "What did I add?", source_chat_ids: [2, 0] }],
      knowledge_update: [{ question: "Updated?", source_chat_ids: { original_info: [0], updated_info: [2] } }],
      abstention: [{ question: "Unknown?", source_chat_ids: null }],
    };
    await writeFile(path.join(dir, "1", "chat.json"), JSON.stringify(chat));
    await writeFile(path.join(dir, "1", "probing_questions", "probing_questions.json"), JSON.stringify(questions));
    const [sample] = await readBeam(dir);
    expect(sample!.sampleId).toBe("beam-1");
    expect(sample!.turns.map((t) => [t.diaId, t.speaker, t.occurredAt])).toEqual([
      ["M0", "user", "2024-03-15T00:00:00.000Z"],
      ["M1", "assistant", "2024-03-15T00:01:00.000Z"],
      ["M2", "user", "2024-03-15T00:02:00.000Z"],
    ]);
    expect(sample!.questions.map((q) => [q.category, q.evidence])).toEqual([
      [11, ["M0"]],
      [12, ["M2", "M0"]],
      [13, ["M0", "M2"]],
    ]);
  });

  it("deals each set's conversations round the fold groups, and weighs each set the same in the objective", async () => {
    const { foldGroups, objective } = await import("../../../bench/locomo/folds.js");
    const convs = ["conv-1", "conv-2", "beam-1", "beam-2", "beam-3", "beam-4"].map((sampleId) => ({ sampleId }));
    expect(foldGroups(convs, 2).map((g) => g.map((c) => c.sampleId))).toEqual([
      ["conv-1", "beam-1", "beam-3"],
      ["conv-2", "beam-2", "beam-4"],
    ]);
    expect(foldGroups(convs, 10)).toHaveLength(6);
    const perfect = { recall5: 1, recall10: 1, recall20: 1, hit10: 1, mrr: 1, ndcg10: 1 };
    const zero = { recall5: 0, recall10: 0, recall20: 0, hit10: 0, mrr: 0, ndcg10: 0 };
    // One LoCoMo question found, three BEAM questions missed: each set weighs half, whatever its number of questions.
    const scored = [
      { sampleId: "conv-1", category: 1, scores: perfect },
      ...[1, 2, 3].map(() => ({ sampleId: "beam-1", category: 11, scores: zero })),
    ];
    expect(objective(scored)).toBeCloseTo(1);
  });
});

describe("variants of the stored vectors chosen by the folds", () => {
  /** Three turns and one question asking for the last; `found` puts that turn nearest the question's vector, else farthest. */
  const conversation = (sampleId: string, found: boolean) => ({
    sampleId,
    turns: ["one", "two", "three"].map((word, i) => ({
      key: `MEMORY:${sampleId}-${i}`,
      diaId: `D1:${i + 1}`,
      occurredAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
      participants: [],
      importance: null,
      confidence: null,
      content: `a: ${word}`,
      own: (i === 2) === found ? [1, 0] : [0, 1],
      context: null,
    })),
    questions: [{ qaIndex: 0, category: 4, question: "which?", evidence: ["D1:3"], vector: [1, 0], fulltext: [] }],
  });

  it("each fold takes the variant its training conversations score best, not the one its held-out conversation would", async () => {
    const { chooseVariants } = await import("../../../bench/locomo/folds.js");
    const { SHARED_KEYS_RANK_OPTIONS } = await import("../../../src/search/ranking/rankCandidates.js");
    // A finds the answer in conv-1 and conv-2, B only in conv-3.
    const a = { name: "a", features: [conversation("conv-1", true), conversation("conv-2", true), conversation("conv-3", false)] };
    const b = { name: "b", features: [conversation("conv-1", false), conversation("conv-2", false), conversation("conv-3", true)] };
    const { each, chosen } = chooseVariants([a, b], 3, { ...SHARED_KEYS_RANK_OPTIONS, lambda: 1 }, new Date(Date.UTC(2025, 0, 1)), { rrfK: [2] });
    expect(each).toHaveLength(2);
    expect(chosen.map((f) => [f.heldOut, f.variant])).toEqual([
      ["conv-1", "a"],
      ["conv-2", "a"],
      ["conv-3", "a"],
    ]);
    // Held out, conv-3 is ranked with A's vectors, which miss it at the top (B would have found it first).
    expect(chosen[2]!.scored[0]!.scores.mrr).toBeLessThan(each[1]![2]!.scored[0]!.scores.mrr);
  });

  it("refuses variants that do not hold the same conversations", async () => {
    const { chooseVariants } = await import("../../../bench/locomo/folds.js");
    const { SHARED_KEYS_RANK_OPTIONS } = await import("../../../src/search/ranking/rankCandidates.js");
    const start = { ...SHARED_KEYS_RANK_OPTIONS, lambda: 1 };
    expect(() => chooseVariants([{ name: "a", features: [conversation("conv-1", true)] }, { name: "b", features: [conversation("conv-2", true)] }], 2, start, new Date(), {})).toThrow(/same conversations/);
  });
});
