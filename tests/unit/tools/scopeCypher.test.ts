import { beforeAll, describe, expect, it } from "vitest";
import { visibleToCaller } from "../../../src/auth/policy.js";
import { CypherRefusedError } from "../../../src/cypherTool/CypherRefusedError.js";
import { loadCypherParser, type CypherParser } from "../../../src/cypherTool/parseCypherTree.js";
import { SCOPE_VARIABLE_PREFIX, scopeCypher } from "../../../src/cypherTool/scopeCypher.js";

const scope = { labels: ["Person", "Org", "Memory"], visible: visibleToCaller };
let parser: CypherParser;
beforeAll(async () => {
  parser = await loadCypherParser();
  // The parser's first queries compile its grammar paths and semantic
  // analysis (about 0.8 s idle, over 5 s in the loaded CI run): paid here,
  // under the hook's timeout, not by the first test.
  scopeCypher("MATCH (a:Person)-[r]->(b) WHERE EXISTS { (b)--() } RETURN a, r, b UNION MATCH (n) RETURN n AS a, null AS r, n AS b", scope, parser);
});
const scoped = (query: string) => scopeCypher(query, scope, parser);
/** The confinement the rewrite puts on the node variable `v`. */
const rule = (v: string) => `(${v}:Person|Org|Memory AND ${visibleToCaller(v)})`;

function refusal(query: string): { refusal: string; message: string } {
  try {
    scoped(query);
  } catch (err) {
    if (err instanceof CypherRefusedError) return { refusal: err.refusal, message: err.message };
    throw err;
  }
  throw new Error(`not refused: ${query}`);
}

