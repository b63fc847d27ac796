import { randomUUID } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { signToken } from "../../../src/auth/tokens.js";
import { freePort } from "../../../src/graph/local/freePort.js";
import { runToEnd as run } from "../../support/childProcesses.js";
import { argDefaults, execForm, parseDockerfile, readRootFile, resolveArgs, ROOT, stageEnv } from "./deployFiles.js";

// The image scripts/buildImage.sh makes from Debian's packages (no registry needed), loaded into a
// podman storage of the test's own and run as a user would: a volume on /data, the port published
// on loopback. It becomes ready, takes a write, stops gracefully, starts again from the volume and
// reads the write back. Two levers this sandbox needs, both in docs/deploy.md: runc (crun refuses
// hybrid cgroups) and ulimits within the machine's hard limits (podman asks for 1048576 open files).

const SECRET = `image-test-${randomUUID()}`;
const NAME = `mnemograph-image-test-${randomUUID().slice(0, 8)}`;
let work: string | undefined;
let podmanArgs: string[] = [];
let started = false;

/** podman with the test's own storage (nothing of the machine's images, containers or volumes is touched) and runc. */
const podman = (...args: string[]) => run("podman", [...podmanArgs, ...args], { cwd: ROOT });

afterAll(async () => {
  if (started) {
    await podman("rm", "--force", "--time", "30", NAME);
    await podman("volume", "rm", "--force", NAME);
  }
  if (work) {
    // Not `podman system reset`: it would also remove the machine's podman networks.
    await podman("rmi", "--all", "--force");
    await rm(work, { recursive: true, force: true });
  }
});

/** The machine's hard limit of a resource, from /proc/self/limits ("Max open files  20000  20000  files"). */
function hardLimit(name: string): number {
  const line = readFileSync("/proc/self/limits", "utf8").split("\n").find((l) => l.startsWith(name))!;
  const hard = line.slice(name.length).trim().split(/\s+/)[1]!;
  return hard === "unlimited" ? Number.MAX_SAFE_INTEGER : Number(hard);
}

