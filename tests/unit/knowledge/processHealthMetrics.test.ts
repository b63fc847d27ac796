import { describe, expect, it } from "vitest";
import { processHealthMetrics } from "../../../src/knowledge/processHealthMetrics.js";
import type { TaskType } from "../../../src/generated/resolvers-types.js";

const counts = (taskType: TaskType, total: number, successes: number, qualitySum: number, qualityCount: number) => ({
  taskType,
  total,
  completed: successes,
  blocked: 0,
  successes,
  qualitySum,
  qualityCount,
});

describe("processHealthMetrics", () => {
  it("divides successes by all tasks of the type and averages quality over those that have one, by type name", () => {
    expect(processHealthMetrics([counts("WRITING", 4, 1, 1.5, 2), counts("RESEARCH", 3, 3, 2.7, 3)])).toEqual([
      { taskType: "RESEARCH", total: 3, completed: 3, blocked: 0, successes: 3, successRate: 1, avgQuality: expect.closeTo(0.9, 12) },
      { taskType: "WRITING", total: 4, completed: 1, blocked: 0, successes: 1, successRate: 0.25, avgQuality: 0.75 },
    ]);
  });

  it("gives a null average when no task has a quality score, and drops empty types", () => {
    expect(processHealthMetrics([counts("OPS", 2, 0, 0, 0), counts("ANALYSIS", 0, 0, 0, 0)])).toEqual([
      { taskType: "OPS", total: 2, completed: 0, blocked: 0, successes: 0, successRate: 0, avgQuality: null },
    ]);
  });
});
