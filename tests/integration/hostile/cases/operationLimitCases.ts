import { bad, NO_ERROR, row, type HostileCase } from "../../../support/hostile/hostileCase.js";

/** `agents { memories { relatedAgents { memories { … } } } }`: `levels` fields deep, counting the leaf. */
function nestedThroughRelationships(levels: number): string {
  let selection = "id";
  for (let level = levels - 2; level >= 1; level--) selection = `${level % 2 ? "memories" : "relatedAgents"} { ${selection} }`;
  return `{ agents { ${selection} } }`;
}

/** The same depth spelled through fragments, which a depth rule must flatten. */
function nestedThroughFragments(levels: number): string {
  const count = levels - 3;
  const fragments = Array.from({ length: count }, (_, i) => {
    const [on, field] = i % 2 ? ["Agent", "memories"] : ["Memory", "relatedAgents"];
    return `fragment F${i} on ${on} { ${field} { ${i === count - 1 ? "id" : `...F${i + 1}`} } }`;
  });
  return `{ agents { memories { ...F0 } } } ${fragments.join(" ")}`;
}

const aliases = (count: number, field: string) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(" ")} }`;

/** Input nesting: `{ NOT: { NOT: … } }` `levels` deep, sent as a variable (no token limit sees it). */
function nestedNot(levels: number): Record<string, unknown> {
  let where: Record<string, unknown> = { name: { eq: "x" } };
  for (let i = 0; i < levels; i++) where = { NOT: where };
  return where;
}

/**
 * Operations shaped to exhaust the gateway rather than to read anything,
 * refused by the query limits (src/server/limits/: the Apollo plugin, and the
 * same checks on graphql-ws) with BAD_USER_INPUT naming the limit; the
 * controls show ordinary nesting and aliasing still answer.
 */
export const operationLimitCases: HostileCase[] = [
  row("control: a 6-level nested query is answered", nestedThroughRelationships(6), undefined, NO_ERROR),
  row("control: 10 aliases are answered", aliases(10, "agents { id }"), undefined, NO_ERROR),
  row("a query 30 levels deep through relationships", nestedThroughRelationships(30), undefined, bad(/depth.*\d/i)),
  row("a query 30 levels deep through fragments", nestedThroughFragments(30), undefined, bad(/depth.*\d/i)),
  row("200 aliases of one list field", aliases(200, "agents { id }"), undefined, bad(/alias.*\d/i)),
  // GraphQL Armor exempts __typename from the alias count (it resolves without a resolver); the token limit bounds it.
  row("300 aliases of __typename are answered (exempt from the alias count)", aliases(300, "__typename"), undefined, NO_ERROR),
  row("1,000 aliases of __typename are refused by the token limit", aliases(1000, "__typename"), undefined, bad(/token.*\d|\d.*token/i)),
  row("50 @include directives spread over inline fragments", `{ agents { ${"... @include(if: true) { id } ".repeat(50)}} }`, undefined, bad(/directive.*\d/i)),
  row("50 @include directives on one field (invalid GraphQL already)", `{ agents { id ${"@include(if: true) ".repeat(50)}} }`, undefined, bad(/directive "@include" can only be used once/)),
  row("a 6,000-token document (an OR of 600 inline branches)", `{ agents(where: { OR: [${Array.from({ length: 600 }, () => '{ name: { eq: "x" } }').join(", ")}] }) { id } }`, undefined, bad(/token.*\d|\d.*token/i)),
  row("3,000 repetitions of one field", `{ agents { ${"id ".repeat(3000)}} }`, undefined, bad(/token.*\d|\d.*token/i)),
  row("a fan-out of limit: 1000 at four levels (estimated cost)", `{ agents(limit: 1000) { memories(limit: 1000) { relatedAgents(limit: 1000) { memories(limit: 1000) { id } } } } }`, undefined, bad(/cost.*\d/i)),
  row("a filter nested 3,000 NOTs deep in a variable", `query ($w: AgentWhere) { agents(where: $w) { id } }`, { w: nestedNot(3000) }, bad(/nested deeper than \d+ levels/i)),
];
