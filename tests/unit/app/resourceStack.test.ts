import { describe, expect, it } from "vitest";
import { resourceStack, startStack } from "../../../src/app/resourceStack.js";

describe("resourceStack", () => {
  it("stops what started in the reverse order, each once", async () => {
    const stopped: string[] = [];
    const stack = resourceStack();
    await stack.start(() => "neo4j", (n) => stopped.push(n));
    stack.defer(() => stopped.push("model"));
    await stack.start(async () => "driver", (d) => stopped.push(d));
    await stack.start(() => "gateway", async (g) => void stopped.push(g));
    await stack.stop();
    await stack.stop();
    expect(stopped).toEqual(["gateway", "driver", "model", "neo4j"]);
  });

  it("runs every stop when one fails, then throws the first failure", async () => {
    const stopped: string[] = [];
    const stack = resourceStack();
    await stack.start(() => "driver", (d) => stopped.push(d));
    await stack.start(() => "worker", () => {
      throw new Error("worker would not stop");
    });
    await stack.start(() => "gateway", (g) => stopped.push(g));
    await expect(stack.stop()).rejects.toThrow("worker would not stop");
    expect(stopped).toEqual(["gateway", "driver"]);
  });
});

describe("startStack", () => {
  it("on a failed start-up stops only what had started, last first, and throws the start-up's error", async () => {
    const stopped: string[] = [];
    const stopFailures: unknown[] = [];
    const failed = startStack(async (stack) => {
      await stack.start(() => "neo4j", (n) => stopped.push(n));
      await stack.start(() => "driver", () => {
        throw new Error("close failed");
      });
      await stack.start(() => "migrations", (m) => stopped.push(m));
      await stack.start(
        () => {
          throw new Error("the gateway's port is taken");
        },
        () => stopped.push("gateway"),
      );
      return "never";
    }, (err) => stopFailures.push(err));
    await expect(failed).rejects.toThrow("the gateway's port is taken");
    expect(stopped).toEqual(["migrations", "neo4j"]);
    expect(stopFailures).toEqual([new Error("close failed")]);
  });

  it("leaves a started stack running when the start-up succeeds", async () => {
    const stopped: string[] = [];
    const stack = await startStack(async (s) => {
      await s.start(() => "driver", (d) => stopped.push(d));
      return s;
    }, () => {});
    expect(stopped).toEqual([]);
    await stack.stop();
    expect(stopped).toEqual(["driver"]);
  });
});
