import type { CypherToken } from "./tokenizeCypher.js";

/** A procedure (`CALL db.labels`) or a namespaced function (`apoc.text.join(`) a query calls. */
export interface CypherCall {
  kind: "procedure" | "function";
  /** The name as Neo4j resolves it: quoted parts unquoted, joined by dots (`apoc.cypher.run`). */
  name: string;
  start: number;
}

const isName = (t: CypherToken | undefined) => t?.kind === "word" || t?.kind === "quoted";
const isPunct = (t: CypherToken | undefined, text: string) => t?.kind === "punct" && t.text === text;

/**
 * Every procedure and namespaced function call in a token stream. A name is
 * read across comments, white space and `quoted` parts, as Neo4j reads it:
 * `` `apoc` . cypher.run `` (a comment between the parts too) is
 * `apoc.cypher.run`. A name after `CALL`
 * is a procedure (with or without parentheses); a dotted name followed by `(`
 * is a function. Unqualified functions (`count(`, `toLower(`) are Cypher's own
 * and are not listed. Pure.
 */
export function findCypherCalls(tokens: readonly CypherToken[]): CypherCall[] {
  const calls: CypherCall[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    if (!isName(tokens[i]) || isPunct(tokens[i - 1], ".")) continue;
    const parts = [tokens[i]!.text];
    let end = i;
    while (isPunct(tokens[end + 1], ".") && isName(tokens[end + 2])) {
      parts.push(tokens[end + 2]!.text);
      end += 2;
    }
    const before = tokens[i - 1];
    const afterCall = before?.kind === "word" && before.text.toUpperCase() === "CALL";
    if (afterCall) calls.push({ kind: "procedure", name: parts.join("."), start: tokens[i]!.start });
    else if (parts.length > 1 && isPunct(tokens[end + 1], "(")) calls.push({ kind: "function", name: parts.join("."), start: tokens[i]!.start });
    i = end;
  }
  return calls;
}
