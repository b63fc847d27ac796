import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/config.js";
import { signToken } from "../../../src/auth/tokens.js";
import { freePort } from "../../../src/graph/local/freePort.js";
import { runToEnd as run, stopChild } from "../../support/childProcesses.js";
import { argDefaults, execForm, gatewayServices, parseCompose, parseDockerfile, readRootFile, resolveArgs, ROOT, serviceEnv, stageEnv } from "./deployFiles.js";

// What the image does, without Docker: compile with `npm run build`'s script, lay
// out a folder like the image's /app (dist, schema, provision, package.json,
// node_modules), and run `npm run start:prod`'s command there with the image's
// ENV and the compose file's embedded-variant environment. PATH holds only node
// and java (no Maven: the provisioned cache must be enough, as in the image).

const SECRET = `deploy-test-${randomUUID()}`;
let work: string | undefined;
let child: ChildProcess | undefined;

afterAll(async () => {
  await stopChild(child);
  if (work) await rm(work, { recursive: true, force: true });
});

/** Bare package names the compiled files import or require. */
function importedPackages(dir: string): Set<string> {
  const names = new Set<string>();
  // Statements as tsc emits them (`} from "x";`, `import "x";`), dynamic imports and requires.
  const pattern = /[\s}]from\s*"([^"\s]+)";|^import\s*"([^"\s]+)";|\bimport\(\s*"([^"\s]+)"\s*\)|\brequire\(\s*"([^"\s]+)"\s*\)|createRequire\([^)]*\)\(\s*"([^"\s]+)"\s*\)/gm;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    for (const m of text.matchAll(pattern)) {
      const spec = m.slice(1).find((s) => s !== undefined)!;
      if (spec.startsWith(".") || spec.startsWith("node:") || builtinModules.includes(spec)) continue;
      names.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!);
    }
  }
  return names;
}

