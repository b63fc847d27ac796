/**
 * `npm run bench:retrieve -- [--people 10000] [--facts-per-person 10] [--runs 50] [--llm-runs 200] [--llm-warmup 100] [--llm-delay 200] [--data-dir DIR] [--prepare-only] [--builds tsx,dist]`
 *
 * Loading and embedding 100k facts takes minutes. With `--data-dir`, Neo4j's
 * data is kept there: a first run (`--prepare-only` stops after it) loads and
 * embeds the graph, later runs find it complete and go straight to measuring.
 *
 * retrieveContext over GraphQL on a synthetic people graph (10k people, 100k
 * facts by default) plus the chatbot memory service's fixture (Alice, Bob, Charlie, Dana):
 * 1. the deterministic planner on the chatbot memory service's four cases: latency p50/p95;
 * 2. the LLM planner against a scripted OpenAI-compatible model that answers
 *    after a fixed delay: Mnemograph's own time per iteration (all but the
 *    model's delay) and whether a round of parallel tool calls takes about as
 *    long as its slowest call;
 * 3. 20 concurrent runs: all succeed; the process's peak memory (RSS);
 * 4. the heaviest case with a flat selection of its facts against a nested one
 *    two levels deep through their @graphLinks (person → employers; evidence
 *    messages → authors), alternately.
 * With `--builds tsx,dist` the LLM section runs once per gateway build, one
 * after the other on the same graph: from src/ through tsx (npm start) and
 * compiled, dist/ in plain Node (start:prod; `npm run build` first).
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { LOCAL_TENANT } from "../src/core/caller.js";
import { memoryServiceCases } from "../fixtures/memoryServiceCases.js";
import { memoryServiceGraph } from "../fixtures/memoryServiceGraph.js";
import { startScriptedLlm } from "../fixtures/scriptedLlm.js";
import { percentile } from "./locomo/metrics.js";
import { writePeopleGraph } from "./retrieve/peopleGraph.js";
import { startBenchGateway } from "./support/benchGateway.js";
import { startChildGateway } from "../fixtures/childGateway.js";
import { graphqlRequest } from "./support/graphqlRequest.js";
import { timeVariants, variantRow } from "./support/timeVariants.js";

const { values } = parseArgs({
  options: {
    people: { type: "string", default: "10000" },
    "facts-per-person": { type: "string", default: "10" },
    runs: { type: "string", default: "50" },
    "llm-runs": { type: "string", default: "200" },
    "llm-warmup": { type: "string", default: "100" },
    "llm-delay": { type: "string", default: "200" },
    "data-dir": { type: "string" },
    "prepare-only": { type: "boolean", default: false },
    builds: { type: "string", default: "tsx" },
  },
});
const people = Number(values.people);
const factsPerPerson = Number(values["facts-per-person"]);
const runs = Number(values.runs);
const llmDelay = Number(values["llm-delay"]);
const llmRuns = Number(values["llm-runs"]);
/** The gateway builds the LLM section measures, one after the other on the same graph: tsx (npm start) and/or dist (start:prod; npm run build first). */
const builds = values.builds!.split(",").map((b) => {
  if (b !== "tsx" && b !== "dist") throw new Error(`--builds takes tsx and/or dist, got ${b}`);
  if (b === "dist" && !existsSync(new URL("../dist/cli/main.js", import.meta.url))) throw new Error("--builds dist needs the compiled gateway: npm run build");
  return b;
});
const llmWarmup = Number(values["llm-warmup"]);
const AGENT = "bench-retrieve";
const me = "seed";
const id = (name: string) => `${me}-${name}`;

const RETRIEVE = `mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) {
  facts confidence metadata { processingTimeMs iterationsUsed queriesExecuted planner fallbackReason }
  trace { stage elapsedMs toolCalls { tool elapsedMs } } } }`;
const RETRIEVE_FLAT = `mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { structuredFacts { id subject relation object confidence evidence } } }`;
const RETRIEVE_NESTED = `mutation ($input: RetrieveContextInput!) { retrieveContext(input: $input) { structuredFacts { id subject relation object confidence
  person { name realName worksAt { name } } evidenceMessages { content timestamp author { name } } } } }`;
// createOrgs(input: []) makes @neo4j/graphql 7.6 generate invalid Cypher (a 500): people only, Google exists already.
const CREATE_PEOPLE = `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`;
const ASSERT = `mutation ($facts: [FactAssertionInput!]!) { assertFacts(facts: $facts) { created { id } } }`;

const CASES = memoryServiceCases(id);

class PreparedOnly extends Error {}

