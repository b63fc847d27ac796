import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export const readRootFile = (name: string) => readFileSync(path.join(ROOT, name), "utf8");

/** One instruction of a Dockerfile: `ENV A=1 B=2` → { keyword: "ENV", args: "A=1 B=2" }. */
export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  /** The image it starts from (`FROM <image> AS <name>`). */
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs declared before the first FROM. */
  globalArgs: string[];
  stages: Stage[];
}

/**
 * Enough of the Dockerfile grammar for what the deploy tests check: comments,
 * line continuations, stages, and instructions as keyword + argument text.
 */
export function parseDockerfile(text: string): Dockerfile {
  const logical: string[] = [];
  let current = "";
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith("\\")) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    current += line;
    if (current.trim()) logical.push(current.trim());
    current = "";
  }
  if (current.trim()) logical.push(current.trim());

  const result: Dockerfile = { globalArgs: [], stages: [] };
  for (const line of logical) {
    const match = /^(\S+)\s*(.*)$/s.exec(line)!;
    const keyword = match[1]!.toUpperCase();
    const args = match[2]!.trim();
    if (keyword === "FROM") {
      const [from, as, name] = args.split(/\s+/);
      result.stages.push({ from: from!, name: as?.toUpperCase() === "AS" ? name : undefined, instructions: [] });
    } else if (result.stages.length === 0) {
      if (keyword === "ARG") result.globalArgs.push(args.split("=")[0]!);
    } else {
      result.stages.at(-1)!.instructions.push({ keyword, args });
    }
  }
  return result;
}

/** The variables an `ENV` instruction sets, in either form (`ENV A=1 B="x y"` or `ENV A 1`). */
export function envOf(instruction: Instruction): Record<string, string> {
  const { args } = instruction;
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(args)) {
    const [key, ...rest] = args.split(/\s+/);
    return { [key!]: rest.join(" ") };
  }
  const env: Record<string, string> = {};
  for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    const value = m[2]!;
    env[m[1]!] = value.startsWith('"') ? (JSON.parse(value) as string) : value;
  }
  return env;
}

/** Every variable a stage's ENV instructions set, later ones winning. */
export function stageEnv(stage: Stage): Record<string, string> {
  return Object.assign({}, ...stage.instructions.filter((i) => i.keyword === "ENV").map(envOf)) as Record<string, string>;
}

/** The exec-form command of CMD or HEALTHCHECK (`HEALTHCHECK --interval=… CMD [...]`). */
export function execForm(instruction: Instruction): string[] {
  const json = instruction.args.slice(instruction.args.indexOf("["));
  return JSON.parse(json) as string[];
}

/** ${ARG} in an ENV value, from the stage's ARG defaults or the global ones. */
export function resolveArgs(value: string, args: Record<string, string>): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, a: string | undefined, b: string | undefined) => args[(a ?? b)!] ?? "");
}

/** ARG defaults declared anywhere (`ARG NAME=default`). */
export function argDefaults(text: string): Record<string, string> {
  const defaults: Record<string, string> = {};
  for (const m of text.matchAll(/^ARG\s+([A-Za-z_][A-Za-z0-9_]*)=(\S+)\s*$/gm)) defaults[m[1]!] = m[2]!;
  return defaults;
}

export interface ComposeService {
  image?: string;
  build?: unknown;
  profiles?: string[];
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test: string[] | string; start_period?: string };
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** docker-compose.yml, with YAML merge keys (`<<: *gateway`) applied as Compose does. */
export function parseCompose(text: string): ComposeFile {
  return parse(text, { merge: true }) as ComposeFile;
}

/**
 * Compose's interpolation: `${VAR}`, `${VAR:-default}`, `${VAR-default}`,
 * `${VAR:?message}`, `${VAR?message}`, `$$` for a literal `$`. A required
 * variable that is missing throws with its message, as `docker compose` stops.
 */
export function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name?: string, op?: string, arg?: string, bare?: string) => {
    if (whole === "$$") return "$";
    if (bare) return vars[bare] ?? "";
    const v = vars[name!];
    const unset = op?.startsWith(":") ? !v : v === undefined;
    if (!op || !unset) return v ?? "";
    if (op.endsWith("-")) return arg ?? "";
    throw new Error(`required variable ${name} is missing: ${arg}`);
  });
}

/** Names of the variables a text interpolates (`${NAME…}`, `$NAME`), `$$` excepted. */
export function interpolatedNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.replace(/\$\$/g, "").matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)|\$([A-Za-z_][A-Za-z0-9_]*)/g)) names.add((m[1] ?? m[2])!);
  return [...names];
}

/** A service's environment after interpolation, as strings. */
export function serviceEnv(service: ComposeService, vars: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v ?? ""), vars)]));
}

/** The services built from this repository's Dockerfile: the gateways. */
export function gatewayServices(compose: ComposeFile): [string, ComposeService][] {
  return Object.entries(compose.services).filter(([, s]) => s.build !== undefined);
}

/** KEY=value lines of an env file (comments and blank lines skipped). */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (m) env[m[1]!] = m[2]!.trim();
  }
  return env;
}
