import { isAllowedFunction, isAllowedProcedure } from "./cypherAllowlist.js";
import { CypherRefusedError } from "./CypherRefusedError.js";
import { findCypherCalls } from "./findCypherCalls.js";
import { CypherLexError, tokenizeCypher, type CypherToken } from "./tokenizeCypher.js";

/** Longest query the tool takes, in characters. */
export const MAX_CYPHER_LENGTH = 10_000;

/** Clauses that change the graph (INSERT is GQL's CREATE). */
const WRITE_WORDS = new Set(["CREATE", "MERGE", "SET", "DELETE", "DETACH", "REMOVE", "FOREACH", "INSERT"]);
/** Words that only administration commands use: users, roles, privileges, databases, indexes, transactions. */
const ADMIN_WORDS = new Set(["SHOW", "TERMINATE", "GRANT", "DENY", "REVOKE", "ALTER", "DROP", "RENAME"]);
/** Words that start an administration command when they open the statement (`START DATABASE`), and may be names elsewhere. */
const ADMIN_FIRST_WORDS = new Set(["START", "STOP", "ENABLE", "DEALLOCATE", "REALLOCATE", "DRYRUN"]);
/** Prefixes the tool adds or controls itself. */
const OPTION_WORDS = new Set(["EXPLAIN", "PROFILE", "CYPHER"]);
/** After these a word is a name, not a keyword: a property (`n.set`), a parameter, a label (`:Create`), an alias (`AS delete`). */
const NAME_AFTER = new Set([".", "$", ":", "!", "&"]);
/** Before these a word is a name: a map key or `var:Label` (`:`), a label in `:A|Merge)`, an argument (`count(delete)`). No clause keyword is ever followed by one. */
const NAME_BEFORE = new Set([":", ")", "]", "}", "|", "&", ","]);

const FIELD = "cypherQuery.query";
const refuse = CypherRefusedError;

/**
 * Is the word at `i` in a keyword's place? Quoted identifiers never are; a word
 * after `.`/`$`/`:`/`AS` or before `:`/`)`/`|`… (see NAME_BEFORE) is a name.
 * A variable named like a clause (`RETURN delete`) still counts as one: rare,
 * and refusing it is the safe mistake.
 */
function keywordAt(tokens: readonly CypherToken[], i: number): string | null {
  const token = tokens[i]!;
  if (token.kind !== "word") return null;
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  if (before && (NAME_AFTER.has(before.text) || (before.kind === "word" && before.text.toUpperCase() === "AS"))) return null;
  if (after?.kind === "punct" && NAME_BEFORE.has(after.text)) return null;
  return token.text.toUpperCase();
}

/** The statement without trailing semicolons; refuses a second statement. */
function singleStatement(query: string, tokens: readonly CypherToken[]): { text: string; tokens: readonly CypherToken[] } {
  const first = tokens.findIndex((t) => t.kind === "punct" && t.text === ";");
  if (first === -1) return { text: query.trim(), tokens };
  if (tokens.slice(first).some((t) => !(t.kind === "punct" && t.text === ";"))) {
    throw new refuse("MULTIPLE_STATEMENTS", `${FIELD} must be one statement: a ";" is followed by more Cypher`);
  }
  return { text: query.slice(0, tokens[first]!.start).trim(), tokens: tokens.slice(0, first) };
}

function checkKeyword(word: string, index: number): void {
  if (WRITE_WORDS.has(word)) throw new refuse("WRITE", `${FIELD} must only read: ${word} writes to the graph`);
  if (word === "LOAD") throw new refuse("LOAD_CSV", `${FIELD} may not use LOAD CSV: it reads files and URLs outside the graph`);
  if (word === "TRANSACTIONS") {
    throw new refuse("IN_TRANSACTIONS", `${FIELD} may not use CALL { … } IN TRANSACTIONS or transaction commands: the tool runs one read transaction`);
  }
  if (word === "USE") throw new refuse("USE", `${FIELD} may not choose a database with USE: the tool reads the gateway's own database`);
  if (ADMIN_WORDS.has(word) || (index === 0 && ADMIN_FIRST_WORDS.has(word))) {
    throw new refuse("ADMINISTRATION", `${FIELD} may not run administration commands (${word} …)`);
  }
}

/**
 * The static screen of `cypherQuery`, before anything reaches Neo4j: one
 * statement, no query options, no clause that writes, no LOAD CSV, no
 * IN TRANSACTIONS, no USE, no administration command, and calls only to
 * allowlisted procedures and function namespaces (cypherAllowlist.ts).
 * Keywords are looked for outside comments and string literals, so a comment
 * cannot hide one and a string cannot trip one. Returns the statement to run
 * (trimmed, trailing semicolons removed); throws CypherRefusedError. Pure.
 *
 * It is the first of three locks: EXPLAIN must then plan the query as
 * read-only with allowed operators (checkCypherPlan), and it runs in a READ
 * transaction, which Neo4j itself keeps from writing.
 */
export function screenCypher(query: string): string {
  if (query.length > MAX_CYPHER_LENGTH) throw new refuse("TOO_LONG", `${FIELD} is at most ${MAX_CYPHER_LENGTH} characters long, got ${query.length}`);
  let all: CypherToken[];
  try {
    all = tokenizeCypher(query);
  } catch (err) {
    if (err instanceof CypherLexError) throw new refuse("SYNTAX", `${FIELD} is not valid Cypher: ${err.message}`);
    throw err;
  }
  const { text, tokens } = singleStatement(query, all);
  if (tokens.length === 0) throw new refuse("EMPTY", `${FIELD} must not be empty (comments and spaces alone are no query)`);
  const first = tokens[0]!;
  if (first.kind === "word" && OPTION_WORDS.has(first.text.toUpperCase())) {
    throw new refuse("QUERY_OPTIONS", `${FIELD} may not start with ${first.text.toUpperCase()}: the tool plans and runs the query itself`);
  }
  tokens.forEach((_, i) => {
    const word = keywordAt(tokens, i);
    if (word) checkKeyword(word, i);
  });
  for (const call of findCypherCalls(tokens)) {
    if (call.kind === "procedure" && !isAllowedProcedure(call.name)) {
      throw new refuse("PROCEDURE", `${FIELD} may not call the procedure ${call.name}: only procedures that read the graph are allowed (see docs/cypher-tool.md)`);
    }
    if (call.kind === "function" && !isAllowedFunction(call.name)) {
      throw new refuse("FUNCTION", `${FIELD} may not call the function ${call.name}: only functions over values are allowed (see docs/cypher-tool.md)`);
    }
  }
  return text;
}
