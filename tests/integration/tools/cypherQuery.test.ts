import { randomUUID } from "node:crypto";
import neo4j from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { checkCypherPlan } from "../../../src/cypherTool/checkCypherPlan.js";
import { CypherRefusedError } from "../../../src/cypherTool/CypherRefusedError.js";
import { CYPHER_TIMEOUT_MS, runReadOnlyCypher, type CypherDeps } from "../../../src/cypherTool/runReadOnlyCypher.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { transferTypes } from "../../../src/transfer/index.js";
import { startTestGateway, testConfig, type GraphQLResponse, type TestGateway } from "../../support/testGateway.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

let tg: TokenGateway;
let operator: Caller;
let admin: Caller;
let agent: Caller;
let deps: CypherDeps;
/** This file's own nodes: label CypherProbe, property run. */
const run = `cypher-${randomUUID().slice(0, 8)}`;

const CYPHER = `query ($query: String!, $params: String, $limit: Int) {
  cypherQuery(query: $query, params: $params, limit: $limit) { columns rows rowCount truncated elapsedMs }
}`;

interface CypherData {
  cypherQuery: { columns: string[]; rows: string[]; rowCount: number; truncated: boolean; elapsedMs: number } | null;
}

const cypher = (caller: Caller, query: string, params?: Record<string, unknown>, limit?: number): Promise<GraphQLResponse<CypherData>> =>
  tg.as<CypherData>(caller, CYPHER, { query, params: params === undefined ? null : JSON.stringify(params), limit });

/** Runs as the operator and returns the parsed rows; fails the test on any error. */
async function rowsOf(query: string, params?: Record<string, unknown>, limit?: number) {
  const res = await cypher(operator, query, params, limit);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  const result = res.data!.cypherQuery!;
  return { ...result, rows: result.rows.map((r) => JSON.parse(r) as Record<string, any>) };
}

/** The first error of a refused call, with what the client sees of it. */
async function refusal(caller: Caller, query: string, params?: Record<string, unknown>) {
  const res = await cypher(caller, query, params);
  expect(res.errors, `expected a refusal, got ${JSON.stringify(res.data)}`).toBeDefined();
  expect(res.data?.cypherQuery ?? null).toBeNull();
  const error = res.errors![0]!;
  return { message: error.message, code: error.extensions?.code, field: error.extensions?.field, refusal: error.extensions?.refusal };
}

/** Everything a refused write could have touched: every node and relationship count, every probe node's labels and properties. */
async function fingerprint(): Promise<string> {
  const { records } = await tg.gw.driver.executeQuery(
    `CALL () { MATCH (n) RETURN count(n) AS nodes }
     CALL () { MATCH ()-[r]->() RETURN count(r) AS rels }
     CALL () { MATCH (p:CypherProbe) RETURN collect([labels(p), properties(p)]) AS probes }
     RETURN nodes, rels, probes`,
  );
  return JSON.stringify(records[0]!.toObject(), (_, v) => (neo4j.isInt(v) ? v.toString() : v));
}

beforeAll(async () => {
  tg = await startTokenGateway();
  operator = tg.operator("cypher-operator");
  admin = tg.caller("cypher-admin", ["admin"]);
  agent = tg.caller("cypher-agent", ["agent"]);
  deps = { driver: tg.gw.driver, database: testConfig().neo4j.database, cypherTool: "operator", schema: { transfer: transferTypes(loadTypeDefs().document) } };
  await tg.gw.driver.executeQuery(
    `CREATE (a:CypherProbe {run: $run, name: 'a', at: datetime('2024-05-01T10:00:00Z'), score: 0.5})
     CREATE (b:CypherProbe {run: $run, name: 'b'})
     CREATE (a)-[:PROBE_LINK {weight: 3}]->(b)`,
    { run },
  );
});

afterAll(async () => {
  await tg?.gw.driver.executeQuery("MATCH (n:CypherProbe {run: $run}) DETACH DELETE n", { run });
  await tg?.gw.stop();
});

