/**
 * Two processes provisioning Neo4j into one cache at once (another checkout's tests beside `npm test`, a
 * second `npm start` on a fresh machine) must not undo each other. A stand-in `mvn` on PATH writes the jars
 * one by one, slowly, into the folder it is given; no network, no real Maven.
 */
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedNeo4jVersion, provisionNeo4j } from "../../../src/graph/local/provisionNeo4j.js";

let dir: string;
let savedPath: string | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "provision-"));
  const bin = path.join(dir, "bin");
  await mkdir(bin);
  const fakeMvn = path.join(bin, "mvn");
  await writeFile(
    fakeMvn,
    `#!/usr/bin/env bash
set -e
for a in "$@"; do case "$a" in -DoutputDirectory=*) out="\${a#-DoutputDirectory=}";; esac; done
for jar in neo4j-kernel.jar apoc-core-5.jar apoc-common-5.jar neo4j-cypher.jar; do
  sleep 0.2
  echo jar > "$out/$jar"
done
`,
  );
  await chmod(fakeMvn, 0o755);
  savedPath = process.env.PATH;
  process.env.PATH = `${bin}${path.delimiter}${savedPath ?? ""}`;
});
afterAll(async () => {
  process.env.PATH = savedPath;
  await rm(dir, { recursive: true, force: true });
});

// Two provisions of 0.8 s each through a shell script (1.2 s idle): beside the database tiers, more than the unit tier's 5 s.
describe("provisionNeo4j", { timeout: 30_000 }, () => {
  it("two provisions of one cache at once both end with the runtime complete, and leave no partial folder", async () => {
    const cache = path.join(dir, "cache");
    const first = provisionNeo4j(cache);
    await new Promise((r) => setTimeout(r, 300));
    const second = provisionNeo4j(cache);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual(b);
    const version = await pinnedNeo4jVersion();
    expect(existsSync(path.join(cache, `neo4j-${version}`, ".complete"))).toBe(true);
    expect((await readdir(a.pluginsDir)).sort()).toEqual(["apoc-common-5.jar", "apoc-core-5.jar"]);
    expect((await readdir(a.libDir)).sort()).toEqual(["neo4j-cypher.jar", "neo4j-kernel.jar"]);
    expect((await readdir(cache)).filter((f) => f.includes("partial"))).toEqual([]);
  });
});