/** The values of a `KEY=value` file (build/image/build.env). */
function readEnvFile(file: string): Record<string, string> {
  return Object.fromEntries(readFileSync(file, "utf8").split("\n").filter((l) => l.includes("=")).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
}

/** The image config of a tag in an OCI layout: index → manifest → config. */
function ociConfig(layout: string, tag: string): { config: { Env: string[]; Cmd: string[]; WorkingDir: string; User: string; ExposedPorts: Record<string, object>; Volumes: Record<string, object> } } {
  const blob = (digest: string) => JSON.parse(readFileSync(path.join(layout, "blobs", ...digest.split(":")), "utf8"));
  const top = JSON.parse(readFileSync(path.join(layout, "index.json"), "utf8")) as { manifests: { digest: string; annotations?: Record<string, string> }[] };
  const entry = top.manifests.find((m) => m.annotations?.["org.opencontainers.image.ref.name"] === tag);
  if (!entry) throw new Error(`no ${tag} in ${layout}: ${JSON.stringify(top)}`);
  const manifest = blob(entry.digest) as { config: { digest: string } };
  return blob(manifest.config.digest);
}

describe("the OCI image built from Debian's packages", () => {
  it("builds; runs under podman with a volume and a published port; becomes ready; a write survives a graceful stop and a start from the volume", async () => {
    const timings: string[] = [];
    const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

    // Built (or reused: a clean tree whose commit the last build recorded) by the script users run.
    const buildStarted = performance.now();
    const built = await run("nice", ["-n", "10", "bash", "scripts/buildImage.sh"], { cwd: ROOT });
    expect(built.code, built.output.slice(-4000)).toBe(0);
    timings.push(`build script ${seconds(buildStarted)} s`);
    const out = path.join(ROOT, "build", "image");
    const build = readEnvFile(path.join(out, "build.env"));
    const version = (JSON.parse(readRootFile("package.json")) as { version: string }).version;
    expect(build.TAG).toBe(`mnemograph:${version}`);

    // The image's config is the Dockerfile's runtime stage: its ENV, WORKDIR, CMD, EXPOSE, and uid 1000 (the node user).
    const dockerfileText = readRootFile("Dockerfile");
    const runtime = parseDockerfile(dockerfileText).stages.at(-1)!;
    const args = argDefaults(dockerfileText);
    const { config } = ociConfig(path.join(out, "oci"), build.TAG!);
    const imageEnv = Object.fromEntries(config.Env.map((e) => [e.slice(0, e.indexOf("=")), e.slice(e.indexOf("=") + 1)]));
    for (const [key, value] of Object.entries(stageEnv(runtime))) expect(imageEnv[key], key).toBe(resolveArgs(value, args));
    const instruction = (keyword: string) => runtime.instructions.find((i) => i.keyword === keyword)!;
    expect(config.WorkingDir).toBe(instruction("WORKDIR").args);
    expect(config.Cmd).toEqual(execForm(instruction("CMD")));
    expect(Object.keys(config.ExposedPorts)).toEqual([`${instruction("EXPOSE").args}/tcp`]);
    expect(Object.keys(config.Volumes)).toEqual(["/data"]);
    expect(config.User).toBe("1000:1000");

    // A podman storage of the test's own; runc, and the machine's hard limits (docs/deploy.md).
    work = await mkdtemp(path.join(os.tmpdir(), "mnemograph-image-"));
    const nproc = Math.min(hardLimit("Max processes"), Number(readFileSync("/proc/sys/kernel/pid_max", "utf8")));
    podmanArgs = ["--root", path.join(work, "storage"), "--runroot", path.join(work, "run"), "--runtime", "runc"];
    const loadStarted = performance.now();
    const loaded = await podman("load", "--input", path.join(out, "mnemograph-oci.tar"));
    expect(loaded.code, loaded.output).toBe(0);
    const image = `localhost/${build.TAG}`;
    expect(loaded.output).toContain(`Loaded image: ${image}`);
    timings.push(`podman load ${seconds(loadStarted)} s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    started = true;
    const ran = await podman(
      "run", "--detach", "--name", NAME,
      "--ulimit", `nofile=${hardLimit("Max open files")}:${hardLimit("Max open files")}`, "--ulimit", `nproc=${nproc}:${nproc}`,
      "--publish", `127.0.0.1:${port}:4000`, "--volume", `${NAME}:/data`,
      // What a user passes (docs/deploy.md), plus a smaller Neo4j for a shared two-core machine and no warm-up wait.
      "--env", `JWT_SECRET=${SECRET}`, "--env", "NEO4J_HEAP=512m", "--env", "NEO4J_PAGECACHE=128m", "--env", "WARMUP_SECONDS=0",
      image,
    );
    expect(ran.code, ran.output).toBe(0);

    /** Polls /health/ready from the host through the published port until 200, while the container runs. */
    const untilReady = async (label: string) => {
      const since = performance.now();
      for (;;) {
        if (await fetch(`${base}/health/ready`).then((r) => r.status === 200, () => false)) break;
        const state = await podman("inspect", "--format", "{{.State.Status}}", NAME);
        const logs = async () => (await podman("logs", "--tail", "40", NAME)).output;
        if (state.output.trim() !== "running") throw new Error(`the container is ${state.output.trim()} before it was ready:\n${await logs()}`);
        // A first start on a shared two-core machine: 120 s measured, migrations included.
        if (performance.now() - since > 480_000) throw new Error(`not ready after 480 s:\n${await logs()}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
      timings.push(`${label} to ready ${seconds(since)} s`);
    };
    await untilReady("first start");
    expect(await (await fetch(`${base}/health/ready`)).json()).toMatchObject({ status: "ready", neo4j_connected: true, schema_ready: true, model_loaded: true });

    // The Dockerfile's HEALTHCHECK command works inside this image (node on PATH, fetch); the gateway runs as the node user.
    const healthcheck = await podman("exec", NAME, ...execForm(instruction("HEALTHCHECK")));
    expect(healthcheck.code, healthcheck.output).toBe(0);
    expect((await podman("exec", NAME, "id", "-un")).output.trim()).toBe("node");

    const tenant = `image-${randomUUID().slice(0, 8)}`;
    const token = await signToken(SECRET, { tenantId: tenant, agentId: "imager", roles: ["agent"] }, 900);
    const post = async (query: string, variables: Record<string, unknown> = {}) => {
      const res = await fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
      const body = (await res.json()) as { data?: any; errors?: unknown[] };
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      return body.data;
    };
    const content = `written in the container before its restart ${randomUUID()}`;
    const written = await post(`mutation ($content: String!) { createMemories(input: [{ type: OBSERVATION, content: $content }]) { memories { id } } }`, { content });
    const id = written.createMemories.memories[0].id as string;

    // A graceful stop (SIGTERM: the gateway drains and stops its Neo4j, exit 0), then a start from the same volume.
    const stopStarted = performance.now();
    const stopped = await podman("stop", "--time", "60", NAME);
    expect(stopped.code, stopped.output).toBe(0);
    expect((await podman("inspect", "--format", "{{.State.ExitCode}}", NAME)).output.trim()).toBe("0");
    timings.push(`stop ${seconds(stopStarted)} s`);
    expect((await podman("logs", "--tail", "5", NAME)).output).toContain('"msg":"Stopped"');
    const restarted = await podman("start", NAME);
    expect(restarted.code, restarted.output).toBe(0);
    await untilReady("restart");

    const read = await post(`query ($id: ID!) { memories(where: { id: { eq: $id } }) { id content } }`, { id });
    expect(read.memories).toEqual([{ id, content }]);

    // The store is on the volume, owned by the image's node user (uid 1000).
    const mountpoint = (await podman("volume", "inspect", "--format", "{{.Mountpoint}}", NAME)).output.trim();
    expect(statSync(path.join(mountpoint, "neo4j", "data")).uid).toBe(1000);

    // Nothing of it is left: the container removed, the storage's list empty (afterAll also does this when a step fails).
    expect((await podman("rm", "--force", "--time", "30", NAME)).code).toBe(0);
    expect((await podman("ps", "--all", "--quiet")).output.trim()).toBe("");
    console.log(`image: ${timings.join(", ")}; build.env: ${["BUILD_SECONDS", "SIZE_COMPRESSED_BYTES", "SIZE_UNPACKED_BYTES"].map((k) => `${k}=${build[k]}`).join(" ")}`);
  }, 1_500_000);
});
