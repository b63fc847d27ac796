import { describe, expect, it } from "vitest";
import type { NodeTransfer } from "../../../src/core/nodeTransfer.js";
import { carryNodes } from "../../../src/transfer/carryNodes.js";
import type { ImportPlan } from "../../../src/transfer/importLines.js";

const planOf = (): ImportPlan => ({
  nodes: new Map([
    ["Screenshot", { labels: ["Screenshot"], rows: [{ line: 2, id: "s1", properties: { base64: "ok" } }, { line: 3, id: "s2", properties: { base64: "bad" } }] }],
    ["Memory", { labels: ["Memory"], rows: [{ line: 4, id: "m1", properties: { content: "kept as it is" } }] }],
  ]),
  relationships: new Map(),
  refused: [{ line: 5, error: "not JSON" }],
});

/** Moves `base64` out as the disk store does, refusing "bad"; records what it was called with. */
function recording() {
  const calls: string[] = [];
  const transfer: NodeTransfer = {
    exported: async (_, p) => p,
    imported: async (tenant, { base64, ...rest }) => {
      calls.push(`${tenant}:${String(base64)}`);
      if (base64 === "bad") throw new TypeError("not an image");
      return { ...rest, store: "disk" };
    },
  };
  return { calls, transfer };
}

describe("carryNodes", () => {
  it("hands each node of a carried label to its transfer, under the importing tenant, and keeps what it returns", async () => {
    const { calls, transfer } = recording();
    const plan = await carryNodes(planOf(), "acme", { Screenshot: transfer });
    expect(calls).toEqual(["acme:ok", "acme:bad"]);
    expect(plan.nodes.get("Screenshot")!.rows).toEqual([{ line: 2, id: "s1", properties: { store: "disk" } }]);
    expect(plan.nodes.get("Memory")).toEqual(planOf().nodes.get("Memory"));
  });

  it("reports a line its transfer refuses with its number, in line order among the other refusals", async () => {
    const plan = await carryNodes(planOf(), "acme", { Screenshot: recording().transfer });
    expect(plan.refused).toEqual([
      { line: 3, error: "not an image" },
      { line: 5, error: "not JSON" },
    ]);
  });

  it("lets an error that is not a refusal (the disk failing) fail the batch", async () => {
    const failing: NodeTransfer = { exported: async (_, p) => p, imported: async () => Promise.reject(new Error("EIO")) };
    await expect(carryNodes(planOf(), "acme", { Screenshot: failing })).rejects.toThrow("EIO");
  });

  it("changes nothing without transfers", async () => {
    expect(await carryNodes(planOf(), "acme", {})).toEqual(planOf());
  });
});