type Result = { retrieveContext: { facts: string[]; confidence: string; metadata: { processingTimeMs: number; iterationsUsed: number; queriesExecuted: number; planner: string; fallbackReason: string | null }; trace: { stage: string; elapsedMs: number; toolCalls: { tool: string; elapsedMs: number }[] }[] | null } };
const fmt = (n: number) => n.toFixed(1);
const lines: string[] = [];
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

// Deterministic gateway (no LLM) first; the LLM gateway later shares the same Neo4j data through its own process-local client.
const llm = await startScriptedLlm();
const dataDir = values["data-dir"];
const fixture = memoryServiceGraph(me);
const gw = await startBenchGateway({ ...process.env, RATE_LIMITS: "retrieveContext=1000000", LLM_BASE_URL: "", RETRIEVE_TIME_BUDGET_MS: "30000" }, { keepDataDir: dataDir });
try {
  const graphLine = await prepareGraph();
  const header = `retrieveContext — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), ${Math.round(os.totalmem() / 2 ** 30)} GB, model ${gw.app.embedder.model}`;
  lines.push(header, "", graphLine, "");
  if (values["prepare-only"]) throw new PreparedOnly();

  const run = async (messages: unknown, agent = AGENT) => {
    const t = performance.now();
    const data = await gw.request<Result>(RETRIEVE, { input: { messages } }, agent);
    return { total: performance.now() - t, result: data.retrieveContext };
  };

  // 1. Deterministic planner: warm-up (caches, query plans), then `runs` per case.
  for (const messages of Object.values(CASES)) for (let i = 0; i < 3; i++) await run(messages);
  lines.push("Deterministic planner, over GraphQL (HTTP round trip included):", "", "| case | facts | confidence | p50 ms | p95 ms | inside the loop p50 / p95 ms |", "| --- | --- | --- | --- | --- | --- |");
  const all: number[] = [];
  for (const [name, messages] of Object.entries(CASES)) {
    const totals: number[] = [];
    const inside: number[] = [];
    let last: Result["retrieveContext"] | null = null;
    for (let i = 0; i < runs; i++) {
      const r = await run(messages);
      totals.push(r.total);
      inside.push(r.result.metadata.processingTimeMs);
      last = r.result;
    }
    all.push(...totals);
    lines.push(`| ${name} | ${last!.facts.length} | ${last!.confidence} | ${fmt(percentile(totals, 50))} | ${fmt(percentile(totals, 95))} | ${fmt(percentile(inside, 50))} / ${fmt(percentile(inside, 95))} |`);
  }
  lines.push(`| all four | | | ${fmt(percentile(all, 50))} | ${fmt(percentile(all, 95))} | |`, "");

  // 3. Twenty concurrent runs of the heaviest case.
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const concurrent = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => run(CASES.applying, `${AGENT}-c${i}`)));
  const wall = performance.now() - started;
  const ok = concurrent.filter((c) => c.status === "fulfilled" && c.value.result.facts.length > 0).length;
  lines.push(`20 concurrent runs (the Alice/Bob/Charlie case): ${ok}/20 succeeded in ${fmt(wall)} ms wall time; RSS ${Math.round(before / 2 ** 20)} MB before, peak ${Math.round(peakRss / 2 ** 20)} MB for the whole process (gateway, embedding model and the benchmark itself; Neo4j runs in its own JVM).`, "");

  // 4. Keeping on querying from the facts: flat against nested, alternately.
  const retrieveWith = (query: string) => () => gw.request(query, { input: { messages: CASES.applying } }, AGENT);
  const compared = await timeVariants(runs, { flat: retrieveWith(RETRIEVE_FLAT), nested: retrieveWith(RETRIEVE_NESTED) }, 5);
  const factCount = (await gw.request<{ retrieveContext: { structuredFacts: unknown[] } }>(RETRIEVE_FLAT, { input: { messages: CASES.applying } }, AGENT)).retrieveContext.structuredFacts.length;
  lines.push(
    `The Alice/Bob/Charlie case (${factCount} facts), the facts selected flat and through their links (two extra statements), in turn, 5 warm-up rounds then ${runs}:`,
    "",
    "| selection | p50 / p95 (GraphQL) | p95 ÷ flat p95 |",
    "| --- | --- | --- |",
    variantRow("flat: the facts' own fields", compared.flat, compared.flat),
    variantRow("two levels: person → employers; evidence messages → authors", compared.nested, compared.flat),
    "",
  );

  // 2. LLM planner against the scripted model: a second gateway on the same Neo4j (same graph, same vectors), in a process
  // of its own, so that the scripted model and this benchmark's HTTP client do not share its event loop (they are elsewhere in real use).
  for (const build of builds) {
    const neo = gw.app.localNeo4j;
    // The child writes how long each request took inside its process: the whole request without this benchmark's client.
    const timingsFile = path.join(os.tmpdir(), `bench-retrieve-timings-${process.pid}.json`);
    const measured: { modelMs: number; calls: number }[] = [];
    const gw2 = await startChildGateway({
      REQUEST_TIMINGS_FILE: timingsFile,
      MNEMOGRAPH_AUTH: "off", LOG_LEVEL: "error", RATE_LIMIT_PER_MINUTE: "1000000", RATE_LIMITS: "retrieveContext=1000000",
      LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "scripted", LLM_TIMEOUT_MS: "10000",
      ...(neo ? { NEO4J_URI: neo.uri, NEO4J_USER: neo.user, NEO4J_PASSWORD: neo.password } : {}),
    }, build);
    try {
    // Round 1: three independent lookups in one model turn; round 2: the model is done.
    llm.play((_req, i) =>
      i % 2 === 0
        ? { delayMs: llmDelay, calls: [
            { name: "person_profile", arguments: { person_id: id("charlie") } },
            { name: "find_people_by_organization", arguments: { organization: "Google" } },
            { name: "get_relationships_between", arguments: { person_a_id: id("alice"), person_b_id: id("charlie") } },
          ] }
        : { delayMs: llmDelay, content: "Charlie worked at Google; Alice is close to him." },
    );
    const perIteration: number[] = [];
    const perRun: number[] = [];
    const perRunWhole: number[] = [];
    const perIterationWhole: number[] = [];
    const roundVsSlowest: number[] = [];
    const modelOverDelay: number[] = [];
    const roundVsSum: number[] = [];
    // The child gateway's JavaScript starts cold: unmeasured runs first, as the deterministic gateway had 200 before its measurements.
    // More measured runs than the deterministic cases: a p95 of 50 runs is their third slowest, and moves by milliseconds between runs of the benchmark.
    const warmup = llmWarmup;
    for (let i = 0; i < llmRuns + warmup; i++) {
      const started = performance.now();
      const data = await graphqlRequest<Result>(gw2.url, RETRIEVE, { input: { messages: CASES.applying, debug: true } }, AGENT);
      const wall = performance.now() - started;
      const r = data.retrieveContext;
      if (r.metadata.planner !== "LLM") throw new Error(`expected the LLM planner, got ${JSON.stringify(r.metadata)}`);
      if (i < warmup) continue;
      // A round is one plan → execute → evaluate cycle; the last PLAN (the model saying it is done) is a round without tools.
      const modelCalls = r.trace!.filter((s) => s.stage === "PLAN").length;
      // The model's time as the scripted server measured it (its delay, and the timer's and its own lateness), per call of this run.
      const calls = Array.from({ length: modelCalls }, (_, k) => llm.servedMs[llm.requests.length - modelCalls + k]);
      if (calls.some((ms) => ms === undefined)) throw new Error("the scripted model has not finished a reply the run used");
      const modelMs = calls.reduce((a: number, b) => a + b!, 0);
      modelOverDelay.push(modelMs - modelCalls * llmDelay);
      const own = r.metadata.processingTimeMs - modelMs;
      perRun.push(own);
      perIteration.push(own / modelCalls);
      // The whole request: the loop plus recording the run, GraphQL and HTTP.
      const ownWhole = wall - modelMs;
      perRunWhole.push(ownWhole);
      measured.push({ modelMs, calls: modelCalls });
      perIterationWhole.push(ownWhole / modelCalls);
      for (const s of r.trace!.filter((x) => x.stage === "EXECUTE")) {
        const slowest = Math.max(...s.toolCalls.map((c) => c.elapsedMs));
        const sum = s.toolCalls.reduce((a, c) => a + c.elapsedMs, 0);
        roundVsSlowest.push(s.elapsedMs / slowest);
        roundVsSum.push(s.elapsedMs / sum);
      }
    }
    lines.push(
      `LLM planner (gateway ${build === "dist" ? "compiled, dist/ in plain Node" : "from src/ through tsx"}), scripted model answering after ${llmDelay} ms (2 model calls per run, 3 parallel tool calls in round 1), ${llmRuns} runs after ${llmWarmup} unmeasured ones:`,
      "",
      `- The model's time per run beyond its nominal delays (timer lateness and its own work, measured by the scripted server, and not counted as Mnemograph's): p50 ${fmt(percentile(modelOverDelay, 50))} ms, p95 ${fmt(percentile(modelOverDelay, 95))} ms.`,
      `- Mnemograph's own time per run inside the loop (processingTimeMs minus the model's time: analysis, linking, tools, synthesis): p50 ${fmt(percentile(perRun, 50))} ms, p95 ${fmt(percentile(perRun, 95))} ms; per model round p50 ${fmt(percentile(perIteration, 50))} ms, p95 ${fmt(percentile(perIteration, 95))} ms.`,
      `- The whole request minus the model's time (also the HTTP to the model and back, GraphQL, HTTP to the caller; the run is recorded after the answer): p50 ${fmt(percentile(perRunWhole, 50))} ms, p95 ${fmt(percentile(perRunWhole, 95))} ms per run; per model round p50 ${fmt(percentile(perIterationWhole, 50))} ms, p95 ${fmt(percentile(perIterationWhole, 95))} ms, p99 ${fmt(percentile(perIterationWhole, 99))} ms.`,
      `- A round of parallel tool calls took ${percentile(roundVsSlowest, 50).toFixed(2)}× its slowest call at p50 (p95 ${percentile(roundVsSlowest, 95).toFixed(2)}×), and ${percentile(roundVsSum, 50).toFixed(2)}× the sum of its calls.`,
      "",
    );
    } finally {
      await gw2.stop();
    }
    // Requests are sequential: the child's timings are in the order sent, warm-up first.
    const timings = (JSON.parse(readFileSync(timingsFile, "utf8")) as number[]).slice(llmWarmup);
    rmSync(timingsFile, { force: true });
    if (timings.length !== measured.length) throw new Error(`the child timed ${timings.length} measured requests, expected ${measured.length}`);
    const inProcess = measured.map((m, i) => (timings[i]! - m.modelMs) / m.calls);
    lines.splice(
      lines.length - 2,
      0,
      `- The same inside the gateway's process (from the request's arrival to its response handed to the socket, minus the model's time; without this benchmark's client): per model round p50 ${fmt(percentile(inProcess, 50))} ms, p95 ${fmt(percentile(inProcess, 95))} ms, p99 ${fmt(percentile(inProcess, 99))} ms.`,
    );
  }
} catch (err) {
  if (!(err instanceof PreparedOnly)) throw err;
} finally {
  await gw.stop();
  await llm.close();
  clearInterval(sampler);
}
process.stdout.write(`${lines.join("\n")}\n`);

