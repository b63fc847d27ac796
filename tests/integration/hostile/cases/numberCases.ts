import { bad, row, type HostileCase } from "../../../support/hostile/hostileCase.js";

const FILTER = "query ($x: Float) { memories(where: { importance: { gt: $x } }) { id } }";
const CREATE = "mutation ($x: Float!) { createMemories(input: [{ type: INSIGHT, content: \\\"n\\\", importance: $x }]) { memories { id } } }";
const notJson = bad(/^Request body is not valid JSON$/, undefined, 400);
const floatRefused = (shown: string) => bad(new RegExp(`Float cannot represent non numeric value: ${shown}`), undefined, 400);

/** A body whose variables are written as JSON text by hand, so NaN and Infinity reach the server as written. */
const rawVariables = (query: string, variablesText: string) => ({ rawBody: `{"query":"${query}","variables":${variablesText}}` });

/**
 * NaN and the infinities as JSON.stringify never sends them (it writes null):
 * raw in the body they are not JSON; 1e309 parses to Infinity and Float
 * refuses it; inline literals reach the rules, which want finite numbers.
 */
export const numberCases: HostileCase[] = [
  { name: "NaN raw in the variables is not JSON (400)", send: rawVariables(FILTER, `{"x":NaN}`), expect: notJson },
  { name: "Infinity raw in the variables is not JSON (400)", send: rawVariables(FILTER, `{"x":Infinity}`), expect: notJson },
  { name: "-Infinity raw in the variables is not JSON (400)", send: rawVariables(CREATE, `{"x":-Infinity}`), expect: notJson },
  { name: "1e309 in a filter variable parses to Infinity and Float refuses it", send: rawVariables(FILTER, `{"x":1e309}`), expect: floatRefused("Infinity") },
  { name: "-1e309 in a create variable parses to -Infinity and Float refuses it", send: rawVariables(CREATE, `{"x":-1e309}`), expect: floatRefused("-Infinity") },
  { name: "a 400-digit number for a Float variable parses to Infinity and is refused", send: rawVariables(CREATE, `{"x":1${"0".repeat(400)}}`), expect: floatRefused("Infinity") },
  row('"NaN" as a string for a Float variable', FILTER, { x: "NaN" }, floatRefused('"NaN"')),
  row('"Infinity" as a string for a Float variable', FILTER, { x: "Infinity" }, floatRefused('"Infinity"')),
  row("1e309 written inline in a create is refused as not finite", `mutation { createMemories(input: [{ type: INSIGHT, content: "n", importance: 1e309 }]) { memories { id } } }`, undefined, bad(/^Memory\.importance must be a finite number$/, "Memory.importance")),
  row("1e309 written inline in a filter is refused as not finite", `{ memories(where: { importance: { gt: 1e309 } }) { id } }`, undefined, bad(/must be a finite number/, "memories.where.importance.gt")),
  row("an Int past 32 bits (startSession.maxTurns 2147483648)", `mutation { startSession(sessionId: "hostile-g", goal: "g", maxTurns: 2147483648) { id } }`, undefined, bad(/Int cannot represent non 32-bit signed integer value: 2147483648/)),
  row("a fraction for an Int (TurnInput.number 1.5)", `mutation ($n: Int!) { recordTurn(sessionId: "run-1", turn: { number: $n, analysis: "a", buttonPresses: [], success: true }) { created } }`, { n: 1.5 }, bad(/Int cannot represent non-integer value: 1\.5/)),
  row("a negative limit", `{ agents(limit: -1) { id } }`, undefined, bad(/limit/)),
  row("a negative offset", `{ agents(offset: -1) { id } }`, undefined, bad(/offset/)),
];