describe("cypherQuery reads", () => {
  it("returns columns and rows as plain JSON: nodes, relationships, paths, integers, temporal values, points", async () => {
    const result = await rowsOf(
      `MATCH p = (a:CypherProbe {run: $run, name: 'a'})-[r:PROBE_LINK]->(b)
       RETURN a, r, p, a.at AS at, 42 AS n, 9007199254740993 AS big, duration('P1DT2H') AS d, point({x: 1, y: 2}) AS pt, b.name AS name`,
      { run },
    );
    expect(result.columns).toEqual(["a", "r", "p", "at", "n", "big", "d", "pt", "name"]);
    expect(result).toMatchObject({ rowCount: 1, truncated: false });
    const [row] = result.rows;
    expect(row!.a).toEqual({ elementId: expect.any(String), labels: ["CypherProbe"], properties: { run, name: "a", at: "2024-05-01T10:00:00Z", score: 0.5 } });
    expect(row!.r).toMatchObject({ type: "PROBE_LINK", properties: { weight: 3 }, startNodeElementId: row!.a.elementId });
    expect(row!.p.nodes.map((n: { properties: { name: string } }) => n.properties.name)).toEqual(["a", "b"]);
    expect(row!.p.relationships).toHaveLength(1);
    expect(row).toMatchObject({ at: "2024-05-01T10:00:00Z", n: 42, big: "9007199254740993", d: "P1DT2H", pt: { srid: 7203, x: 1, y: 2 }, name: "b" });
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it("runs allowlisted procedures and functions", async () => {
    const { rows } = await rowsOf("CALL db.labels() YIELD label WHERE label = 'CypherProbe' RETURN label, apoc.text.join(['x', 'y'], '-') AS joined");
    expect(rows).toEqual([{ label: "CypherProbe", joined: "x-y" }]);
  });

  it("stops reading after the row cap and says truncated; exactly the cap is not truncated", async () => {
    const capped = await rowsOf("UNWIND range(1, 500) AS x RETURN x");
    expect(capped).toMatchObject({ rowCount: 100, truncated: true });
    expect(capped.rows.at(-1)).toEqual({ x: 100 });
    const exact = await rowsOf("UNWIND range(1, 1000) AS x RETURN x", undefined, 1000);
    expect(exact).toMatchObject({ rowCount: 1000, truncated: false });
    const small = await rowsOf("UNWIND range(1, 5) AS x RETURN x", undefined, 3);
    expect(small.rows).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
    expect(small.truncated).toBe(true);
    const tooMany = await tg.as(operator, CYPHER, { query: "RETURN 1", limit: 1001 });
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "cypherQuery.limit" });
  });

  it("params are values, never Cypher: injection attempts through them are inert", async () => {
    const before = await fingerprint();
    const evil = "a'}) DETACH DELETE n //";
    const { rows } = await rowsOf("MATCH (n:CypherProbe {run: $run}) WHERE n.name = $name RETURN n.name AS name", { run, name: evil });
    expect(rows).toEqual([]);
    const echoed = await rowsOf("RETURN $s AS s, $n + 1 AS next", { s: "CALL apoc.cypher.doIt('MATCH (n) DETACH DELETE n', {})", n: 41 });
    expect(echoed.rows).toEqual([{ s: "CALL apoc.cypher.doIt('MATCH (n) DETACH DELETE n', {})", next: 42 }]);
    expect(await fingerprint()).toBe(before);
  });

  it("a syntax error comes back as BAD_USER_INPUT with Neo4j's words about the query", async () => {
    const error = await refusal(operator, "MATCH (n RETURN n");
    expect(error).toMatchObject({ code: "BAD_USER_INPUT", field: "cypherQuery.query", refusal: "SYNTAX" });
    expect(error.message).toMatch(/^cypherQuery.query failed: .*Invalid input/);
  });
});

