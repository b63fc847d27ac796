import neo4j from "neo4j-driver";
import { describe, expect, it } from "vitest";
import { checkCypherPlan, type PlanNode } from "../../../src/cypherTool/checkCypherPlan.js";
import { toDriverParams, parseCypherParams } from "../../../src/cypherTool/cypherParams.js";
import { CypherRefusedError, type CypherRefusal } from "../../../src/cypherTool/CypherRefusedError.js";
import { findCypherCalls } from "../../../src/cypherTool/findCypherCalls.js";
import { MAX_CYPHER_LENGTH, screenCypher } from "../../../src/cypherTool/screenCypher.js";
import { tokenizeCypher } from "../../../src/cypherTool/tokenizeCypher.js";

/** The refusal a query gets from the static screen, or null when it passes. */
function refusalOf(query: string): CypherRefusal | null {
  try {
    screenCypher(query);
    return null;
  } catch (err) {
    if (err instanceof CypherRefusedError) return err.refusal;
    throw err;
  }
}

const refused = (refusal: CypherRefusal, queries: string[]) => {
  for (const query of queries) {
    it(`refuses (${refusal}): ${JSON.stringify(query)}`, () => {
      expect(refusalOf(query)).toBe(refusal);
    });
  }
};

describe("screenCypher lets reads through", () => {
  const reads = [
    "MATCH (p:Person)-[r:WORKS_AT|PREVIOUSLY]->(o:Org) WHERE o.name CONTAINS 'Google' RETURN p, r, o",
    "MATCH (p:Person {id: $id}) RETURN p.name ORDER BY p.name LIMIT 10",
    "MATCH (n) WHERE n.name = 'create (x) delete x' RETURN n",
    'RETURN "MERGE; DETACH DELETE n; LOAD CSV FROM x; CALL dbms.killQuery()" AS text',
    "RETURN 'it\\'s SET in a string \\' CREATE' AS s",
    "MATCH (n) RETURN n.create, n.set, n.delete, n.`remove` LIMIT 1",
    "RETURN 1 AS create",
    "MATCH (delete:Person) RETURN count(*)",
    "WITH {set: 1, merge: 2} AS m RETURN m.set + m.merge",
    "MATCH (n:Create|Merge) RETURN n",
    "MATCH ()-[r:SET|DELETE]->() RETURN count(r)",
    "MATCH (delete) RETURN count(delete)",
    "MATCH (n) WHERE n.id = $delete RETURN n",
    "MATCH (n) RETURN n // then CREATE something? no: a comment",
    "/* DELETE everything */ MATCH (n) RETURN count(n)",
    "CALL db.labels() YIELD label RETURN label",
    "CALL db.labels",
    "CALL db.index.fulltext.queryNodes('memoryText', $q) YIELD node, score RETURN node.id, score",
    "CALL db.index.vector.queryNodes('memoryEmbedding', 5, $v) YIELD node RETURN node.id",
    "MATCH (a:Person {id: $id}) CALL apoc.path.subgraphNodes(a, {maxLevel: 2}) YIELD node RETURN node",
    "RETURN apoc.text.join(['a', 'b'], ',') AS s, apoc.coll.sum([1, 2]) AS n, apoc.map.merge({a: 1}, {b: 2}) AS m",
    "RETURN point.distance(point({x: 1, y: 1}), point({x: 2, y: 2})), vector.similarity.cosine([1.0], [1.0])",
    "RETURN date('2024-01-01'), datetime.truncate('day', datetime())",
    "UNWIND [1, 2, 3] AS x CALL { WITH x RETURN x * 2 AS y } RETURN y",
    "MATCH (n) RETURN count(n);",
    "MATCH (n) RETURN count(n) ; ;  ",
    "MATCH (p:Person) WHERE EXISTS { MATCH (p)-[:CLOSE_TO]->() } RETURN p.name",
    "RETURN count (*)",
  ];
  for (const query of reads) {
    it(`passes: ${JSON.stringify(query)}`, () => {
      expect(refusalOf(query)).toBeNull();
    });
  }

  it("returns the statement trimmed, without trailing semicolons", () => {
    expect(screenCypher("  MATCH (n) RETURN n ;; ")).toBe("MATCH (n) RETURN n");
    expect(screenCypher("RETURN ';' AS s;")).toBe("RETURN ';' AS s");
  });
});

describe("screenCypher refuses writes in every form", () => {
  refused("WRITE", [
    "CREATE (n:Person {name: 'x'})",
    "create (n)",
    "MATCH (n) MERGE (n)-[:KNOWS]->(m:Person)",
    "MATCH (n:Person) SET n.name = 'x'",
    "MATCH (n) SET n += {a: 1}",
    "MATCH (n) DELETE n",
    "MATCH (n) DETACH DELETE n",
    "MATCH (n) REMOVE n.name",
    "MATCH (n) REMOVE n:Person",
    "FOREACH (x IN [1, 2] | CREATE (:X {v: x}))",
    "MATCH (n) WITH n CALL { WITH n DELETE n } RETURN 1",
    "INSERT (n:Person)",
    "MATCH (n) RETURN n UNION MATCH (m) CREATE (k) RETURN k",
    "cReAtE (n)",
    "MATCH (n) /* harmless? */ SET/**/n.x = 1",
    "MATCH (n)\u3000DELETE\u3000n",
    "MATCH (n)\u00a0SET\u00a0n.x = 1",
  ]);
});