/** The variables a rewritten query confines, in order. */
const confined = (out: string) => [...out.matchAll(/WHERE \((\S+?):Person\|Org\|Memory AND /g)].map((m) => m[1]);

// Each call lints and parses with Neo4j's own front end (30-150 ms idle, several
// times that beside the database tiers): the unit tier's 5 s is too tight here.
const PARSING = { timeout: 30_000 };

describe("scopeCypher confines every node pattern of an agent's query", PARSING, () => {
  it("puts the READ rule and the model's labels on each named node, before the caller's own inline predicate", () => {
    const out = scoped("MATCH (p:Person {id: $id})-[r:WORKS_AT|PREVIOUSLY]->(o:Org WHERE o.name CONTAINS 'Go' OR true) RETURN p, r, o");
    expect(out).toContain(`( p : Person { id : $ id } WHERE ${rule("p")} )`);
    // The caller's OR stays inside its own parentheses: it cannot escape the rule.
    expect(out).toContain(`( o : Org WHERE ${rule("o")} AND ( o . name CONTAINS 'Go' OR true ) )`);
    expect(confined(out)).toEqual(["p", "o"]);
  });

  it("names anonymous nodes with fresh variables, so an unbound relationship has two confined endpoints", () => {
    const out = scoped("MATCH ()-[r]->() RETURN count(r) AS c");
    expect(confined(out)).toEqual([`${SCOPE_VARIABLE_PREFIX}1`, `${SCOPE_VARIABLE_PREFIX}2`]);
  });

  it("confines an unlabelled MATCH (n), and a WHERE naming another tenant only narrows it further", () => {
    const out = scoped("MATCH (n) WHERE n.tenantId = 'other' OR true RETURN n");
    expect(out).toContain(`( n WHERE ${rule("n")} )`);
  });

  it("reaches into CALL { } subqueries, EXISTS / COUNT / COLLECT subqueries, pattern comprehensions, UNION branches and quantified path patterns", () => {
    expect(confined(scoped("CALL () { MATCH (n) RETURN n } RETURN n"))).toEqual(["n"]);
    expect(confined(scoped("MATCH (a:Person) WHERE EXISTS { MATCH (a)-->(b:Memory) } RETURN a"))).toEqual(["a", "a", "b"]);
    expect(confined(scoped("MATCH (a:Person) RETURN COUNT { (a)--() } AS c, COLLECT { MATCH (a)-->(m) RETURN m.content } AS cs"))).toEqual([
      "a",
      "a",
      `${SCOPE_VARIABLE_PREFIX}1`,
      "a",
      "m",
    ]);
    expect(confined(scoped("MATCH (a:Person) RETURN [(a)-->(b) | b.name] AS names"))).toEqual(["a", "a", "b"]);
    expect(confined(scoped("MATCH (n:Person) RETURN n.name AS x UNION MATCH (m) RETURN m.name AS x"))).toEqual(["n", "m"]);
    expect(confined(scoped("MATCH (a:Person) ((x)-[:CLOSE_TO]->(y)){1,3} (b) RETURN b"))).toEqual(["a", "x", "y", "b"]);
  });

  it("turns a pattern used as a predicate into EXISTS { }, so its anonymous nodes are confined too", () => {
    const out = scoped("MATCH (n:Person) WHERE (n)-[:WORKS_AT]->(:Org) RETURN n");
    expect(out).toContain("WHERE EXISTS {");
    expect(confined(out)).toEqual(["n", "n", `${SCOPE_VARIABLE_PREFIX}1`]);
  });

  it("keeps lists over a path's nodes, aggregation, ordering and paging as they are", () => {
    const out = scoped("MATCH p = (a:Person)-[:CLOSE_TO]->(b:Person) RETURN [x IN nodes(p) | x.name] AS names, count(*) AS c ORDER BY c DESC SKIP 1 LIMIT 5");
    expect(out).toMatch(/RETURN \[ x IN nodes \( p \) \| x \. name \] AS names , count \( \* \) AS c ORDER BY c DESC SKIP 1 LIMIT 5$/);
    expect(confined(out)).toEqual(["a", "b"]);
  });

  it("keeps a backtick-quoted variable quoted in the rule", () => {
    expect(scoped("MATCH (`my n`:Person) RETURN `my n`")).toContain(`WHERE ${rule("`my n`")}`);
  });
});

describe("scopeCypher refuses what it cannot confine, naming it", PARSING, () => {
  const rows: [string, string, RegExp][] = [
    ["MATCH p = (a:Person)-[*]->(b) RETURN nodes(p)", "SCOPE", /variable-length/],
    ["MATCH (a:Person)-[:CLOSE_TO*1..3]->(b) RETURN b", "SCOPE", /variable-length/],
    ["MATCH (a:Person)-[:CLOSE_TO]->+(b) RETURN b", "SCOPE", /quantified relationship/],
    ["MATCH p = shortestPath((a:Person)-[*]-(b:Person)) RETURN p", "SCOPE", /shortestPath/],
    ["MATCH (a:Person), (b:Person) RETURN shortestPath((a)-[*]-(b)) AS p", "SCOPE", /shortestPath/],
    ["CALL apoc.meta.stats()", "PROCEDURE", /may not call procedures/],
    ["CALL db.labels() YIELD label RETURN label", "PROCEDURE", /may not call procedures/],
    ["MATCH (n:Person) CALL apoc.path.expand(n, '', '', 1, 3) YIELD path RETURN path", "PROCEDURE", /may not call procedures/],
    ["RETURN apoc.cypher.runFirstColumnSingle('MATCH (n) RETURN n', {}) AS x", "FUNCTION", /apoc\.cypher\.runFirstColumnSingle/],
    ["MATCH (n:Person) RETURN apoc.node.degree(n) AS d", "FUNCTION", /apoc\.node\.degree/],
    ["RETURN `apoc`.`map`.fromNodes('Memory', 'id') AS m", "FUNCTION", /apoc\.map\.fromNodes/],
    ["MATCH (n:ApiKey) RETURN n", "SCOPE", /label ApiKey is not one of the tenant model's node types/],
    ["MATCH (n:Person|OutboxEvent) RETURN n", "SCOPE", /label OutboxEvent/],
    [`MATCH (${SCOPE_VARIABLE_PREFIX}1:Person) RETURN 1`, "SCOPE", /are the gateway's/],
    ["MATCH (n:Person) CREATE (m:Person) RETURN m", "SCOPE", /CREATE is not a reading clause/],
    ["MATCH (n:Person) SET n.x = 1", "SCOPE", /SET is not a reading clause/],
    ["LOAD CSV FROM 'file:///x' AS row RETURN row", "SCOPE", /LOADCSV is not a reading clause/],
    ["CALL () { MATCH (n:Person) RETURN n } IN TRANSACTIONS RETURN n", "SCOPE", /IN TRANSACTIONS/],
    ["MATCH (n:Person) RETURN n n2", "SYNTAX", /Invalid input/],
    ["MATCH (n:Person) RETURN m", "SYNTAX", /Variable `m` not defined/],
  ];
  for (const [query, code, message] of rows) {
    it(`${code}: ${query}`, () => {
      const error = refusal(query);
      expect(error.refusal).toBe(code);
      expect(error.message).toMatch(message);
    });
  }
});

describe("scopeCypher keeps the caller's column names", PARSING, () => {
  it("names an unaliased result column after the caller's own text, since the rewrite respaces it", () => {
    expect(scoped("MATCH (p:Person) RETURN p.id, toLower(p.name), p")).toMatch(/RETURN p \. id AS `p\.id` , toLower \( p \. name \) AS `toLower\(p\.name\)` , p$/);
    expect(scoped("MATCH (p:Person) RETURN p.id AS id")).toMatch(/RETURN p \. id AS id$/);
    expect(scoped("MATCH (p:Person) RETURN p.`odd``name` /* c */")).toMatch(/AS `p\.`{2}odd`{4}name`{2}`$/);
  });
});