describe("cypherQuery refuses writes, and the database is unchanged", () => {
  const writes = [
    "MATCH (n:CypherProbe) SET n.name = 'pwned'",
    "CREATE (:CypherProbe {run: 'intruder'})",
    "MERGE (:CypherProbe {run: 'intruder'})",
    "MATCH (n:CypherProbe) DELETE n",
    "MATCH (n:CypherProbe) DETACH DELETE n",
    "MATCH (n:CypherProbe) REMOVE n.name",
    "MATCH (n:CypherProbe) REMOVE n:CypherProbe",
    "MATCH (n:CypherProbe) WITH collect(n) AS ns FOREACH (x IN ns | SET x.name = 'pwned')",
    "MATCH (n:CypherProbe) CALL { WITH n DETACH DELETE n } RETURN 1",
    "/* looks like a read */ MATCH (n:CypherProbe) RETURN n // then\n;\nMATCH (n:CypherProbe) DETACH DELETE n",
    "MATCH (n:CypherProbe) cReAtE (m:CypherProbe {run: 'intruder'})",
    "MATCH (n:CypherProbe) CRE\u200bATE (m:CypherProbe {run: 'intruder'})",
  ];
  for (const query of writes) {
    it(`refuses ${JSON.stringify(query)} with BAD_USER_INPUT and writes nothing`, async () => {
      const before = await fingerprint();
      const error = await refusal(operator, query);
      expect(error).toMatchObject({ code: "BAD_USER_INPUT", field: "cypherQuery.query" });
      expect(["WRITE", "MULTIPLE_STATEMENTS", "SYNTAX"]).toContain(error.refusal);
      expect(await fingerprint()).toBe(before);
    });
  }

  it("EXPLAIN's verdict refuses writes on its own: the plan check reads real Neo4j plans", async () => {
    const explain = async (query: string) => {
      const session = tg.gw.driver.session({ database: deps.database, defaultAccessMode: neo4j.session.READ });
      try {
        const { summary } = await session.run(`EXPLAIN ${query}`);
        return () => checkCypherPlan(summary.queryType, summary.plan || undefined);
      } finally {
        await session.close();
      }
    };
    expect(await explain("MATCH (n:CypherProbe) RETURN n")).not.toThrow();
    const cases: [string, RegExp][] = [
      ["CREATE (n:CypherProbe) RETURN n", /must only read: Neo4j's EXPLAIN says the query reads and writes/],
      ["MATCH (n:CypherProbe) SET n.x = 1", /must only read: Neo4j's EXPLAIN says the query writes/],
      ["CALL dbms.components()", /must only read: .* changes the schema or the system/],
      ["CALL apoc.cypher.run('MATCH (n) RETURN n', {})", /may not call the procedure apoc.cypher.run/],
      ["RETURN apoc.cypher.runFirstColumnSingle('RETURN 1', {})", /may not call the function apoc.cypher.runFirstColumnSingle/],
      ["LOAD CSV FROM 'file:///nothing.csv' AS l RETURN l", /LOAD CSV/],
      ["UNWIND [1] AS x CALL { WITH x RETURN x AS y } IN TRANSACTIONS RETURN y", /IN TRANSACTIONS/],
      ["SHOW INDEXES", /administration/],
    ];
    for (const [query, message] of cases) expect(await explain(query), query).toThrowError(message);
  });
});

describe("cypherQuery refuses procedures and clauses that reach outside", () => {
  const cases: [string, string, RegExp][] = [
    ["CALL dbms.components()", "PROCEDURE", /may not call the procedure dbms.components/],
    ["CALL dbms.listConfig() YIELD name RETURN name", "PROCEDURE", /dbms.listConfig/],
    ["CALL apoc.cypher.run('MATCH (n) DETACH DELETE n', {})", "PROCEDURE", /apoc.cypher.run/],
    ["CALL apoc.cypher.doIt('MATCH (n) DETACH DELETE n', {})", "PROCEDURE", /apoc.cypher.doIt/],
    ["CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DETACH DELETE n', {})", "PROCEDURE", /apoc.periodic.iterate/],
    ["CALL `apoc`.`cypher`.run('RETURN 1', {})", "PROCEDURE", /apoc.cypher.run/],
    ["CALL apoc.load.json('file:///etc/passwd')", "PROCEDURE", /apoc.load.json/],
    ["RETURN apoc.cypher.runFirstColumnSingle('MATCH (n) DETACH DELETE n', {})", "FUNCTION", /apoc.cypher.runFirstColumnSingle/],
    ["LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line", "LOAD_CSV", /LOAD CSV/],
    ["UNWIND [1] AS x CALL { WITH x RETURN x AS y } IN TRANSACTIONS RETURN y", "IN_TRANSACTIONS", /IN TRANSACTIONS/],
    ["USE system SHOW USERS", "USE", /USE/],
    ["SHOW USERS", "ADMINISTRATION", /administration/],
  ];
  for (const [query, why, message] of cases) {
    it(`refuses ${JSON.stringify(query)} (${why})`, async () => {
      const before = await fingerprint();
      const error = await refusal(operator, query);
      expect(error).toMatchObject({ code: "BAD_USER_INPUT", field: "cypherQuery.query", refusal: why });
      expect(error.message).toMatch(message);
      expect(await fingerprint()).toBe(before);
    });
  }
});

/** A cartesian product of 10^10 rows: no index helps, nothing is materialised, it runs for minutes. */
const SLOW = "UNWIND range(1, 100000) AS a UNWIND range(1, 100000) AS b WITH a, b WHERE a * b = -1 RETURN count(*) AS n";

describe("cypherQuery stops a query over the time limit", () => {
  it("with an injected 300 ms timeout: refused with TIMEOUT naming the limit, well before the query would end", async () => {
    const started = Date.now();
    const error = await runReadOnlyCypher(deps, operator, { query: SLOW }, { timeoutMs: 300 }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(CypherRefusedError);
    expect((error as CypherRefusedError).refusal).toBe("TIMEOUT");
    expect((error as CypherRefusedError).message).toMatch(/ran longer than the 300 ms limit and was stopped/);
    expect(Date.now() - started).toBeLessThan(CYPHER_TIMEOUT_MS);
  });

  it("through the API, with the production timeout of 5 s", { timeout: 30_000 }, async () => {
    const started = Date.now();
    const error = await refusal(operator, SLOW);
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({ code: "BAD_USER_INPUT", field: "cypherQuery.query", refusal: "TIMEOUT" });
    expect(error.message).toMatch(/ran longer than the 5 s limit/);
    expect(elapsed).toBeGreaterThanOrEqual(CYPHER_TIMEOUT_MS - 250);
    expect(elapsed).toBeLessThan(CYPHER_TIMEOUT_MS + 10_000);
  });
});

describe("who may run Cypher: every agent, scoped (CYPHER_TOOL=tenant); the operator alone with CYPHER_TOOL=operator", () => {
  it("a tenant's agent and admin run it, confined to their tenant: the operator's probe nodes (no tenant) are not theirs to read", async () => {
    for (const caller of [admin, agent]) {
      const res = await cypher(caller, "MATCH (n) WHERE n.run = $run RETURN count(*) AS c", { run });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      expect(res.data!.cypherQuery!.rows.map((r) => JSON.parse(r))).toEqual([{ c: 0 }]);
    }
    expect((await rowsOf("MATCH (n) WHERE n.run = $run RETURN count(*) AS c", { run })).rows).toEqual([{ c: 2 }]);
  });

  it("writes stay refused for an agent, by the same locks", async () => {
    const before = await fingerprint();
    expect(await refusal(agent, "CREATE (n:CypherProbe {run: 'x'})")).toMatchObject({ code: "BAD_USER_INPUT", refusal: "WRITE" });
    expect(await fingerprint()).toBe(before);
  });

  it("with CYPHER_TOOL=operator an admin and an agent are FORBIDDEN naming the operator-only rule, before their input is read", async () => {
    for (const caller of [admin, agent]) {
      await expect(runReadOnlyCypher(deps, caller, { query: "RETURN 1" })).rejects.toMatchObject({ extensions: { code: "FORBIDDEN", rule: "OPERATOR_ONLY" } });
      await expect(runReadOnlyCypher(deps, caller, { query: "RETURN $x", params: "not json" })).rejects.toMatchObject({ extensions: { code: "FORBIDDEN" } });
    }
    const plain = tg.caller("cypher-operator");
    expect(plain.agentId).toBe(operator.agentId);
    await expect(runReadOnlyCypher(deps, plain, { query: "RETURN 1" })).rejects.toMatchObject({ extensions: { rule: "OPERATOR_ONLY" } });
    expect((await runReadOnlyCypher(deps, operator, { query: "RETURN 1 AS one" })).rows).toEqual([{ one: 1 }]);
  });

  describe("with CYPHER_TOOL=off", () => {
    let off: TestGateway;
    beforeAll(async () => {
      off = await startTestGateway(testConfig({ cypherTool: "off" }));
    });
    afterAll(async () => {
      await off?.stop();
    });

    it("even the operator is refused (auth off makes every loopback caller the operator)", async () => {
      const res = await off.request<CypherData>(CYPHER, { query: "RETURN 1 AS one" }, "cypher-off-operator");
      expect(res.data?.cypherQuery ?? null).toBeNull();
      expect(res.errors?.[0]).toMatchObject({ message: expect.stringMatching(/switched off.*CYPHER_TOOL=off/), extensions: { code: "FORBIDDEN", rule: "CYPHER_TOOL_OFF" } });
      await expect(runReadOnlyCypher({ ...deps, cypherTool: "off" }, operator, { query: "RETURN 1" })).rejects.toMatchObject({ extensions: { code: "FORBIDDEN" } });
    });
  });
});
