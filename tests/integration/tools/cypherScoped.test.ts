import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canRead } from "../../../src/auth/policy.js";
import type { Caller } from "../../../src/core/caller.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { transferTypes } from "../../../src/transfer/index.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * cypherQuery as a tenant's agent (CYPHER_TOOL=tenant, the default): every way
 * out of the caller's tenant and visibility we could think of, each refused or
 * confined, on real data of two tenants and two agents. The data includes
 * links that should never exist (a person of one tenant CLOSE_TO a person of
 * another, a shared node linked to an internal ApiKey node) so that a missed
 * endpoint would show.
 */
let tg: TokenGateway;
let alice: Caller;
let bob: Caller;
let boss: Caller;
let eve: Caller;
let operator: Caller;
let other: string;
const ids: Record<string, string> = {};
/** The tenant model's labels: the SDL's @node types. */
const SCHEMA_NODE_LABELS = transferTypes(loadTypeDefs().document).labels;

/** Text that only another tenant's, another agent's private, or an internal node holds. */
const FOREIGN = ["EVE-FOREIGN-MARKER", "BOB-PRIVATE-MARKER", "APIKEY-MARKER", "B-ORG-MARKER"];

const CYPHER = `query ($query: String!, $params: String) { cypherQuery(query: $query, params: $params, limit: 1000) { columns rows rowCount truncated } }`;
interface CypherData {
  cypherQuery: { columns: string[]; rows: string[]; rowCount: number; truncated: boolean } | null;
}

async function cypher(caller: Caller, query: string, params?: Record<string, unknown>) {
  const res = await tg.as<CypherData>(caller, CYPHER, { query, params: params === undefined ? null : JSON.stringify(params) });
  return { errors: res.errors, rows: res.data?.cypherQuery?.rows.map((r) => JSON.parse(r) as Record<string, any>) ?? null };
}

async function rows(caller: Caller, query: string, params?: Record<string, unknown>) {
  const res = await cypher(caller, query, params);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.rows!;
}

/** The foreign markers and element ids a result holds: what must be empty. */
function leaks(result: unknown): string[] {
  const text = JSON.stringify(result);
  const foreignIds = [ids.eve!, ids.googleB!, ids.bobSecret!, ids.apiKey!];
  return [...FOREIGN, other, ...foreignIds].filter((marker) => text.includes(marker));
}

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "cyscope" });
  other = `${tg.tenant}-b`;
  alice = tg.caller("alice");
  bob = tg.caller("bob");
  boss = tg.caller("boss", ["admin"]);
  operator = tg.operator("root");
  eve = { tenantId: other, agentId: `eve-${tg.tenant}`, roles: ["agent"] };
  const own = (owner: Caller, visibility = "SHARED", sharedWith: string[] = []) => ({ tenantId: owner.tenantId, ownerId: owner.agentId, visibility, sharedWith });
  const { records } = await tg.gw.driver.executeQuery(
    `CREATE (al:Person {id: 'alice', name: 'Alice'}) SET al += $alice
     CREATE (ch:Person {id: 'charlie', name: 'Charlie'}) SET ch += $alice
     CREATE (da:Person {id: 'dana', name: 'Dana'}) SET da += $bob
     CREATE (go:Org {id: 'google', name: 'Google'}) SET go += $alice
     CREATE (bs:Memory {id: 'bob-secret', content: 'BOB-PRIVATE-MARKER'}) SET bs += $bobPrivate
     CREATE (sw:Memory {id: 'for-alice', content: 'SHARED-WITH-ALICE'}) SET sw += $bobToAlice
     CREATE (ak:ApiKey {id: 'key', tenantId: $tenant, hash: 'APIKEY-MARKER'})
     CREATE (ev:Person {id: 'eve', name: 'EVE-FOREIGN-MARKER'}) SET ev += $eve
     CREATE (gb:Org {id: 'google', name: 'B-ORG-MARKER'}) SET gb += $eve
     CREATE (ch)-[:PREVIOUSLY {role: 'SWE', startDate: '2019', endDate: '2022', location: 'Mountain View', confidence: 0.95, evidence: ['msg_123', 'msg_456']}]->(go)
     CREATE (da)-[:WORKS_AT {role: 'PM', startDate: '2020', location: 'San Francisco', confidence: 0.92, evidence: ['msg_789']}]->(go)
     CREATE (al)-[:CLOSE_TO {basis: 'collaborate weekly', confidence: 0.85, evidence: ['msg_234']}]->(ch)
     CREATE (ch)-[:REMEMBERED_IN]->(bs)
     CREATE (ch)-[:HAS_KEY]->(ak)
     CREATE (ch)-[:CLOSE_TO {basis: 'across tenants'}]->(ev)
     CREATE (ev)-[:WORKS_AT]->(gb)
     RETURN elementId(ev) AS eve, elementId(gb) AS googleB, elementId(bs) AS bobSecret, elementId(ak) AS apiKey, elementId(ch) AS charlie`,
    { tenant: tg.tenant, alice: own(alice), bob: own(bob), bobPrivate: own(bob, "PRIVATE"), bobToAlice: own(bob, "PRIVATE", [alice.agentId]), eve: own(eve) },
  );
  Object.assign(ids, records[0]!.toObject());
});