/**
 * Loads the graph and embeds its facts, unless a kept data directory already
 * holds it complete: the last fixture fact written and nothing left to embed.
 */
async function prepareGraph(): Promise<string> {
  const { records } = await gw.app.driver.executeQuery(
    `OPTIONAL MATCH (last:Person {tenantId: $t, id: $lastId})
     OPTIONAL MATCH (charlie:Person {tenantId: $t, id: $fixtureId})
     RETURN last IS NOT NULL AND COUNT { (charlie)-[r]->() WHERE r.factId IS NOT NULL } > 0 AS complete, COUNT { ()-[r]->() WHERE r.factId IS NOT NULL } AS facts`,
    { t: LOCAL_TENANT, lastId: `bench-p${people - 1}`, fixtureId: id("charlie") },
  );
  if (records[0]!.get("complete")) {
    gw.app.embeddings.wake();
    await gw.app.embeddings.drain();
    return `Graph: ${people} people, ${Number(records[0]!.get("facts"))} facts, plus the chatbot memory service's fixture: reused from ${dataDir}, where an earlier run loaded and embedded it.`;
  }
  const t0 = performance.now();
  const written = await writePeopleGraph(gw.app.driver, LOCAL_TENANT, AGENT, { people, factsPerPerson });
  await gw.request(CREATE_PEOPLE, { input: fixture.people }, AGENT);
  await gw.app.driver.executeQuery("MATCH (o:Org {tenantId: $t, name: 'Google'}) SET o.aliases = ['Alphabet']", { t: LOCAL_TENANT });
  await gw.request(ASSERT, { facts: fixture.facts }, AGENT);
  const loaded = (performance.now() - t0) / 1000;
  gw.app.embeddings.wake();
  await gw.app.embeddings.drain();
  await gw.app.driver.executeQuery("CALL db.awaitIndexes(600)");
  const embedded = (performance.now() - t0) / 1000 - loaded;
  return `Graph: ${people} people, ${written + fixture.facts.length} facts (written in ${fmt(loaded)} s, facts embedded in ${fmt(embedded)} s), plus the chatbot memory service's fixture.`;
}
