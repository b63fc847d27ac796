// `npm run build [-- <outDir>]`: builds packages/client (its dist/), then compiles
// src/ to dist/ (or <outDir>) with tsconfig.build.json, then copies the files tsc does not emit that the
// gateway reads at run time (the offline explorer's page and script). Plain
// Node, no dev dependency but TypeScript itself.
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.resolve(process.argv[2] ?? path.join(root, "dist"));

/** Folders under src/ whose non-TypeScript files are served or read at run time (the explorer's page, the ONNX model's thread). */
const ASSET_DIRS = ["server/explorer", "server/memoryExplorer/page", "embeddings"];

rmSync(outDir, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
// The gateway imports @mnemograph/client (the stdio MCP server's credentials) as published: its dist/.
const client = spawnSync(process.execPath, [tsc, "-p", path.join(root, "packages", "client", "tsconfig.build.json")], { stdio: "inherit" });
if (client.status !== 0) process.exit(client.status ?? 1);
const compiled = spawnSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.build.json"), "--outDir", outDir], { stdio: "inherit" });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

for (const dir of ASSET_DIRS) {
  for (const file of readdirSync(path.join(root, "src", dir))) {
    if (file.endsWith(".ts")) continue;
    cpSync(path.join(root, "src", dir, file), path.join(outDir, dir, file));
  }
}
