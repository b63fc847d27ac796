import type { SimpleTree, getDebugTree, isNotParamError, lintCypherQuery } from "@neo4j-cypher/language-support";
import { CypherRefusedError } from "./CypherRefusedError.js";

/** Neo4j's Cypher parser and semantic analysis (@neo4j-cypher/language-support). */
export interface CypherParser {
  getDebugTree: typeof getDebugTree;
  isNotParamError: typeof isNotParamError;
  lintCypherQuery: typeof lintCypherQuery;
}

let parser: Promise<CypherParser> | undefined;

/**
 * Loads the parser once, on the first agent query rather than at start-up:
 * importing it costs about a second of CPU and 200 MB, which every gateway
 * and CLI start would pay otherwise.
 */
export const loadCypherParser = (): Promise<CypherParser> => (parser ??= import("@neo4j-cypher/language-support"));

/** A node of Neo4j's own parse tree of a query: a grammar rule and its children, or one token. */
export type CypherTree = CypherRule | CypherToken;
export interface CypherRule {
  rule: string;
  children: CypherTree[];
}
export interface CypherToken {
  token: string;
  /** Where the token is in the query's text, when it came from it (tokens a rewrite adds have none). */
  start?: number;
  end?: number;
}

export const isRule = (t: CypherTree | undefined, name?: string): t is CypherRule => t !== undefined && "rule" in t && (name === undefined || t.rule === name);
export const isToken = (t: CypherTree | undefined, text?: string): t is CypherToken =>
  t !== undefined && "token" in t && (text === undefined || t.token.toUpperCase() === text.toUpperCase());

/** The only rule of the grammar that can match nothing, in the places a read query has it: the empty namespace of `count(…)`. */
const EMPTY_RULES: Readonly<Record<string, ReadonlySet<string>>> = { namespace: new Set(["functionName", "procedureName"]) };

const FIELD = "cypherQuery.query";

/**
 * Parses one statement with Neo4j's official Cypher parser
 * (@neo4j-cypher/language-support: the ANTLR grammar Neo4j publishes, and the
 * Neo4j front end's semantic analysis compiled to JavaScript). A query with a
 * syntax or semantic error is refused (SYNTAX) before anything reads its tree:
 * error recovery would otherwise hand over a tree Neo4j does not agree with.
 * Parameters are not declared here, so their "not defined" errors are
 * ignored. Returns the tree with every token in order. Pure.
 */
export function parseCypherTree(query: string, { getDebugTree, isNotParamError, lintCypherQuery }: CypherParser): CypherRule {
  const errors = lintCypherQuery(query, { defaultLanguage: "CYPHER 5" }, { consoleCommandsEnabled: false })
    .diagnostics.filter((d) => d.severity === 1)
    .map((d) => (typeof d.message === "string" ? d.message : d.message.value))
    .filter((message) => isNotParamError({ message }));
  if (errors.length > 0) throw new CypherRefusedError("SYNTAX", `${FIELD} is not valid Cypher: ${errors[0]!.split("\n")[0]!.slice(0, 300)}`);
  const top = fromSimpleTree(getDebugTree(query), undefined);
  if (!isRule(top)) throw new CypherRefusedError("SYNTAX", `${FIELD} could not be parsed`);
  locateTokens(query, top);
  return top;
}

/** Skips white space and comments from `at`. */
function skipGaps(query: string, at: number): number {
  let i = at;
  for (;;) {
    while (i < query.length && /\s/.test(query[i]!)) i++;
    if (query.startsWith("//", i)) {
      const end = query.indexOf("\n", i);
      i = end === -1 ? query.length : end + 1;
    } else if (query.startsWith("/*", i)) {
      const end = query.indexOf("*/", i + 2);
      i = end === -1 ? query.length : end + 2;
    } else return i;
  }
}

/**
 * Gives each token its place in the query's text: the tokens are the text's,
 * in order, with only white space and comments between them. Stops at the
 * first that does not match (a place is only used to name result columns).
 */
function locateTokens(query: string, tree: CypherRule): void {
  let at = 0;
  let lost = false;
  const walk = (t: CypherTree) => {
    if (isRule(t)) return t.children.forEach(walk);
    if (lost) return;
    const start = skipGaps(query, at);
    if (!query.startsWith(t.token, start)) {
      lost = true;
      return;
    }
    t.start = start;
    t.end = at = start + t.token.length;
  };
  walk(tree);
}

/** The query's own text of a subtree (as the caller wrote it, comments included), when its tokens were located. */
export function sourceOf(query: string, tree: CypherTree): string | undefined {
  const tokens: CypherToken[] = [];
  const walk = (t: CypherTree) => (isRule(t) ? t.children.forEach(walk) : tokens.push(t));
  walk(tree);
  const first = tokens[0]?.start;
  const last = tokens.at(-1)?.end;
  return first === undefined || last === undefined ? undefined : query.slice(first, last);
}

function fromSimpleTree(node: SimpleTree, parent: string | undefined): CypherTree {
  const children = node.children ?? [];
  if (children.length > 0) return { rule: node.name, children: children.map((c) => fromSimpleTree(c, node.name)).filter((c) => !isToken(c, "<EOF>")) };
  if (parent !== undefined && EMPTY_RULES[node.name]?.has(parent)) return { rule: node.name, children: [] };
  return { token: node.name };
}

/** The query a tree holds: its tokens, in order, one space apart (Cypher's lexer reads the same tokens back). Pure. */
export function renderCypherTree(tree: CypherTree): string {
  const out: string[] = [];
  const walk = (t: CypherTree) => (isRule(t) ? t.children.forEach(walk) : out.push(t.token));
  walk(tree);
  return out.join(" ");
}

/** The text of a subtree, for messages: its tokens one space apart. */
export const textOf = renderCypherTree;
