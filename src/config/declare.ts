import { z } from "zod";

/**
 * How a configuration variable is declared, once: its name, how a value is read
 * and checked, its default and one line for docs/configuration.md. A section
 * (config/sections/*.ts) nests declarations in the shape the code reads them
 * (`neo4j: { uri: variable("NEO4J_URI", …) }`), and the type of the config
 * object is inferred from that: there is no interface or mapping beside it.
 */
export class Variable<T> {
  /** The parsed value's type, for inference only (never set). */
  declare readonly value: T;

  constructor(
    readonly name: string,
    /** Reads and checks a set value; its messages are the ones start-up reports, after the variable's name. */
    readonly schema: z.ZodType,
    /** The value used when the variable is unset (or empty), written as it would be in the environment; undefined: unset stays undefined. */
    readonly defaultValue: string | undefined,
    /** One line: what the variable does. */
    readonly doc: string,
    /** The default as the docs say it, when it is not one fixed value (it depends on the machine or on another variable). */
    readonly defaultDoc: string | undefined,
  ) {}
}

interface About {
  doc: string;
  defaultDoc?: string;
}

/** A variable with a default: always has a value. */
export function variable<S extends z.ZodType>(name: string, schema: S, about: About & { default: string | number }): Variable<z.output<S>>;
/** A variable without one: undefined when unset. */
export function variable<S extends z.ZodType>(name: string, schema: S, about: About): Variable<z.output<S> | undefined>;
export function variable(name: string, schema: z.ZodType, about: About & { default?: string | number }): Variable<unknown> {
  const given = about.default === undefined ? undefined : String(about.default);
  return new Variable(name, given === undefined ? schema.optional() : schema, given, about.doc, about.defaultDoc);
}

/** Declarations nested in the shape of the part of the config object they make. */
export interface VariableTree {
  readonly [key: string]: Variable<unknown> | VariableTree;
}

/** The parsed values of a tree, in its shape. */
export type Values<T> = { -readonly [K in keyof T]: T[K] extends Variable<infer V> ? V : Values<T[K]> };

/** What a section may read besides its own variables. */
export interface ResolveContext {
  /** The environment, empty values removed: for what is not Mnemograph's (HOME, XDG_DATA_HOME, LOCALAPPDATA). */
  env: Record<string, string>;
  /** Where relative paths resolve. */
  cwd: string;
  platform: NodeJS.Platform;
  /** The parsed value of another section's variable. */
  get<T>(variable: Variable<T>): T;
}

/**
 * One group of variables: a title and a line for the docs, the declarations,
 * and — only where a value is derived (from several variables, another
 * section's, or the machine) — `resolve`, which returns the section's part of
 * the config object. Without it the part is the parsed values as declared.
 */
export interface Section<Vars extends VariableTree, Out> {
  readonly title: string;
  readonly summary: string;
  readonly variables: Vars;
  readonly resolve: (values: Values<Vars>, context: ResolveContext) => Out;
}

export function section<Vars extends VariableTree, Out = Values<Vars>>(spec: {
  title: string;
  summary: string;
  variables: Vars;
  resolve?: (values: Values<Vars>, context: ResolveContext) => Out;
}): Section<Vars, Out> {
  return { ...spec, resolve: spec.resolve ?? ((values) => values as unknown as Out) };
}

/** Every declaration of a tree, in declaration order. */
export function variablesOf(tree: VariableTree): Variable<unknown>[] {
  return Object.values(tree).flatMap((node) => (node instanceof Variable ? [node] : variablesOf(node)));
}

/** The tree's shape with each declaration replaced by its parsed value. */
export function valuesOf<Vars extends VariableTree>(tree: Vars, parsed: Record<string, unknown>): Values<Vars> {
  return Object.fromEntries(Object.entries(tree).map(([key, node]) => [key, node instanceof Variable ? parsed[node.name] : valuesOf(node, parsed)])) as Values<Vars>;
}

/** Thrown when the environment holds a value Mnemograph cannot start with. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** A whole number from `min` to `max`. */
export const wholeNumber = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** `on` or `off`, read as a boolean. */
export const onOff = z.enum(["on", "off"]).transform((value) => value === "on");

/** A comma-separated list (of tenant ids, origins…): blanks dropped, each entry trimmed. */
export const commaList = z.string().transform((text): readonly string[] => text.split(",").map((t) => t.trim()).filter((t) => t.length > 0));
