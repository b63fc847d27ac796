/**
 * A lexer for Cypher just precise enough to screen a query: it knows where
 * comments, string literals and `quoted` identifiers start and end, so a
 * keyword hidden in a comment is seen for what it is (whitespace) and a word
 * inside a string literal is never mistaken for a keyword. Pure.
 */

export type CypherTokenKind =
  /** A bare word: keyword, identifier or function name. */
  | "word"
  /** A `backtick-quoted` identifier; `text` is its unquoted name. Never a keyword. */
  | "quoted"
  | "string"
  | "number"
  /** Any other single character: `.`, `(`, `;`, `{`… */
  | "punct";

export interface CypherToken {
  kind: CypherTokenKind;
  text: string;
  /** Offset of the token's first character in the query. */
  start: number;
}

/** Thrown for a string, comment or quoted identifier that never ends. */
export class CypherLexError extends Error {}

/** Letters, digits, `_` and the combining marks and connectors Unicode identifiers may contain. */
const WORD_START = /[\p{L}_]/u;
const WORD_CHAR = /[\p{L}\p{N}\p{Mn}\p{Mc}\p{Pc}]/u;
const DIGIT = /[0-9]/;
/** ASCII and Unicode white space, and invisible format characters (U+200B…): they separate tokens. */
const SPACE = /[\s\p{Z}\p{Cf}\p{Cc}]/u;

export function tokenizeCypher(query: string): CypherToken[] {
  const tokens: CypherToken[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i]!;
    const next = query[i + 1];
    if (SPACE.test(c)) {
      i += 1;
    } else if (c === "/" && next === "/") {
      const end = query.slice(i).search(/[\r\n]/);
      i = end === -1 ? query.length : i + end;
    } else if (c === "/" && next === "*") {
      const end = query.indexOf("*/", i + 2);
      if (end === -1) throw new CypherLexError("a /* comment is never closed");
      i = end + 2;
    } else if (c === "'" || c === '"') {
      const end = closingQuote(query, i);
      tokens.push({ kind: "string", text: query.slice(i, end + 1), start: i });
      i = end + 1;
    } else if (c === "`") {
      const { name, end } = quotedIdentifier(query, i);
      tokens.push({ kind: "quoted", text: name, start: i });
      i = end + 1;
    } else if (DIGIT.test(c)) {
      let end = i + 1;
      while (end < query.length && WORD_CHAR.test(query[end]!)) end += 1;
      tokens.push({ kind: "number", text: query.slice(i, end), start: i });
      i = end;
    } else if (WORD_START.test(c)) {
      let end = i + 1;
      while (end < query.length && WORD_CHAR.test(query[end]!)) end += 1;
      tokens.push({ kind: "word", text: query.slice(i, end), start: i });
      i = end;
    } else {
      // One code point, so a surrogate pair is one token.
      const ch = String.fromCodePoint(query.codePointAt(i)!);
      tokens.push({ kind: "punct", text: ch, start: i });
      i += ch.length;
    }
  }
  return tokens;
}

/** Index of the quote that closes the string starting at `start`; a backslash escapes the next character. */
function closingQuote(query: string, start: number): number {
  const quote = query[start];
  for (let i = start + 1; i < query.length; i += 1) {
    if (query[i] === "\\") i += 1;
    else if (query[i] === quote) return i;
  }
  throw new CypherLexError("a string literal is never closed");
}

/** A `quoted` identifier; a doubled backtick inside stands for one. */
function quotedIdentifier(query: string, start: number): { name: string; end: number } {
  let name = "";
  for (let i = start + 1; i < query.length; i += 1) {
    if (query[i] !== "`") name += query[i];
    else if (query[i + 1] === "`") {
      name += "`";
      i += 1;
    } else return { name, end: i };
  }
  throw new CypherLexError("a `quoted` identifier is never closed");
}
