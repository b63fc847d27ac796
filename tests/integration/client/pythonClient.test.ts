import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../support/testGateway.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";
import { addRule } from "../feed/feedClient.js";

/**
 * clients/python, as a Python user gets it: `pip install` from its folder with no index,
 * into a folder of its own, then its unittest suite against this real gateway (token mode,
 * a tenant of its own; whoami limited to 2 calls a minute so that RATE_LIMITED and its
 * Retry-After are the gateway's own).
 */
const PYTHON_CLIENT = fileURLToPath(new URL("../../../clients/python", import.meta.url));
let tg: TokenGateway;
let work: string;

/** Runs a command to its end, or until `timeout` ms have passed (then killed, its output kept for the failure). */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeout?: number }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { timeout: 360_000, ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    proc.stdout.on("data", (d: Buffer) => (output += d.toString()));
    proc.stderr.on("data", (d: Buffer) => (output += d.toString()));
    proc.once("error", reject);
    proc.once("exit", (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  const base = testConfig();
  const limits = { ...base.limits, rateLimits: { ...base.limits.rateLimits, perField: { ...base.limits.rateLimits.perField, whoami: 2 } } };
  tg = await startTokenGateway({ tenantPrefix: "python", config: { limits } });
  work = await mkdtemp(path.join(os.tmpdir(), "mnemograph-python-"));
});
afterAll(async () => {
  await tg?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

async function apiKey(agentId: string): Promise<string> {
  const admin = tg.caller("python-admin", ["agent", "admin"]);
  const created = await tg.as(admin, `mutation ($agent: ID!) { createApiKey(agentId: $agent, roles: [AGENT], name: "python") { key } }`, { agent: agentId });
  expect(created.errors).toBeUndefined();
  return created.data!.createApiKey.key as string;
}

describe("the Python client (clients/python)", () => {
  it("pip-installs from its folder without an index, and its tests pass against the gateway", async () => {
    const site = path.join(work, "site");
    const pipEnv = { ...process.env, PIP_NO_INDEX: "1", PIP_DISABLE_PIP_VERSION_CHECK: "1" };
    const installed = await run("python3", ["-m", "pip", "install", "--no-index", "--no-cache-dir", "--target", site, PYTHON_CLIENT], { cwd: work, env: pipEnv });
    expect(installed.code, installed.output).toBe(0);
    expect(existsSync(path.join(site, "mnemograph_client", "client.py"))).toBe(true);

    const reader = tg.caller("py-reader");
    const writer = tg.caller("py-writer");
    const readerKey = await apiKey(reader.agentId);
    const writerKey = await apiKey(writer.agentId);
    await addRule(tg.gw.driver, tg.tenant, reader.agentId, { knowledgeTypes: ["Research"] });

    // From the test's own folder, so that `import mnemograph_client` finds the installed copy, not the source.
    const tests = await run("python3", ["-m", "unittest", "discover", "-s", path.join(PYTHON_CLIENT, "tests"), "-v"], {
      cwd: work,
      env: {
        ...process.env,
        PYTHONPATH: site,
        PYTHONDONTWRITEBYTECODE: "1",
        MNEMOGRAPH_URL: tg.gw.url,
        MNEMOGRAPH_API_KEY: readerKey,
        MNEMOGRAPH_AGENT: reader.agentId,
        MNEMOGRAPH_WRITER_KEY: writerKey,
        MNEMOGRAPH_WRITER: writer.agentId,
        MNEMOGRAPH_RUN: `run${randomUUID().slice(0, 8)}`,
      },
    });
    expect(tests.code, tests.output).toBe(0);
    console.log(tests.output.split("\n").filter((line) => /\.\.\. |^Ran /.test(line)).join("\n"));
    expect(tests.output).toMatch(/Ran 11 tests/);
    expect(tests.output).not.toMatch(/skipped/);
    const imported = await run("python3", ["-c", "import mnemograph_client; print(mnemograph_client.__file__)"], { cwd: work, env: { ...process.env, PYTHONPATH: site } });
    expect(imported.output.trim()).toBe(path.join(site, "mnemograph_client", "__init__.py"));
  }, 420_000);
});