afterAll(async () => {
  await tg?.gw.driver.executeQuery("MATCH (n) WHERE n.tenantId IN [$a, $b] DETACH DELETE n", { a: tg.tenant, b: other });
  await tg?.gw.stop();
});

/** Each way out: a query, its parameters, and what must hold besides "no foreign data comes back". */
interface WayOut {
  name: string;
  query: string;
  params?: () => Record<string, unknown>;
  /** Refused, with this refusal code; else it runs and `check` sees its rows. */
  refusal?: string;
  check?: (rows: Record<string, any>[]) => void;
}

const WAYS_OUT: WayOut[] = [
  { name: "MATCH (n) with no label", query: "MATCH (n) RETURN n", check: (r) => expect(r.map((x) => x.n.properties.id)).toContain("charlie") },
  {
    name: "an unbound relationship ()-[r]->()",
    query: "MATCH ()-[r]->() RETURN type(r) AS t, startNode(r) AS s, endNode(r) AS e",
    check: (r) => expect(r.map((x) => x.t).sort()).toEqual(["CLOSE_TO", "PREVIOUSLY", "WORKS_AT"]),
  },
  { name: "a variable-length path with nodes(p)", query: "MATCH p = (a)-[*]->(b) RETURN nodes(p) AS ns", refusal: "SCOPE" },
  { name: "a quantified relationship -->+", query: "MATCH (a:Person)-->+(b) RETURN b", refusal: "SCOPE" },
  {
    name: "a list comprehension over nodes(p)",
    query: "MATCH p = (a:Person)-->(b) RETURN [x IN nodes(p) | x] AS xs, [x IN relationships(p) | endNode(x)] AS ends",
    check: (r) => expect(r.length).toBe(3),
  },
  {
    name: "a quantified path pattern walking out of the tenant",
    query: "MATCH p = (a:Person {id: 'alice'}) ((x)-->(y)){1,3} (b) RETURN [n IN nodes(p) | n.name] AS names, b",
    check: (r) => expect(r.map((x) => x.b.properties.id).sort()).toEqual(["charlie", "google"]),
  },
  { name: "a CALL { } subquery", query: "CALL () { MATCH (n) RETURN n } RETURN n.id AS id", check: (r) => expect(r.length).toBeGreaterThan(0) },
  { name: "an old-style CALL { } subquery", query: "CALL { MATCH (n) RETURN n } RETURN n.id AS id" },
  { name: "an APOC procedure", query: "CALL apoc.meta.stats() YIELD labels RETURN labels", refusal: "PROCEDURE" },
  { name: "an allowlisted db procedure", query: "CALL db.labels() YIELD label RETURN label", refusal: "PROCEDURE" },
  { name: "apoc.cypher.runFirstColumnSingle", query: "RETURN apoc.cypher.runFirstColumnSingle('MATCH (n) RETURN collect(n)', {}) AS x", refusal: "FUNCTION" },
  { name: "apoc.node.degree", query: "MATCH (c:Person {id: 'charlie'}) RETURN apoc.node.degree(c) AS d", refusal: "FUNCTION" },
  { name: "WHERE naming the other tenant", query: "MATCH (n) WHERE n.tenantId = $other RETURN n", params: () => ({ other }), check: (r) => expect(r).toEqual([]) },
  { name: "OR true injection", query: "MATCH (n:Person) WHERE n.name = 'nobody' OR true RETURN n.name AS name", check: (r) => expect(r.length).toBe(3) },
  { name: "count(*) over every tenant", query: "MATCH (n) WHERE n.tenantId <> $mine RETURN count(*) AS c", params: () => ({ mine: tg.tenant }), check: (r) => expect(r).toEqual([{ c: 0 }]) },
  ...["eve", "bobSecret", "apiKey", "googleB"].map((key) => ({
    name: `an elementId lookup of ${key}`,
    query: "MATCH (n) WHERE elementId(n) = $id RETURN n",
    params: () => ({ id: ids[key] }),
    check: (r: Record<string, any>[]) => expect(r).toEqual([]),
  })),
  { name: "UNION", query: "MATCH (n:Person) RETURN n.name AS x UNION MATCH (m:Memory) RETURN m.content AS x", check: (r) => expect(r.map((x) => x.x)).toContain("SHARED-WITH-ALICE") },
  { name: "EXISTS { } on another agent's private memory", query: "MATCH (c:Person {id: 'charlie'}) WHERE EXISTS { (c)-->(:Memory) } RETURN c", check: (r) => expect(r).toEqual([]) },
  { name: "a pattern predicate on another agent's private memory", query: "MATCH (c:Person) WHERE (c)-->(:Memory) RETURN c", check: (r) => expect(r).toEqual([]) },
  { name: "COUNT { } of charlie's links", query: "MATCH (c:Person {id: 'charlie'}) RETURN COUNT { (c)-->() } AS n", check: (r) => expect(r).toEqual([{ n: 1 }]) },
  { name: "COLLECT { } of memories", query: "RETURN COLLECT { MATCH (m:Memory) RETURN m.content } AS cs", check: (r) => expect(r[0]!.cs).toEqual(["SHARED-WITH-ALICE"]) },
  { name: "a pattern comprehension", query: "MATCH (c:Person {id: 'charlie'}) RETURN [(c)-->(x) | x.name] AS names", check: (r) => expect(r[0]!.names).toEqual(["Google"]) },
  { name: "shortestPath", query: "MATCH (a:Person {id: 'alice'}), (b:Person {id: 'dana'}) RETURN shortestPath((a)-[*]-(b)) AS p", refusal: "SCOPE" },
  { name: "a parameter named like the scope's tenant", query: "MATCH (n) RETURN n", params: () => ({ callerTenant: other }), refusal: "PARAMS" },
  { name: "a parameter named like the scope's admin flag", query: "MATCH (n) RETURN n", params: () => ({ callerIsAdmin: true }), refusal: "PARAMS" },
  { name: "an internal label", query: "MATCH (k:ApiKey) RETURN k", refusal: "SCOPE" },
  { name: "an internal label as a predicate", query: "MATCH (k) WHERE k:ApiKey RETURN k", check: (r) => expect(r).toEqual([]) },
  { name: "another agent's PRIVATE memory", query: "MATCH (m:Memory) RETURN m.content AS c", check: (r) => expect(r.map((x) => x.c)).toEqual(["SHARED-WITH-ALICE"]) },
  { name: "a write", query: "MATCH (n:Person) SET n.name = 'x' RETURN n", refusal: "WRITE" },
];

