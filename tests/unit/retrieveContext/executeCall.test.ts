import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { BadUserInputError } from "../../../src/errors/errors.js";
import type { Logger } from "../../../src/logging/logger.js";
import { executeCall, type ResultCache } from "../../../src/retrieveContext/executeCall.js";
import type { PlannedCall } from "../../../src/retrieveContext/planners/planner.js";
import { toolsByName, type RetrievalTool, type ToolRun } from "../../../src/retrieveContext/tools/retrievalTools.js";
import type { RequestContext } from "../../../src/core/requestContext.js";
import { fact, request } from "./fixtures.js";

const python = fact({ id: "f_py", type: "HAS_SKILL", object: "Python" });

/** An in-memory tool: answers from `answer`, counts its runs; `people_with_skill` is its deprecated name. */
function fakeTool(answer: (args: Record<string, unknown>) => unknown = () => ({ people: [{ fact: python }] })) {
  const run = vi.fn(async (args: Record<string, unknown>) => answer(args));
  const tool: RetrievalTool = {
    name: "find_people_by_skill",
    deprecatedNames: ["people_with_skill"],
    description: "fake",
    input: z.strictObject({ skill: z.string().min(1), limit: z.number().int().min(1).optional() }) as unknown as z.ZodType<Record<string, unknown>>,
    run,
  };
  return { tool, run };
}

function setup(answer?: (args: Record<string, unknown>) => unknown) {
  const { tool, run } = fakeTool(answer);
  const tools = toolsByName([tool]);
  const toolRun: ToolRun = { ctx: {} as RequestContext, request: request() };
  const cache: ResultCache = new Map();
  let t = 100;
  const clock = () => (t += 5); // every reading is 5 ms after the last
  const logger = { warn: vi.fn() };
  const exec = (call: Partial<PlannedCall>) =>
    executeCall({ id: "c1", tool: tool.name, args: { skill: "Python" }, ...call }, tools, toolRun, cache, { clock, logger: logger as unknown as Logger });
  return { exec, run, cache, logger };
}

