/**
 * Hostile text, named so a failing case says which one got through. None of
 * it occurs in the fixture graph, so a filter that treats it as data matches
 * nothing there.
 */
export interface Payload {
  name: string;
  text: string;
}

/** Attempts to break out of a Cypher string, comment, identifier or parameter. */
export const CYPHER_INJECTIONS: readonly Payload[] = [
  { name: "quote OR 1=1", text: "' OR 1=1 //" },
  { name: "close map and delete", text: '"}) DETACH DELETE n //' },
  { name: "quote paren then match-delete", text: "\u0027) MATCH (n) DETACH DELETE n //" },
  { name: "Cypher unicode-escaped quote", text: "\\u0027) MATCH (n) DETACH DELETE n //" },
  { name: "backslash-escaped quote", text: "\\' OR true WITH n MATCH (m) DETACH DELETE m //" },
  { name: "parameter reference", text: "$param" },
  { name: "authorization placeholder", text: "$jwt.tenant" },
  { name: "backtick identifier", text: "`) MATCH (n) DETACH DELETE n //`" },
  { name: "CALL db.labels()", text: "' CALL db.labels() YIELD label RETURN label //" },
  { name: "apoc.cypher.runWrite", text: "' + apoc.cypher.runWrite('MATCH (n) DETACH DELETE n', {}) + '" },
  { name: "newline-separated statements", text: "x'\nMATCH (n) DETACH DELETE n;\nRETURN 'y" },
  { name: "block comment", text: "*/ MATCH (n) DETACH DELETE n /*" },
];

/**
 * Lucene query syntax: must be matched literally by `contains` filters today,
 * and escaped by full-text search once it exists.
 */
export const LUCENE_SYNTAX: readonly Payload[] = [
  { name: "field, boolean, fuzzy, wildcard", text: "title:foo AND bar~2 *" },
  { name: "unterminated phrase", text: '"unterminated' },
  { name: "lone backslash", text: "\\" },
  { name: "regular expression", text: "/regex/" },
  { name: "bare wildcard", text: "*" },
  { name: "single-character wildcard", text: "?" },
  { name: "regex any", text: ".*" },
  { name: "SQL LIKE wildcards", text: "%_%" },
  { name: "boost and required/prohibited", text: "foo^2 +bar -baz" },
  { name: "grouping", text: "(alpha OR beta)" },
  { name: "range", text: "[a TO z]" },
  { name: "local params", text: "{!lucene q.op=AND}x" },
  { name: "operators", text: "&& || !" },
];

/** C0 control characters the product refuses in any text (all but tab, LF and CR), and DEL. */
export const CONTROL_CHARACTERS: readonly Payload[] = [
  { name: "NUL", text: "\u0000" },
  { name: "BEL", text: "\u0007" },
  { name: "ESC colour sequence", text: "\u001b[31m" },
  { name: "backspace", text: "\u0008" },
  { name: "vertical tab", text: "\u000b" },
  { name: "form feed", text: "\u000c" },
  { name: "unit separator", text: "\u001f" },
  { name: "DEL", text: "\u007f" },
];
