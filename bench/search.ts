/**
 * `npm run bench:search -- [--sizes 10000,100000] [--queries 200] [--limit 10] [--builds tsx,dist] [--data-dir DIR] [--compare DIR --rounds 3] [--skip-nested]`
 *
 * Stores synthetic memories of one agent through `recordMemories` (the
 * gateway's bulk write path) and measures ingestion throughput with
 * embeddings included (from the first write until the worker has embedded
 * the last memory). At each size it then times `searchMemories` over GraphQL
 * (HTTP round trip, query embedding included) beside the raw Neo4j vector
 * query for the same k in the same run. With `--builds tsx,dist`, the last
 * size is searched again through a gateway in a child process per build, on
 * the same Neo4j: from src/ through tsx (npm start) and compiled (start:prod).
 * With `--data-dir`, Neo4j's store is kept there and a later run reuses it:
 * memories already stored are not ingested again (the ingestion column then
 * shows only what this run added), so runs can alternate on one store.
 * With `--compare DIR` (a checkout of another version, e.g. a git worktree
 * with node_modules linked), the last size is searched through this version's
 * gateway and DIR's, each in a child process on the same Neo4j, alternating
 * for `--rounds` rounds: a before/after on one store, in one run.
 * At the last size, 20 hits are also asked for with a flat selection, with a
 * selection two levels deep through the hit's @graphLink (memory → its agent
 * and the people and agents it involves), and three levels deep (→ the agent's
 * latest memories), in turn: the cost of keeping on querying from a hit, beside
 * the same three-level selection sent as a second request by id.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import neo4j from "neo4j-driver";
import { percentile } from "./locomo/metrics.js";
import { syntheticMemories, syntheticQueries } from "./search/syntheticMemories.js";
import { startBenchGateway } from "./support/benchGateway.js";
import { graphqlRequest } from "./support/graphqlRequest.js";
import { timeVariants, variantRow } from "./support/timeVariants.js";
import { treeCpuSeconds } from "./support/treeCpu.js";
import { startChildGateway } from "../fixtures/childGateway.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    queries: { type: "string", default: "200" },
    limit: { type: "string", default: "10" },
    builds: { type: "string", default: "" },
    "data-dir": { type: "string" },
    compare: { type: "string" },
    rounds: { type: "string", default: "3" },
    // A before/after on a kept store needs only the comparison: the selection-depth section takes minutes.
    "skip-nested": { type: "boolean", default: false },
  },
});
const sizes = values.sizes!.split(",").map(Number);
const queryCount = Number(values.queries);
const limit = Number(values.limit);
const builds = values.builds!.split(",").filter(Boolean) as ("tsx" | "dist")[];
if (builds.some((b) => b !== "tsx" && b !== "dist")) throw new Error(`--builds takes tsx and/or dist, got ${values.builds}`);
const rounds = Number(values.rounds);
// Another version's gateway process: fixtures/ since the layered house, tests/support/ before it.
const compareScript = values.compare
  ? ["fixtures/gatewayProcess.ts", "tests/support/gatewayProcess.ts"].map((f) => path.resolve(values.compare!, f)).find((f) => existsSync(f))
  : undefined;
if (values.compare && !compareScript) throw new Error(`--compare ${values.compare}: no fixtures/gatewayProcess.ts or tests/support/gatewayProcess.ts there`);
const commitOf = (dir: string) => {
  try {
    return execFileSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "not a git checkout";
  }
};
const otherName = values.compare ? `${values.compare} (${commitOf(values.compare)})` : "";
const thisName = `this version (${commitOf(".")})`;
const AGENT = "bench-search";
const BATCH = 500;
const RECORD = `mutation ($m: [MemoryInput!]!) { recordMemories(memories: $m) { ids } }`;
const SEARCH = `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id score } tookMs } }`;
const SEARCH_FLAT = `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id score content importance tags } } }`;
const SEARCH_TWO_LEVELS = `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id score
  memory { content importance tags agent { name role } aboutPeople { name } relatedAgents { name } } } } }`;
const LATEST = `agent { name role memories(limit: 3, sort: [{ createdAt: DESC }]) { content createdAt } }`;
const SEARCH_THREE_LEVELS = `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id score memory { content importance tags ${LATEST} } } } }`;
// The same latest three through the agent's @cypher field, and through the generated connection.
const SEARCH_THREE_RECENT = `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id score memory { content importance tags agent { name role recentMemories(limit: 3) { content createdAt } } } } } }`;
const SEARCH_THREE_CONNECTION = `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id score memory { content importance tags agent { name role memoriesConnection(first: 3, sort: [{ node: { createdAt: DESC } }]) { edges { node { content createdAt } } } } } } } }`;
const BY_ID = `query ($ids: [ID!]!) { memories(where: { id: { in: $ids } }) { id content importance tags ${LATEST} } }`;
const NESTED_HITS = 20;

const gw = await startBenchGateway(process.env, { keepDataDir: values["data-dir"] });
const lines: string[] = [];
try {
  // A kept store from an earlier run already holds the agent and its first memories.
  const counted = await gw.app.driver.executeQuery("MATCH (m:Memory {ownerId: $agent}) RETURN count(m) AS n", { agent: AGENT });
  let stored = Number(counted.records[0]?.get("n") ?? 0);
  if (stored === 0) await gw.request(`mutation { createAgents(input: [{ id: "${AGENT}", name: "Bench", role: "benchmark" }]) { agents { id } } }`, {}, AGENT);
  const queries = syntheticQueries(queryCount);
  const vectors = await gw.app.embedder.embedQueries(queries);
  lines.push(
    `searchMemories — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), ${Math.round(os.totalmem() / 2 ** 30)} GB, model ${gw.app.embedder.model}, limit ${limit}, ${queryCount} queries`,
    "",
    "| memories | ingested (this step) | ingestion rate, embeddings included | searchMemories p50 / p95 (GraphQL) | inside the gateway p50 / p95 | raw vector query p50 / p95 |",
    "| --- | --- | --- | --- | --- | --- |",
  );
  for (const size of sizes) {
    const started = performance.now();
    const adding = Math.max(0, size - stored);
    for (let i = stored; i < size; i += BATCH) {
      await gw.request(RECORD, { m: syntheticMemories(i, Math.min(BATCH, size - i)) }, AGENT);
    }
    await gw.app.embeddings.drain();
    const seconds = (performance.now() - started) / 1000;
    stored = Math.max(stored, size);
    await gw.app.driver.executeQuery("CALL db.awaitIndexes(600)");

    const search = async (q: number) => {
      const t = performance.now();
      const data = await gw.request<{ searchMemories: { tookMs: number } }>(SEARCH, { input: { query: queries[q], agentIds: [AGENT], limit } }, AGENT);
      return { total: performance.now() - t, inside: data.searchMemories.tookMs };
    };
    const raw = async (q: number) => {
      const t = performance.now();
      await gw.app.driver.executeQuery(
        "CALL db.index.vector.queryNodes('memory_embedding', $k, $vector) YIELD node, score RETURN node.id AS id, score",
        { k: neo4j.int(limit), vector: vectors[q] },
        { routing: "READ" },
      );
      return performance.now() - t;
    };
    for (let q = 0; q < Math.min(20, queryCount); q++) await search(q); // warm-up: plans and caches
    const totals: number[] = [];
    const insides: number[] = [];
    const raws: number[] = [];
    for (let q = 0; q < queryCount; q++) {
      const { total, inside } = await search(q);
      totals.push(total);
      insides.push(inside);
      raws.push(await raw(q));
    }
    const pair = (xs: number[]) => `${percentile(xs, 50).toFixed(1)} / ${percentile(xs, 95).toFixed(1)} ms`;
    lines.push(`| ${size.toLocaleString("en")} | ${adding.toLocaleString("en")} in ${seconds.toFixed(1)} s | ${adding ? `${(adding / seconds).toFixed(0)} /s` : "(kept store)"} | ${pair(totals)} | ${pair(insides)} | ${pair(raws)} |`);
    process.stdout.write(`${lines.at(-1)}\n`);
  }
  const input = (q: number) => ({ input: { query: queries[q % queryCount], agentIds: [AGENT], limit: NESTED_HITS } });
  if (!values["skip-nested"]) await selectionDepths();
  /** The cost of keeping on querying from a hit: selections one, two and three levels deep. */
  async function selectionDepths() {
    const times = await timeVariants(queryCount, {
      flat: (q) => gw.request(SEARCH_FLAT, input(q), AGENT),
      two: (q) => gw.request(SEARCH_TWO_LEVELS, input(q), AGENT),
      three: (q) => gw.request(SEARCH_THREE_LEVELS, input(q), AGENT),
      threeRecent: (q) => gw.request(SEARCH_THREE_RECENT, input(q), AGENT),
      threeConnection: (q) => gw.request(SEARCH_THREE_CONNECTION, input(q), AGENT),
      twoRequests: async (q) => {
        const found = await gw.request<{ searchMemories: { hits: { id: string }[] } }>(SEARCH_FLAT, input(q), AGENT);
        return gw.request(BY_ID, { ids: found.searchMemories.hits.map((h) => h.id) }, AGENT);
      },
    });
    lines.push(
      "",
      `At ${stored.toLocaleString("en")} memories, ${NESTED_HITS} hits of one agent, selections through the hit's link (one extra statement each), in turn, 20 warm-up rounds then ${queryCount}:`,
      "",
      "| selection | p50 / p95 (GraphQL) | p95 ÷ flat p95 |",
      "| --- | --- | --- |",
      variantRow("flat: the hit's own fields", times.flat, times.flat),
      variantRow("two levels: memory → its agent, the people and agents it involves", times.two, times.flat),
      variantRow("three levels: memory → its agent → the agent's 3 latest memories", times.three, times.flat),
      variantRow("the same three levels as a second request (flat search, then memories by id)", times.twoRequests, times.flat),
      variantRow("three levels, the latest 3 through the agent's recentMemories(limit: 3) (@cypher)", times.threeRecent, times.flat),
      variantRow("three levels, the latest 3 through memoriesConnection(first: 3, sort)", times.threeConnection, times.flat),
    );
    process.stdout.write(`${lines.slice(-8).join("\n")}\n`);
  }
  const neo = gw.app.localNeo4j;
  const childEnv = { MNEMOGRAPH_AUTH: "off", LOG_LEVEL: "error", RATE_LIMIT_PER_MINUTE: "1000000", ...(neo ? { NEO4J_URI: neo.uri, NEO4J_USER: neo.user, NEO4J_PASSWORD: neo.password } : {}) };
  /** 20 unmeasured queries, then `queryCount`, through a child gateway: totals and times inside it. */
  const measureChild = async (build: "tsx" | "dist", script?: string) => {
    const child = await startChildGateway(childEnv, build, script);
    try {
      const totals: number[] = [];
      const insides: number[] = [];
      let cpuStart: number | null = null;
      let gatewayCpuStart: number | null = null;
      for (let q = 0; q < queryCount + 20; q++) {
        if (q === 20) {
          cpuStart = treeCpuSeconds();
          gatewayCpuStart = child.pid === undefined ? null : treeCpuSeconds(child.pid);
        }
        const t = performance.now();
        const data = await graphqlRequest<{ searchMemories: { tookMs: number } }>(child.url, SEARCH, { input: { query: queries[q % queryCount], agentIds: [AGENT], limit } }, AGENT);
        if (q < 20) continue;
        totals.push(performance.now() - t);
        insides.push(data.searchMemories.tookMs);
      }
      const cpuEnd = treeCpuSeconds();
      const gatewayCpuEnd = child.pid === undefined ? null : treeCpuSeconds(child.pid);
      // CPU of this process's tree (Neo4j, the child gateway, this client) per measured query, in ms; and the child gateway's own.
      const perQuery = (start: number | null, end: number | null) => (start !== null && end !== null ? ((end - start) * 1000) / queryCount : null);
      return { totals, insides, cpuMs: perQuery(cpuStart, cpuEnd), gatewayCpuMs: perQuery(gatewayCpuStart, gatewayCpuEnd) };
    } finally {
      await child.stop();
    }
  };
  const pair = (xs: number[]) => `${percentile(xs, 50).toFixed(1)} / ${percentile(xs, 95).toFixed(1)} ms`;
  if (builds.length) lines.push("", `At ${stored.toLocaleString("en")} memories, through a gateway in a child process on the same Neo4j (20 warm-up queries, then ${queryCount}):`, "", "| gateway | searchMemories p50 / p95 (GraphQL) | inside the gateway p50 / p95 |", "| --- | --- | --- |");
  for (const build of builds) {
    const { totals, insides } = await measureChild(build);
    lines.push(`| ${build === "dist" ? "compiled: dist/ in plain Node (start:prod)" : "src/ through tsx (npm start)"} | ${pair(totals)} | ${pair(insides)} |`);
  }
  if (compareScript) {
    lines.push("", `At ${stored.toLocaleString("en")} memories, ${thisName} against ${otherName} (both through tsx, each in a child process on the same Neo4j, alternating; 20 warm-up queries, then ${queryCount}):`, "", "| round | version | searchMemories p50 / p95 (GraphQL) | inside the gateway p50 / p95 | CPU per query (Neo4j + gateway + client) | of it, the gateway's |", "| --- | --- | --- | --- | --- | --- |");
    const p95s: Record<"this" | "other", { total: number[]; inside: number[]; cpu: number[]; gatewayCpu: number[] }> = { this: { total: [], inside: [], cpu: [], gatewayCpu: [] }, other: { total: [], inside: [], cpu: [], gatewayCpu: [] } };
    for (let round = 1; round <= rounds; round++) {
      // The order alternates too, so neither version always runs on a cache the other warmed.
      const order: ("this" | "other")[] = round % 2 ? ["other", "this"] : ["this", "other"];
      for (const version of order) {
        const { totals, insides, cpuMs, gatewayCpuMs } = await measureChild("tsx", version === "other" ? compareScript : undefined);
        p95s[version].total.push(percentile(totals, 95));
        p95s[version].inside.push(percentile(insides, 95));
        if (cpuMs !== null) p95s[version].cpu.push(cpuMs);
        if (gatewayCpuMs !== null) p95s[version].gatewayCpu.push(gatewayCpuMs);
        const ms = (x: number | null) => (x === null ? "n/a" : `${x.toFixed(1)} ms`);
        lines.push(`| ${round} | ${version === "this" ? thisName : otherName} | ${pair(totals)} | ${pair(insides)} | ${ms(cpuMs)} | ${ms(gatewayCpuMs)} |`);
        process.stdout.write(`${lines.at(-1)}\n`);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const change = (a: number, b: number) => `${b >= a ? "+" : ""}${(((b - a) / a) * 100).toFixed(1)}%`;
    lines.push(
      "",
      `Mean p95 over ${rounds} rounds, GraphQL: ${otherName} ${mean(p95s.other.total).toFixed(1)} ms, this version ${mean(p95s.this.total).toFixed(1)} ms (${change(mean(p95s.other.total), mean(p95s.this.total))}); inside the gateway: ${mean(p95s.other.inside).toFixed(1)} → ${mean(p95s.this.inside).toFixed(1)} ms (${change(mean(p95s.other.inside), mean(p95s.this.inside))}); CPU per query: ${mean(p95s.other.cpu).toFixed(1)} → ${mean(p95s.this.cpu).toFixed(1)} ms (${change(mean(p95s.other.cpu), mean(p95s.this.cpu))}), of it the gateway's ${mean(p95s.other.gatewayCpu).toFixed(1)} → ${mean(p95s.this.gatewayCpu).toFixed(1)} ms (${change(mean(p95s.other.gatewayCpu), mean(p95s.this.gatewayCpu))}).`,
    );
  }
  process.stdout.write(`\n${lines.join("\n")}\n`);
} finally {
  await gw.stop();
}
