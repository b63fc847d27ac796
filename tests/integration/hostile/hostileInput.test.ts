import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HostileCase } from "../../support/hostile/hostileCase.js";
import { graphFingerprint, graphSnapshot, type GraphFingerprint } from "../../support/hostile/graphFingerprint.js";
import { HOSTILE_SECRET } from "../../support/hostile/hostileClient.js";
import { runHostileCase, type HostileEnv } from "../../support/hostile/runHostileCase.js";
import { vectorInputTargets } from "../../support/hostile/schemaTargets.js";
import { removeFixture, seedFixture } from "../../support/hostile/seedFixture.js";
import { servedSchema } from "../../support/hostile/servedSchema.js";
import { startTestGateway, testConfig, type TestGateway } from "../../support/testGateway.js";
import { authenticationCases } from "./cases/authenticationCases.js";
import { controlCharacterCases } from "./cases/controlCharacterCases.js";
import { injectionControlCases, injectionReadCases, injectionRefusedCreateCases, injectionRolledBackCases } from "./cases/injectionCases.js";
import { luceneCases } from "./cases/luceneCases.js";
import { numberCases } from "./cases/numberCases.js";
import { operationLimitCases } from "./cases/operationLimitCases.js";
import { oversizedCases } from "./cases/oversizedCases.js";
import { storedPayloadCases } from "./cases/storedPayloadCases.js";
import { fuzzFoundCases } from "./cases/fuzzFoundCases.js";
import { temporalCases } from "./cases/temporalCases.js";
import { tenantIsolationCases } from "./cases/tenantIsolationCases.js";
import { transportCases } from "./cases/transportCases.js";
import { embeddingNotWritableCases, queryVectorCases } from "./cases/vectorCases.js";

// The generated rows walk the schema the gateway serves, so they grow with `schema/`.
const schema = await servedSchema();

const tables: [string, HostileCase[]][] = [
  ["Cypher injection in every text filter of every list query", [...injectionControlCases, ...injectionReadCases(schema)]],
  ["Cypher injection in create inputs: refused or rolled back whole", [...injectionRefusedCreateCases(schema), ...injectionRolledBackCases(schema)]],
  ["injection payloads stored as data", storedPayloadCases],
  ["oversized strings, lists and bodies", oversizedCases],
  ["NaN, Infinity and numbers out of range", numberCases],
  ["control characters", controlCharacterCases],
  ["dates and times the database cannot read", temporalCases],
  ["operation limits: depth, aliases, directives, tokens, cost", operationLimitCases],
  ["malformed requests", transportCases],
  ["Lucene syntax", luceneCases(schema)],
  ["vectors", [...embeddingNotWritableCases(schema), ...queryVectorCases()]],
  ["ids of another tenant or agent", tenantIsolationCases],
  ["forged credentials", await authenticationCases()],
  ["found by the schema fuzzer", fuzzFoundCases],
];

let gw: TestGateway;
let env: HostileEnv;
/** The fixture as the seeding answered, before the embedding worker caught up with it. */
let beforeWorker: GraphFingerprint;

beforeAll(async () => {
  // The seeded game session's lease lasts the day: on a slow run the tier outlasts the default lease, and the
  // sweeper ending the session mid-tier changed the fingerprint a case was checked against.
  const base = testConfig();
  gw = await startTestGateway(
    testConfig({
      auth: { mode: "token", jwtSecret: HOSTILE_SECRET, jwksUrl: undefined, issuer: undefined, audience: undefined, tokenTtlSeconds: 900 },
      game: { ...base.game, leaseSeconds: 86_400 },
    }),
  );
  await removeFixture(gw.driver);
  const fx = await seedFixture(gw.url, gw.driver);
  beforeWorker = await graphFingerprint(gw.driver);
  await gw.app.embeddings.drain();
  env = { url: gw.url, driver: gw.driver, fx, expected: await graphFingerprint(gw.driver), snapshot: await graphSnapshot(gw.driver) };
});
afterAll(async () => {
  await removeFixture(gw.driver);
  await gw.stop();
});

// The cases run while the worker may still be embedding what an earlier case wrote: what it writes must be bookkeeping.
it("the embedding worker's background writes (vectors, keys, a fact's embeddedAt) leave the fingerprint as seeded", () => {
  expect(env.expected).toEqual(beforeWorker);
});

describe("hostile input: every case gets its error code, and the graph's fingerprint is unchanged after it", () => {
  it("the table holds at least 100 cases", () => {
    expect(tables.reduce((sum, [, cases]) => sum + cases.length, 0)).toBeGreaterThanOrEqual(100);
  });

  it("the one input that takes a vector (searchMemories' query vector) has wrong-size rows", () => {
    expect(vectorInputTargets(schema)).toEqual([{ type: "SearchMemoriesInput", field: "vector" }]);
    expect(queryVectorCases().length).toBeGreaterThanOrEqual(4);
  });

  for (const [title, cases] of tables) {
    describe(title, () => {
      const rows = cases.map((c) => [c.awaits ? `${c.name} [awaits ${c.awaits}]` : c.name, c] as const);
      it.each(rows)("%s", (_name, c) => runHostileCase(c, env));
    });
  }
});