describe("executeCall", () => {
  it("runs a valid call and returns its result, findings and time on the injected clock", async () => {
    const { exec, run } = setup();
    const outcome = await exec({});
    expect(run).toHaveBeenCalledWith({ skill: "Python" }, expect.objectContaining({ request: request() }));
    expect(outcome).toMatchObject({ ok: true, error: null, result: { people: [{ fact: python }] }, elapsedMs: 5, cached: false });
    expect(outcome.findings.facts).toEqual([{ fact: python, similarity: null }]);
  });

  it("runs a call by a deprecated name as the tool it names, and the outcome names the tool by its one name", async () => {
    const { exec, run } = setup();
    const outcome = await exec({ id: "c7", tool: "people_with_skill" });
    expect(run).toHaveBeenCalledWith({ skill: "Python" }, expect.anything());
    expect(outcome).toMatchObject({ ok: true, call: { id: "c7", tool: "find_people_by_skill", args: { skill: "Python" } }, cached: false });
    // The same call under either name is one call: the second is answered from the cache.
    expect(await exec({ id: "c8" })).toMatchObject({ ok: true, cached: true, call: { tool: "find_people_by_skill" } });
    expect(run).toHaveBeenCalledTimes(1);
    // Refusals name the tool by its one name too.
    expect(await exec({ tool: "people_with_skill", args: {} })).toMatchObject({ ok: false, call: { tool: "find_people_by_skill" }, error: expect.stringMatching(/^invalid arguments for find_people_by_skill: /) });
  });

  it("fails an unknown tool without running anything, naming the tools there are (not their deprecated names)", async () => {
    const { exec, run } = setup();
    const outcome = await exec({ tool: "drop_database" });
    expect(outcome).toMatchObject({ ok: false, result: null, cached: false, error: 'unknown tool "drop_database"; the tools are find_people_by_skill' });
    expect(outcome.findings).toEqual({ facts: [], profiles: [], snippets: [] });
    expect(run).not.toHaveBeenCalled();
  });

  it("cuts an absurdly long unknown tool name to 100 characters in the error", async () => {
    const { exec } = setup();
    const outcome = await exec({ tool: "x".repeat(5000) });
    expect(outcome.error).toContain(`"${"x".repeat(100)}"`);
    expect(outcome.error!.length).toBeLessThan(200);
  });

  it("fails a call whose arguments the planner could not produce, with the planner's message", async () => {
    const { exec, run } = setup();
    const outcome = await exec({ args: null, argsError: "arguments are not valid JSON: {skill:" });
    expect(outcome).toMatchObject({ ok: false, error: "arguments are not valid JSON: {skill:" });
    expect(run).not.toHaveBeenCalled();
  });

  it.each([
    ["a missing required field", {}, /invalid arguments for find_people_by_skill: skill: /],
    ["a field of the wrong type", { skill: 42 }, /skill: .*string/i],
    ["an unknown field", { skill: "Python", drop: true }, /invalid arguments.*drop/],
    ["an out-of-range limit", { skill: "Python", limit: 0 }, /limit: /],
    ["arguments that are not an object", "Python", /arguments: /],
  ])("fails %s with the schema's message, without running the tool", async (_name, args, message) => {
    const { exec, run } = setup();
    const outcome = await exec({ args });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(message);
    expect(run).not.toHaveBeenCalled();
  });

  it("answers a repeated call from the cache, whatever its key order, without running the tool again", async () => {
    const { exec, run } = setup();
    await exec({ args: { skill: "Python", limit: 5 } });
    const repeat = await exec({ id: "c2", args: { limit: 5, skill: "Python" } });
    expect(run).toHaveBeenCalledTimes(1);
    expect(repeat).toMatchObject({ ok: true, cached: true, call: { id: "c2" }, result: { people: [{ fact: python }] } });
    expect(repeat.findings.facts).toHaveLength(1);
  });

  it("runs a call with other arguments again", async () => {
    const { exec, run } = setup();
    await exec({ args: { skill: "Python" } });
    await exec({ args: { skill: "Rust" } });
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("passes a MnemographError's message to the planner and caches nothing", async () => {
    const { exec, run, cache, logger } = setup(() => {
      throw new BadUserInputError("peopleBySkill.skill must not be empty", "peopleBySkill.skill");
    });
    const outcome = await exec({});
    expect(outcome).toMatchObject({ ok: false, result: null, error: "find_people_by_skill: peopleBySkill.skill must not be empty" });
    expect(cache.size).toBe(0);
    expect(logger.warn).not.toHaveBeenCalled();
    await exec({});
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("masks any other error, logging it instead of showing it", async () => {
    const secret = new Error("Neo.ClientError.Security.Unauthorized: bolt://neo4j:secret@db");
    const { exec, logger } = setup(() => {
      throw secret;
    });
    const outcome = await exec({});
    expect(outcome).toMatchObject({ ok: false, error: "find_people_by_skill failed; try another tool", cached: false });
    expect(outcome.error).not.toMatch(/secret|Neo/);
    expect(logger.warn).toHaveBeenCalledWith({ err: secret, tool: "find_people_by_skill" }, "A retrieval tool failed");
  });

  it("validates missing arguments as an empty object", async () => {
    const { exec } = setup();
    expect((await exec({ args: undefined })).error).toMatch(/skill: /);
  });
});

describe("executeCall with a per-tool timeout", () => {
  it("ends a call that does not answer in time as a failed call with a message the model can act on, and logs it", async () => {
    const { tool } = fakeTool();
    const hanging: RetrievalTool = { ...tool, name: "find_people_by_topic", run: () => new Promise(() => {}) };
    const tools = new Map([[tool.name, tool], [hanging.name, hanging]]);
    const logger = { warn: vi.fn() };
    const options = { clock: () => 0, logger: logger as unknown as Logger, timeoutMs: 20 };
    const toolRun: ToolRun = { ctx: {} as RequestContext, request: request() };
    const cache: ResultCache = new Map();
    // Both calls of a round run together: the slow one fails, the other still answers.
    const [slow, quick] = await Promise.all([
      executeCall({ id: "c1", tool: hanging.name, args: { skill: "Rust" } }, tools, toolRun, cache, options),
      executeCall({ id: "c2", tool: tool.name, args: { skill: "Python" } }, tools, toolRun, cache, options),
    ]);
    expect(slow).toMatchObject({ ok: false, result: null, error: "find_people_by_topic took longer than 20 ms and was given up; try another tool or narrower arguments" });
    expect(quick).toMatchObject({ ok: true, result: { people: [{ fact: python }] } });
    expect(logger.warn).toHaveBeenCalledWith({ tool: "find_people_by_topic", timeoutMs: 20 }, "A retrieval tool ran out of time");
    expect(cache.size).toBe(1);
  });
});