/** The Neo4j server among a process's children (`java … CommunityEntryPoint`). */
function neo4jChildOf(parent: number): number | undefined {
  const children = execFileSync("pgrep", ["-P", String(parent)], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  return children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("CommunityEntryPoint"));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the compiled gateway, started the way the image starts it", () => {
  it("builds to dist/, serves from a folder laid out like /app with the compose environment, answers a token, stops cleanly", async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "mnemograph-deploy-"));
    const app = path.join(work, "app");
    const pkg = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string>; dependencies: Record<string, string> };

    // `npm run build` is `node scripts/build.mjs`; the out folder is the image's /app/dist.
    expect(pkg.scripts.build).toBe("node scripts/build.mjs");
    const buildStarted = performance.now();
    const built = await run(process.execPath, ["scripts/build.mjs", path.join(app, "dist")], { cwd: ROOT });
    expect(built.code, built.output).toBe(0);
    const buildSeconds = (performance.now() - buildStarted) / 1000;
    expect(existsSync(path.join(app, "dist", "cli", "main.js"))).toBe(true);
    expect(existsSync(path.join(app, "dist", "server", "explorer", "index.html"))).toBe(true);

    // Production dependencies only: nothing compiled imports a dev dependency (tsx, vite, …).
    const imported = [...importedPackages(path.join(app, "dist"))];
    expect(imported.filter((name) => !(name in pkg.dependencies))).toEqual([]);

    // The image's /app: what the runtime stage copies.
    await cp(path.join(ROOT, "schema"), path.join(app, "schema"), { recursive: true });
    await cp(path.join(ROOT, "provision"), path.join(app, "provision"), { recursive: true });
    await cp(path.join(ROOT, "package.json"), path.join(app, "package.json"));
    await symlink(path.join(ROOT, "node_modules"), path.join(app, "node_modules"), "dir");

    // node and java only on PATH, as in the runtime stage.
    const bin = path.join(work, "bin");
    await mkdir(bin);
    await symlink(process.execPath, path.join(bin, "node"));
    await symlink(execFileSync("sh", ["-c", "command -v java"], { encoding: "utf8" }).trim(), path.join(bin, "java"));

    // The image's ENV, then the compose file's embedded gateway, then what only a test changes:
    // a free port, the already-provisioned cache (nothing is downloaded), a throw-away data folder.
    const dockerfileText = readRootFile("Dockerfile");
    const runtime = parseDockerfile(dockerfileText).stages.at(-1)!;
    const args = argDefaults(dockerfileText);
    const imageEnv = Object.fromEntries(Object.entries(stageEnv(runtime)).map(([k, v]) => [k, resolveArgs(v, args)]));
    const embedded = gatewayServices(parseCompose(readRootFile("docker-compose.yml"))).find(([, s]) => s.profiles?.includes("embedded"))!;
    const composeEnv = serviceEnv(embedded[1], { JWT_SECRET: SECRET });
    const port = await freePort();
    const env: Record<string, string> = {
      PATH: bin,
      HOME: work,
      ...imageEnv,
      ...composeEnv,
      PORT: String(port),
      MNEMOGRAPH_CACHE_DIR: loadConfig(process.env).neo4j.cacheDir,
      MNEMOGRAPH_DATA_DIR: path.join(work, "data", "neo4j"),
      NEO4J_HEAP: "512m",
      NEO4J_PAGECACHE: "128m",
    };
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.MNEMOGRAPH_MODE).toBe("production");

    // `npm run start:prod`'s command, from the image's working folder.
    const [command, ...commandArgs] = pkg.scripts["start:prod"]!.split(" ");
    expect(command).toBe("node");
    const started = performance.now();
    const proc = spawn(process.execPath, commandArgs, { cwd: app, env, stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    let output = "";
    proc.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    proc.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));

    // Ready when the image's own HEALTHCHECK command says so (run with the container's environment).
    const healthcheck = execForm(runtime.instructions.find((i) => i.keyword === "HEALTHCHECK")!);
    let ready = false;
    while (!ready) {
      if (proc.exitCode !== null) throw new Error(`the gateway exited with ${proc.exitCode} before it was ready:\n${output.slice(-4000)}`);
      if (performance.now() - started > 150_000) throw new Error(`not ready after 150 s:\n${output.slice(-4000)}`);
      ready = (await run(path.join(bin, "node"), healthcheck.slice(1), { cwd: app, env })).code === 0;
      if (!ready) await new Promise((r) => setTimeout(r, 1000));
    }
    const readySeconds = (performance.now() - started) / 1000;
    expect(output).not.toMatch(/Provisioning/);

    const base = `http://127.0.0.1:${port}`;
    const health = await fetch(`${base}/health/ready`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ready", neo4j_connected: true, schema_ready: true, model_loaded: true });

    const operation = `mutation { createMemories(input: [{ type: OBSERVATION, content: "served from dist/" }]) { memories { ownerId tenantId } } }`;
    const anonymous = await fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: operation }) });
    expect(anonymous.status).toBe(401);

    const tenant = `deploy-${randomUUID().slice(0, 8)}`;
    const token = await signToken(SECRET, { tenantId: tenant, agentId: "deployer", roles: ["agent"] }, 600);
    const res = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: operation }),
    });
    const body = (await res.json()) as { data?: any; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    expect(body.data.createMemories.memories).toEqual([{ ownerId: "deployer", tenantId: tenant }]);

    // The offline explorer's files were copied into dist/.
    const page = await fetch(`${base}/graphiql/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Mnemograph explorer");
    expect((await fetch(`${base}/graphiql/explorer.js`)).status).toBe(200);
    expect((await fetch(`${base}/graphiql/assets/graphiql.min.js`)).status).toBe(200);

    const neo4jPid = neo4jChildOf(proc.pid!);
    expect(neo4jPid).toBeDefined();
    proc.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"Stopped"');
    expect(alive(neo4jPid!)).toBe(false);

    console.log(`deploy: build ${buildSeconds.toFixed(1)} s, start to ready ${readySeconds.toFixed(1)} s`);
  }, 240_000);
});
