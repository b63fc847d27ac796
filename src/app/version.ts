import { createRequire } from "node:module";

/** The gateway's version, from package.json (dist/ sits at the same depth as src/, so the path holds for both). */
export const VERSION: string = (createRequire(import.meta.url)("../../package.json") as { version: string }).version;
