import { isScopedFunction } from "./cypherAllowlist.js";
import { CypherRefusedError } from "./CypherRefusedError.js";
import { isRule, isToken, parseCypherTree, renderCypherTree, sourceOf, textOf, type CypherParser, type CypherRule, type CypherTree } from "./parseCypherTree.js";

/** What an agent's query is confined to. */
export interface CypherScope {
  /** The node labels of the tenant model (the SDL's @node types): a node pattern may name only these, and matches only nodes carrying one. */
  labels: readonly string[];
  /** The READ rule over a node variable, as Cypher (auth/policy.ts visibleToCaller). */
  visible: (variable: string) => string;
}

/** Variables the rewrite gives anonymous node patterns; a query of the caller may not use the prefix. */
export const SCOPE_VARIABLE_PREFIX = "__mg_node_";

const FIELD = "cypherQuery.query";

/** Clauses a scoped query may have: reading ones. CALL { } subqueries are confined like the rest (every node pattern in them is rewritten). */
const CLAUSES = new Set(["matchClause", "withClause", "unwindClause", "returnClause", "orderBySkipLimitClause", "subqueryClause", "finishClause"]);

/** Rules refused wherever they are, with the reason told to the caller. */
const REFUSED_RULES: Readonly<Record<string, string>> = {
  callClause: "procedures (CALL name(…)) reach beyond the nodes a pattern binds",
  shortestPathPattern: "shortestPath/allShortestPaths cross nodes no pattern names; use SHORTEST k with a quantified path pattern ((a)-[:R]->(b))+",
  pathLength: "variable-length relationships (-[*]->) cross nodes no pattern names; use a quantified path pattern ((a)-[:R]->(b)){1,3}",
  subqueryInTransactionsParameters: "CALL { } IN TRANSACTIONS is not a read",
  useClause: "USE chooses another graph",
  localDefinition: "DEFINE is not a read query",
  when: "WHEN … THEN branches are not supported",
  command: "administration commands are not queries of the graph",
};

/** The label names of a label expression (`:Person|Org`, `IS Person`), unquoted; `%` and dynamic labels name none. */
function labelNames(expr: CypherTree): string[] {
  if (!isRule(expr)) return [];
  if (expr.rule === "labelExpression1" && expr.children.length === 1 && isRule(expr.children[0], "symbolicNameString")) return [unquote(textOf(expr.children[0]))];
  return expr.children.flatMap(labelNames);
}

