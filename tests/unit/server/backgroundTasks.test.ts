import { describe, expect, it } from "vitest";
import type { Logger } from "../../../src/logging/logger.js";
import { createBackgroundTasks } from "../../../src/core/backgroundTasks.js";

/** A logger that keeps what was logged at error level. */
function keepingLogger() {
  const errors: { obj: unknown; msg: unknown }[] = [];
  const logger = { error: (obj: unknown, msg: unknown) => errors.push({ obj, msg }) } as unknown as Logger;
  return { logger, errors };
}

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("background tasks", () => {
  it("start at once without the caller waiting, and drain() waits for every one, including those started while draining", async () => {
    const { logger } = keepingLogger();
    const tasks = createBackgroundTasks(logger);
    const done: string[] = [];
    tasks.run("slow", async () => done.push(await later(30, "slow")));
    tasks.run("quick", async () => {
      done.push(await later(5, "quick"));
      tasks.run("follow-up", async () => done.push(await later(20, "follow-up")));
    });
    expect(done).toEqual([]);
    await tasks.drain();
    expect(done.sort()).toEqual(["follow-up", "quick", "slow"]);
  });

  it("log a failure with the task's name instead of throwing it at anyone, and drain() still resolves", async () => {
    const { logger, errors } = keepingLogger();
    const tasks = createBackgroundTasks(logger);
    tasks.run("record a retrieval run", async () => {
      throw new Error("Neo4j went away");
    });
    tasks.run("throws synchronously", () => {
      throw new Error("at once");
    });
    await tasks.drain();
    expect(errors).toHaveLength(2);
    expect(errors.map((e) => (e.obj as { task: string }).task).sort()).toEqual(["record a retrieval run", "throws synchronously"]);
    expect(errors.map((e) => ((e.obj as { err: Error }).err).message).sort()).toEqual(["Neo4j went away", "at once"]);
  });

  it("drain() with nothing running resolves at once", async () => {
    await expect(createBackgroundTasks(keepingLogger().logger).drain()).resolves.toBeUndefined();
  });
});
