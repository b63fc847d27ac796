#!/usr/bin/env node
// The `mnemograph` command (package.json "bin"): the compiled CLI when `npm run build`
// has made dist/, else the TypeScript source through tsx (a checkout for development).
import { existsSync } from "node:fs";
import { URL } from "node:url";

const dist = new URL("../dist/cli/mnemograph.js", import.meta.url);
if (existsSync(dist)) {
  await import(dist.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("../src/cli/mnemograph.ts", import.meta.url).href);
}