const unquote = (name: string) => name.replace(/`/g, "").replace(/\s+/g, "");

/**
 * Rewrites a query of a tenant's agent so that every node it can touch is one
 * the caller may read, by construction: each node pattern anywhere in the
 * query (MATCH, OPTIONAL MATCH, EXISTS/COUNT/COLLECT and CALL subqueries,
 * pattern comprehensions, quantified path patterns) gets a variable (a fresh
 * one when anonymous) and, ANDed and parenthesised before the caller's own
 * inline predicate, the READ rule over it and the tenant model's labels.
 * Relationships are confined through their two endpoints, which are always
 * node patterns: variable-length relationships and shortestPath, whose inner
 * nodes no pattern names, are refused. A pattern used as a predicate
 * (`WHERE (a)-->(b)`) becomes `EXISTS { … }` so its nodes get the rule too.
 * Only reading clauses pass, no procedure, and only Cypher's own functions over
 * values (cypherAllowlist.ts isScopedFunction). `parser` is Neo4j's
 * (loadCypherParser). Returns the query to run; throws CypherRefusedError
 * (SCOPE, FUNCTION, PROCEDURE, SYNTAX). Pure.
 */
export function scopeCypher(query: string, scope: CypherScope, parser: CypherParser): string {
  const tree = parseCypherTree(query, parser);
  const labels = new Set(scope.labels);
  const labelTest = scope.labels.join("|");
  let fresh = 0;

  function refuse(what: string): never {
    throw new CypherRefusedError("SCOPE", `${FIELD} was refused for a tenant's agent: ${what} (docs/cypher-tool.md#agents)`);
  }

  function rewrite(t: CypherTree, parent: CypherRule | undefined, index: number): CypherTree {
    if (!isRule(t)) {
      if (isToken(t, "DEFINE") || isToken(t, "NEXT")) refuse(`${t.token.toUpperCase()} is not a read query`);
      return t;
    }
    const reason = REFUSED_RULES[t.rule];
    if (reason) {
      if (t.rule === "callClause") throw new CypherRefusedError("PROCEDURE", `${FIELD} may not call procedures as a tenant's agent: ${reason}`);
      refuse(reason);
    }
    switch (t.rule) {
      case "clause": {
        const kind = isRule(t.children[0]) ? t.children[0].rule : "?";
        if (kind === "callClause") break;
        if (!CLAUSES.has(kind)) refuse(`${kind.replace(/Clause$/, "").toUpperCase()} is not a reading clause`);
        break;
      }
      case "variable": {
        if (unquote(textOf(t)).toLowerCase().startsWith(SCOPE_VARIABLE_PREFIX)) refuse(`variable names starting with ${SCOPE_VARIABLE_PREFIX} are the gateway's`);
        break;
      }
      case "quantifier":
        if (parent?.rule === "patternElement" && isRule(parent.children[index - 1], "relationshipPattern")) {
          refuse("a quantified relationship (-[:R]->+) crosses nodes no pattern names; use a quantified path pattern ((a)-[:R]->(b))+");
        }
        break;
      case "functionInvocation":
        checkFunction(t);
        break;
      case "patternExpression":
        // A pattern as a predicate may not name new variables: as EXISTS { … } its nodes can carry the rule.
        return { rule: "existsExpression", children: [{ token: "EXISTS" }, { token: "{" }, ...t.children.map((c, i) => rewrite(c, t, i)), { token: "}" }] };
      case "nodePattern":
        return confineNode(t);
      case "returnItem":
        return nameColumn(t);
    }
    return { rule: t.rule, children: t.children.map((c, i) => rewrite(c, t, i)) };
  }

  /**
   * A result column without AS is named by Neo4j after its text; the rewrite
   * respaces that text, so the column is named by AS after the caller's own
   * (`RETURN p.id` stays column `p.id`).
   */
  function nameColumn(t: CypherRule): CypherRule {
    const children = t.children.map((c, i) => rewrite(c, t, i));
    if (t.children.some((c) => isToken(c, "AS"))) return { rule: t.rule, children };
    const name = sourceOf(query, t.children[0]!);
    if (name === undefined || name === textOf(t.children[0]!)) return { rule: t.rule, children };
    return { rule: t.rule, children: [...children, { token: "AS" }, { token: `\`${name.replace(/`/g, "``")}\`` }] };
  }

  function checkFunction(t: CypherRule): void {
    const nameNode = t.children.find((c) => isRule(c, "functionName"));
    const name = nameNode ? unquote(textOf(nameNode)) : "";
    if (!isScopedFunction(name)) {
      throw new CypherRefusedError("FUNCTION", `${FIELD} may not call the function ${name} as a tenant's agent: only Cypher's own functions over values are allowed (docs/cypher-tool.md#agents)`);
    }
  }

  /** `(v:L {…} WHERE p)` → `(v:L {…} WHERE (v:<labels> AND <READ rule over v>) AND (p))`. */
  function confineNode(t: CypherRule): CypherRule {
    const inner = t.children.slice(1, -1);
    const variable = inner.find((c) => isRule(c, "variable"));
    const labelExpression = inner.find((c) => isRule(c, "labelExpression"));
    const properties = inner.find((c) => isRule(c, "properties"));
    const whereAt = inner.findIndex((c) => isToken(c, "WHERE"));
    const own = whereAt >= 0 ? inner[whereAt + 1] : undefined;
    for (const label of labelExpression ? labelNames(labelExpression) : []) {
      if (!labels.has(label)) refuse(`the label ${label} is not one of the tenant model's node types`);
    }
    const name = variable ? textOf(variable) : `${SCOPE_VARIABLE_PREFIX}${++fresh}`;
    if (variable) rewrite(variable, t, 0);
    const rule = `(${name}:${labelTest} AND ${scope.visible(name)})`;
    const rewritten = (c: CypherTree | undefined) => (c ? [rewrite(c, t, 0)] : []);
    return {
      rule: "nodePattern",
      children: [
        { token: "(" },
        { token: name },
        ...rewritten(labelExpression),
        ...rewritten(properties),
        { token: "WHERE" },
        { token: rule },
        ...(own ? [{ token: "AND" }, { token: "(" }, rewrite(own, t, 0), { token: ")" }] : []),
        { token: ")" },
      ],
    };
  }

  return renderCypherTree(rewrite(tree, undefined, 0));
}