describe("screenCypher refuses what reaches outside the graph or the transaction", () => {
  refused("LOAD_CSV", ["LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line", "load csv with headers from 'https://evil.example/x.csv' AS r RETURN r", "LOAD/* */CSV FROM 'x' AS l RETURN l"]);
  refused("IN_TRANSACTIONS", [
    "UNWIND range(1, 3) AS x CALL { WITH x RETURN x } IN TRANSACTIONS RETURN x",
    "CALL { MATCH (n) RETURN n } IN 4 CONCURRENT TRANSACTIONS OF 10 ROWS RETURN n",
    "CALL {\n  RETURN 1 AS x\n} IN // hidden?\n TRANSACTIONS RETURN x",
  ]);
  refused("USE", ["USE system SHOW USERS", "USE neo4j MATCH (n) RETURN n", "CALL { USE other MATCH (n) RETURN n } RETURN n"]);
  refused("ADMINISTRATION", [
    "SHOW USERS",
    "SHOW TRANSACTIONS",
    "TERMINATE TRANSACTIONS 'neo4j-transaction-1'",
    "GRANT ROLE admin TO mallory",
    "DENY READ {*} ON GRAPH * TO reader",
    "REVOKE ROLE admin FROM alice",
    "ALTER USER neo4j SET PASSWORD 'x'",
    "DROP DATABASE neo4j",
    "DROP INDEX memoryText",
    "RENAME USER a TO b",
    "STOP DATABASE neo4j",
    "START DATABASE neo4j",
    "show indexes",
  ]);
  refused("QUERY_OPTIONS", ["EXPLAIN MATCH (n) RETURN n", "PROFILE MATCH (n) RETURN n", "CYPHER runtime=parallel MATCH (n) RETURN n"]);
  refused("MULTIPLE_STATEMENTS", ["MATCH (n) RETURN n; MATCH (m) DETACH DELETE m", "RETURN 1; RETURN 2", "RETURN 1 /* ; */ ; // x\n RETURN 2"]);
  refused("EMPTY", ["", "   ", "// only a comment", "/* nothing */ ;"]);
  refused("SYNTAX", ["RETURN 'never closed", "MATCH (n) /* never closed RETURN n", "MATCH (`never closed) RETURN 1"]);

  it("refuses a query over the length limit", () => {
    expect(refusalOf(`RETURN ${"1 + ".repeat(MAX_CYPHER_LENGTH / 4)}1`)).toBe("TOO_LONG");
  });
});

describe("screenCypher allows only allowlisted procedures and functions", () => {
  refused("PROCEDURE", [
    "CALL dbms.components()",
    "CALL dbms.listConfig() YIELD name, value RETURN name, value",
    "CALL dbms.killQuery('q-1')",
    "CALL db.createLabel('X')",
    "CALL db.clearQueryCaches()",
    "CALL apoc.cypher.run('MATCH (n) RETURN n', {})",
    "CALL apoc.cypher.doIt('CREATE (n)', {})",
    "CALL apoc.cypher.runMany('CREATE (n);', {})",
    "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DETACH DELETE n', {})",
    "CALL apoc.periodic.submit('x', 'CREATE (n)')",
    "CALL apoc.trigger.add('t', 'CREATE (n)', {})",
    "CALL apoc.load.json('https://evil.example/x.json')",
    "CALL apoc.load.csv('file:///etc/passwd')",
    "CALL apoc.import.json('file:///x.json')",
    "CALL apoc.export.csv.all('out.csv', {})",
    "CALL apoc.create.node(['X'], {})",
    "CALL apoc.merge.node(['X'], {id: 1})",
    "CALL apoc.refactor.mergeNodes([])",
    "MATCH (n) WITH collect(n) AS ns CALL apoc.nodes.delete(ns, 10) YIELD value RETURN value",
    "CALL apoc.when(true, 'CREATE (n)', '', {})",
    "CALL apoc.util.sleep(10000)",
    "call APOC.CYPHER.RUN('x', {})",
    "CALL `apoc`.`cypher`.run('MATCH (n) RETURN n', {})",
    "CALL `apoc.cypher.run`('x', {})",
    "CALL apoc /* hidden */ . cypher . run('x', {})",
    "CALL apoc\n.cypher\n.doIt('CREATE (n)', {})",
    "CALL db.labels() YIELD label CALL apoc.cypher.run('CREATE (n)', {}) YIELD value RETURN value",
    "CALL unknownProcedure()",
  ]);
  refused("FUNCTION", [
    "RETURN apoc.cypher.runFirstColumnSingle('MATCH (n) RETURN n', {})",
    "RETURN `apoc`.`cypher`.runFirstColumnMany('x', {})",
    "RETURN apoc.load.jsonParams('x', {}, null)",
    "RETURN graph.names()",
    "RETURN custom.plugin.fn(1)",
  ]);
});