describe("cypherQuery as a tenant's agent: every way out is refused or confined", () => {
  for (const way of WAYS_OUT) {
    it(`${way.name}: ${way.refusal ? `refused (${way.refusal})` : "0 foreign rows"}`, async () => {
      const res = await cypher(alice, way.query, way.params?.());
      if (way.refusal) {
        expect(res.rows).toBeNull();
        expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", refusal: way.refusal });
        return;
      }
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      expect(leaks(res.rows)).toEqual([]);
      way.check?.(res.rows!);
    });
  }

  it("MATCH (n) RETURN count(*) counts exactly the nodes the READ rule lets the agent read, of the tenant model's labels", async () => {
    const { records } = await tg.gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = $t RETURN labels(n) AS labels, properties(n) AS p", { t: tg.tenant });
    const readable = records.filter((r) => (r.get("labels") as string[]).some((l) => SCHEMA_NODE_LABELS.includes(l)) && canRead(alice, r.get("p")));
    expect(readable.length).toBeGreaterThanOrEqual(5);
    expect(await rows(alice, "MATCH (n) RETURN count(*) AS c")).toEqual([{ c: readable.length }]);
  });

  it("an admin reads every node of its tenant, private ones included, and still nothing of another tenant", async () => {
    const memories = (await rows(boss, "MATCH (m:Memory) RETURN m.content AS c ORDER BY c")).map((r) => r.c);
    expect(memories).toEqual(["BOB-PRIVATE-MARKER", "SHARED-WITH-ALICE"]);
    const everything = await rows(boss, "MATCH (n)-[r]-(m) RETURN n, r, m");
    expect(leaks(everything).filter((l) => l !== "BOB-PRIVATE-MARKER" && l !== ids.bobSecret)).toEqual([]);
  });

  it("an agent of the other tenant sees its own tenant only", async () => {
    const names = (await rows(eve, "MATCH (n) RETURN n.name AS name ORDER BY name")).map((r) => r.name);
    expect(names).toEqual(["B-ORG-MARKER", "EVE-FOREIGN-MARKER"]);
    expect(await rows(eve, "MATCH ()-[r]-() RETURN type(r) AS t")).toEqual([{ t: "WORKS_AT" }, { t: "WORKS_AT" }]);
  });

  it("bob reads his private memory, alice the one bob shared with her only", async () => {
    expect((await rows(bob, "MATCH (m:Memory) RETURN m.content AS c ORDER BY c")).map((r) => r.c)).toEqual(["BOB-PRIVATE-MARKER", "SHARED-WITH-ALICE"]);
  });

  it("the operator keeps unscoped access: both tenants, internal labels and procedures", async () => {
    const [row] = await rows(operator, "MATCH (n) WHERE n.tenantId IN [$a, $b] RETURN count(*) AS c, sum(CASE WHEN n:ApiKey THEN 1 ELSE 0 END) AS keys", { a: tg.tenant, b: other });
    expect(row).toEqual({ c: 9, keys: 1 });
    expect((await rows(operator, "CALL db.labels() YIELD label WHERE label = 'ApiKey' RETURN label")).length).toBe(1);
  });
});
