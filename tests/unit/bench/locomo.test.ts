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