describe("tokenizeCypher and findCypherCalls", () => {
  it("reads a name across comments, white space and quoted parts", () => {
    const calls = findCypherCalls(tokenizeCypher("CALL `apoc` /* x */ . `cypher`.run('RETURN 1', {}) YIELD value RETURN apoc.text.join([], '')"));
    expect(calls.map(({ kind, name }) => ({ kind, name }))).toEqual([
      { kind: "procedure", name: "apoc.cypher.run" },
      { kind: "function", name: "apoc.text.join" },
    ]);
  });

  it("never reads a name inside a string literal", () => {
    expect(findCypherCalls(tokenizeCypher("RETURN 'apoc.cypher.run(x)' AS s, \"CALL dbms.components()\" AS t"))).toEqual([]);
  });

  it("keeps escaped quotes inside the string and a doubled backtick inside the identifier", () => {
    const tokens = tokenizeCypher("RETURN 'a\\'b' AS `x``y`");
    expect(tokens.map((t) => [t.kind, t.text])).toEqual([
      ["word", "RETURN"],
      ["string", "'a\\'b'"],
      ["word", "AS"],
      ["quoted", "x`y"],
    ]);
  });
});

describe("checkCypherPlan: what EXPLAIN says", () => {
  const node = (operatorType: string, Details?: string, children: PlanNode[] = []): PlanNode => ({ operatorType, arguments: Details === undefined ? {} : { Details }, children });
  const planRefusal = (queryType: string, plan: PlanNode) => {
    try {
      checkCypherPlan(queryType, plan);
      return null;
    } catch (err) {
      return (err as CypherRefusedError).refusal;
    }
  };

  it("passes a read-only plan with allowlisted calls", () => {
    const plan = node("ProduceResults@neo4j", "label", [node("ProcedureCall@neo4j", "db.labels() :: (label :: STRING)")]);
    expect(planRefusal("r", plan)).toBeNull();
    expect(planRefusal("r", node("Projection@neo4j", "toUpper($autostring_0) AS `toUpper('apoc.cypher.run(x')`"))).toBeNull();
  });

  it("refuses any query type but r", () => {
    for (const type of ["rw", "w", "s"]) expect(planRefusal(type, node("ProduceResults@neo4j"))).toBe("WRITE");
  });

  it("refuses procedures and functions outside the allowlist, LOAD CSV, IN TRANSACTIONS and administration operators", () => {
    expect(planRefusal("r", node("ProduceResults@neo4j", "value", [node("ProcedureCall@neo4j", "apoc.cypher.run($autostring_0, {}) :: (value :: MAP)")]))).toBe("PROCEDURE");
    expect(planRefusal("r", node("Projection@neo4j", "apoc.cypher.runFirstColumnSingle($autostring_0, {}) AS x"))).toBe("FUNCTION");
    expect(planRefusal("r", node("ProduceResults@neo4j", "l", [node("LoadCSV@neo4j", "l")]))).toBe("LOAD_CSV");
    expect(planRefusal("r", node("TransactionApply@neo4j", "IN TRANSACTIONS OF 1000 ROWS ON ERROR FAIL"))).toBe("IN_TRANSACTIONS");
    expect(planRefusal("r", node("ShowIndexes@neo4j", "allIndexes, defaultColumns"))).toBe("ADMINISTRATION");
  });
});

describe("params", () => {
  it("parses a JSON object text and turns whole numbers into INTEGERs, other numbers into floats", () => {
    const params = toDriverParams("cypherQuery.params", parseCypherParams("cypherQuery.params", '{"n": 5, "x": 0.5, "tags": [1, "a"], "m": {"k": 2}}'));
    expect(params.n).toEqual(neo4j.int(5));
    expect(params.x).toBe(0.5);
    expect(params.tags).toEqual([neo4j.int(1), "a"]);
    expect((params.m as Record<string, unknown>).k).toEqual(neo4j.int(2));
    expect(toDriverParams("p", null)).toEqual({});
  });

  it("refuses what is not a JSON object of JSON values, naming the field", () => {
    const bad: [unknown, RegExp][] = [
      ["[1, 2]", /must be a JSON object/],
      ["{not json", /not valid JSON/],
      ['"a string"', /must be a JSON object/],
      ["x".repeat(10_001), /at most 10000 characters/],
    ];
    for (const [text, message] of bad) {
      expect(() => toDriverParams("cypherQuery.params", parseCypherParams("cypherQuery.params", text))).toThrowError(message);
    }
    expect(() => toDriverParams("cypherQuery.params", { f: () => 1 })).toThrowError(/cypherQuery.params.f must be a JSON value/);
  });
});
