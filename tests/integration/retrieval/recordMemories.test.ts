import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fails, ok } from "../../support/gql.js";
import { embeddedTypes } from "../../../src/embeddings/embeddedTypes.js";
import { contextVector } from "../../../src/embeddings/contextVector.js";
import { longTextParts } from "../../../src/embeddings/longText.js";
import { markStale } from "../../../src/embeddings/markStale.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { startTokenGateway } from "../../support/tokenGateway.js";
import { removeOwnedBy, settleGateways, startTestGateway, testConfig, uniqueAgent, type TestGateway } from "../../support/testGateway.js";

const RECORD = `mutation ($agentId: ID, $memories: [MemoryInput!]!) { recordMemories(agentId: $agentId, memories: $memories) { ids pendingEmbeddings } }`;
const CREATE_AGENT = `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "tester" }]) { agents { id } } }`;

let gw: TestGateway;
const agents: string[] = [];

async function newAgent(): Promise<string> {
  const id = uniqueAgent("rec");
  agents.push(id);
  await ok(gw, CREATE_AGENT, { id, name: id }, id);
  return id;
}

async function stored(agent: string) {
  const { records } = await gw.driver.executeQuery(
    `MATCH (a:Agent {id: $agent})-[:REMEMBERS]->(m:Memory) RETURN m { .*, embedding: null } AS m, toFloat(size(m.embedding)) AS dims,
            reduce(s = 0.0, x IN m.embedding | s + x * x) AS norm ORDER BY m.source`,
    { agent },
  );
  return records.map((r) => ({ ...(r.get("m") as Record<string, unknown>), dims: r.get("dims") as number | null, norm: r.get("norm") as number | null })) as ({
    dims: number | null;
    norm: number | null;
  } & Record<string, unknown>)[];
}

beforeAll(async () => {
  gw = await startTestGateway(testConfig());
});
afterAll(async () => {
  for (const a of agents) await removeOwnedBy(gw.driver, a);
  await gw.stop();
});

describe("recordMemories: the bulk write path", () => {
  it("stores a batch in one statement, linked to the agent, PENDING until the worker embeds it with the model's name", async () => {
    const agent = await newAgent();
    const memories = Array.from({ length: 25 }, (_, i) => ({
      type: "OBSERVATION",
      content: `Observation number ${i} about the deployment pipeline`,
      source: `D1:${String(i).padStart(2, "0")}`,
      tags: ["ops"],
      occurredAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    }));
    const data = await ok(gw, RECORD, { memories }, agent);
    expect(data.recordMemories.ids).toHaveLength(25);
    expect(data.recordMemories.pendingEmbeddings).toBe(25);
    await gw.app.embeddings.drain();
    const rows = await stored(agent);
    expect(rows).toHaveLength(25);
    for (const row of rows) {
      expect(row).toMatchObject({ ownerId: agent, tenantId: "local", visibility: "PRIVATE", embeddingStatus: "READY", embeddingModel: gw.app.embedder.model, dims: 384 });
      expect(row.norm as number).toBeCloseTo(1, 3);
    }
  });

  it("re-embeds after the text changes, and only then", async () => {
    const agent = await newAgent();
    const { recordMemories } = await ok(gw, RECORD, { memories: [{ type: "INSIGHT", content: "Caching halves latency" }] }, agent);
    const id = recordMemories.ids[0];
    await gw.app.embeddings.drain();
    const key = async () => (await stored(agent))[0]!.embeddingKey;
    const first = await key();
    await ok(gw, `mutation ($id: ID!) { updateMemories(where: { id: { eq: $id } }, update: { importance: { set: 0.9 } }) { memories { embeddingStatus } } }`, { id }, agent);
    await gw.app.embeddings.drain();
    expect(await key()).toBe(first);
    await ok(gw, `mutation ($id: ID!) { updateMemories(where: { id: { eq: $id } }, update: { content: { set: "Caching cuts latency by half" } }) { memories { id } } }`, { id }, agent);
    await gw.app.embeddings.drain();
    expect(await key()).not.toBe(first);
    expect((await stored(agent))[0]!.embeddingStatus).toBe("READY");
  });

  it("never loses a memory: one left PENDING (the process died) is embedded by the next gateway", async () => {
    const agent = await newAgent();
    await gw.driver.executeQuery(
      `CREATE (m:Memory {id: randomUUID(), tenantId: 'local', ownerId: $agent, visibility: 'PRIVATE', sharedWith: [], type: 'OBSERVATION',
         content: 'Written before a crash', importance: 0.5, confidence: 1.0, tags: [], participants: [], createdAt: datetime(), embeddingStatus: 'PENDING'})
       WITH m MATCH (a:Agent {tenantId: 'local', id: $agent}) CREATE (a)-[:REMEMBERS]->(m)`,
      { agent },
    );
    const next = await startTestGateway(testConfig());
    try {
      await next.app.embeddings.drain();
    } finally {
      await next.stop();
    }
    expect((await stored(agent))[0]).toMatchObject({ embeddingStatus: "READY", dims: 384 });
  });

  it("backfills after a change of model: vectors of another model are queued again and re-embedded", async () => {
    const agent = await newAgent();
    await ok(gw, RECORD, { memories: [{ type: "INSIGHT", content: "Vectors carry the name of their model" }] }, agent);
    await gw.app.embeddings.drain();
    await gw.driver.executeQuery("MATCH (m:Memory {ownerId: $agent}) SET m.embeddingModel = 'an-older-model', m.embeddingKey = 'stale'", { agent });
    const queued = await markStale(gw.driver, "neo4j", embeddedTypes(loadTypeDefs().document), gw.app.embedder.model);
    expect(queued.Memory).toBeGreaterThanOrEqual(1);
    expect((await stored(agent))[0]!.embeddingStatus).toBe("PENDING");
    await gw.app.embeddings.drain();
    expect((await stored(agent))[0]).toMatchObject({ embeddingStatus: "READY", embeddingModel: gw.app.embedder.model, dims: 384 });
  });

  it.each([
    ["empty content", { type: "OBSERVATION", content: "" }, /MemoryInput\.content/],
    ["importance above 1", { type: "OBSERVATION", content: "x", importance: 1.5 }, /MemoryInput\.importance/],
    ["confidence below 0", { type: "OBSERVATION", content: "x", confidence: -0.1 }, /MemoryInput\.confidence/],
    ["51 tags", { type: "OBSERVATION", content: "x", tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, /MemoryInput\.tags/],
  ])("refuses %s with BAD_USER_INPUT naming the field, and writes nothing", async (_name, bad, field) => {
    const agent = await newAgent();
    const error = await fails(gw, RECORD, { memories: [{ type: "OBSERVATION", content: "a good one" }, bad] }, agent);
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(String(error.field)).toMatch(field);
    expect(await stored(agent)).toHaveLength(0);
  });

  it("embeds a node whose optional embedded field is empty (a Synthesis without summary)", async () => {
    const agent = await newAgent();
    const { createSyntheses } = await ok<{ createSyntheses: { syntheses: { id: string }[] } }>(
      gw,
      `mutation { createSyntheses(input: [{ insight: "Batches never span two conversations", noveltyType: COMBINATION }]) { syntheses { id } } }`,
      {},
      agent,
    );
    await gw.app.embeddings.drain();
    const { records } = await gw.driver.executeQuery("MATCH (n:Synthesis {id: $id}) RETURN n.embeddingStatus AS status, size(n.embedding) AS dims", {
      id: createSyntheses.syntheses[0]!.id,
    });
    expect([records[0]!.get("status"), Number(records[0]!.get("dims"))]).toEqual(["READY", 384]);
  });

  it("refuses an unknown agent with BAD_USER_INPUT", async () => {
    const stranger = uniqueAgent("nobody");
    const unknown = await fails(gw, RECORD, { memories: [{ type: "OBSERVATION", content: "x" }] }, stranger);
    expect(unknown).toMatchObject({ code: "BAD_USER_INPUT", field: "recordMemories.agentId" });
    expect(unknown.message).toContain(stranger);
  });

  it("lets a plain agent record only its own memories (FORBIDDEN for another's), an admin anyone's", async () => {
    const tg = await startTokenGateway();
    try {
      const [agent, other, admin] = [tg.caller("writer"), tg.caller("other"), tg.caller("boss", ["agent", "admin"])];
      for (const c of [agent, other]) expect((await tg.as(c, CREATE_AGENT, { id: c.agentId, name: c.agentId })).errors).toBeUndefined();
      const memories = [{ type: "OBSERVATION", content: "written for someone else" }];
      const count = async () =>
        Number((await tg.gw.driver.executeQuery("MATCH (m:Memory {tenantId: $t, ownerId: $o}) RETURN count(m) AS n", { t: tg.tenant, o: other.agentId })).records[0]!.get("n"));
      const plain = await tg.as(agent, RECORD, { agentId: other.agentId, memories });
      expect(plain.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(await count()).toBe(0);
      const byAdmin = await tg.as(admin, RECORD, { agentId: other.agentId, memories });
      expect(byAdmin.errors).toBeUndefined();
      expect(await count()).toBe(1);
    } finally {
      await tg.stop();
    }
  });

  it("refuses an explicit null where the input has a default, naming the field, and writes nothing of the batch", async () => {
    const agent = await newAgent();
    // importance is not in the list: it has no GraphQL default since #19 (null or absent is the type's default, tested below).
    for (const field of ["confidence", "tags", "participants", "visibility"]) {
      const memories = [{ type: "OBSERVATION", content: "kept?" }, { type: "OBSERVATION", content: "null field", [field]: null }];
      const error = await fails(gw, RECORD, { agentId: agent, memories }, agent);
      expect(error.code).toBe("BAD_USER_INPUT");
      expect(error.message).toContain(field);
    }
    expect(await stored(agent)).toEqual([]);
    const omitted = await ok<{ recordMemories: { ids: string[] } }>(gw, RECORD, { agentId: agent, memories: [{ type: "OBSERVATION", content: "defaults" }] }, agent);
    expect(omitted.recordMemories.ids).toHaveLength(1);
    expect(await stored(agent)).toMatchObject([{ importance: 0.5, confidence: 1, tags: [], participants: [], visibility: "PRIVATE" }]);
  });

  it("gives a memory without importance its type's default (#19, the Discord squad's memory types) and keeps a chosen one exactly", async () => {
    const agent = await newAgent();
    const memories = [
      { type: "OBSERVATION", content: "o", source: "1" },
      { type: "LEARNING", content: "l", source: "2" },
      { type: "INSIGHT", content: "i", source: "3" },
      { type: "INTERACTION", content: "c", source: "4" },
      { type: "INSIGHT", content: "chosen", importance: 0.2, source: "5" },
      { type: "LEARNING", content: "null is no choice", importance: null, source: "6" },
      { type: "OBSERVATION", content: "zero is a choice", importance: 0, source: "7" },
    ];
    await ok(gw, RECORD, { memories }, agent);
    expect((await stored(agent)).map((m) => m.importance)).toEqual([0.5, 0.75, 0.9, 0.6, 0.2, 0.75, 0]);
    // Written inline rather than as variables: the same defaults.
    await ok(gw, `mutation { recordMemories(memories: [{ type: INSIGHT, content: "inline", source: "8" }, { type: INSIGHT, content: "inline chosen", importance: 0.5, source: "9" }]) { ids } }`, {}, agent);
    expect((await stored(agent)).slice(7).map((m) => m.importance)).toEqual([0.9, 0.5]);
  });

  it("refuses more than 1,000 memories in one call", async () => {
    const agent = await newAgent();
    const memories = Array.from({ length: 1001 }, () => ({ type: "OBSERVATION", content: "x" }));
    const error = await fails(gw, RECORD, { memories }, agent);
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(error.message).toMatch(/1000/);
  });
});

describe("recordMemories: contextual vectors of a conversation", () => {
  const turn = (i: number, content: string) => ({
    type: "INTERACTION",
    content,
    conversationId: "ctx-conv",
    source: `D1:${i}`,
    occurredAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  });

  /** Two turns in one batch, a third in a later one (its predecessor's vector then comes from the store). */
  async function converse(on: TestGateway, agent: string) {
    await ok(on, CREATE_AGENT, { id: agent, name: agent }, agent);
    await ok(on, RECORD, { memories: [turn(1, "Where did you go on holiday?"), turn(2, "We hiked in the Alps for a week.")] }, agent);
    await on.app.embeddings.drain();
    await ok(on, RECORD, { memories: [turn(3, "Did you see any ibex up there?")] }, agent);
    await on.app.embeddings.drain();
    const { records } = await on.driver.executeQuery(
      `MATCH (:Agent {id: $agent})-[:REMEMBERS]->(m:Memory) RETURN m.embedding AS own, m.contextEmbedding AS context ORDER BY m.source`,
      { agent },
    );
    return records.map((r) => ({ own: r.get("own") as number[], context: r.get("context") as number[] | null }));
  }

  it("embed each turn alone and again after the one before it with EMBEDDING_CONTEXT=joint, none for the first", async () => {
    const jointGw = await startTestGateway(testConfig({ embeddingContext: "joint" }));
    const agent = uniqueAgent("ctx");
    try {
      // Another gateway still embedding would embed these turns its own way.
      await settleGateways();
      const rows = await converse(jointGw, agent);
      expect(rows[0]!.context).toBeNull();
      for (const i of [1, 2]) {
        const context = rows[i]!.context!;
        expect(context.reduce((s, x) => s + x * x, 0)).toBeCloseTo(1, 3);
        const derived = contextVector(rows[i]!.own, rows[i - 1]!.own)!;
        expect(Math.max(...context.map((x, k) => Math.abs(x - derived[k]!)))).toBeGreaterThan(1e-3);
      }
    } finally {
      await removeOwnedBy(jointGw.driver, agent);
      await jointGw.stop();
    }
  });

  it("derive them from the two turns' own vectors with EMBEDDING_CONTEXT=derived, within a batch and across two", async () => {
    const derivedGw = await startTestGateway(testConfig({ embeddingContext: "derived" }));
    const agent = uniqueAgent("ctx");
    try {
      // Another gateway still embedding would embed these turns jointly, not derived.
      await settleGateways();
      const rows = await converse(derivedGw, agent);
      expect(rows[0]!.context).toBeNull();
      for (const i of [1, 2]) {
        const expected = contextVector(rows[i]!.own, rows[i - 1]!.own)!;
        rows[i]!.context!.forEach((x, k) => expect(x).toBeCloseTo(expected[k]!, 4));
      }
    } finally {
      await removeOwnedBy(derivedGw.driver, agent);
      await derivedGw.stop();
    }
  });

  it("embed only the text search ranks each turn by (EMBEDDING_CONTEXT=single, the default): the first alone, the next after the end of the one before, a turn after a long one alone", async () => {
    const singleGw = await startTestGateway(testConfig({ embeddingContext: "single" }));
    const agent = uniqueAgent("ctx");
    try {
      // Another gateway still embedding would embed these turns its own way.
      await settleGateways();
      const rows = await converse(singleGw, agent);
      const long = `We walked ${Array.from({ length: 210 }, (_, i) => `stage ${i}`).join(", ")} and slept in huts.`;
      await ok(singleGw, RECORD, { memories: [turn(4, long), turn(5, "That sounds exhausting.")] }, agent);
      await singleGw.app.embeddings.drain();
      const { records } = await singleGw.driver.executeQuery(
        `MATCH (:Agent {id: $agent})-[:REMEMBERS]->(m:Memory) WHERE m.source IN ['D1:4', 'D1:5'] RETURN m.embedding AS own, m.contextEmbedding AS context ORDER BY m.source`,
        { agent },
      );
      const all = [...rows, ...records.map((r) => ({ own: r.get("own") as number[], context: r.get("context") as number[] | null }))];
      const texts = ["Where did you go on holiday?", "We hiked in the Alps for a week.", "Did you see any ibex up there?", long, "That sounds exhausting."];
      const { window } = singleGw.app.embedder;
      const expected = await singleGw.app.embedder.embedPassages([
        texts[0]!,
        longTextParts(texts[1]!, texts[0]!, window).context,
        longTextParts(texts[2]!, texts[1]!, window).context,
        longTextParts(texts[3]!, texts[2]!, window).context,
        texts[4]!,
      ]);
      all.forEach((row, i) => {
        expect(row.context).toBeNull();
        row.own.forEach((x, k) => expect(x).toBeCloseTo(expected[i]![k]!, 4));
      });
    } finally {
      await removeOwnedBy(singleGw.driver, agent);
      await singleGw.stop();
    }
  });

  it("keep a conversation stored under joint after the switch to single, and embed a turn the single way when its text changes", async () => {
    expect(testConfig().embeddingContext).toBe("single");
    const jointGw = await startTestGateway(testConfig({ embeddingContext: "joint" }));
    const singleGw = await startTestGateway(testConfig({ embeddingContext: "single" }));
    const agent = uniqueAgent("ctx");
    const read = async () => {
      const { records } = await singleGw.driver.executeQuery(
        `MATCH (:Agent {id: $agent})-[:REMEMBERS]->(m:Memory) RETURN m.id AS id, m.embedding AS own, m.contextEmbedding AS context, m.embeddingKey AS key ORDER BY m.source`,
        { agent },
      );
      return records.map((r) => ({ id: r.get("id") as string, own: r.get("own") as number[], context: r.get("context") as number[] | null, key: r.get("key") as string }));
    };
    let jointRunning = true;
    try {
      await settleGateways();
      await converse(jointGw, agent);
      await jointGw.stop();
      jointRunning = false;
      const before = await read();
      expect(before.map((r) => r.context === null)).toEqual([true, false, false]);
      // The single gateway starts and works through the store: nothing stored under joint is embedded again.
      await singleGw.app.embeddings.drain();
      expect(await read()).toEqual(before);
      // A changed text is: one vector, of the turn after the end of the one before, and the contextual one removed.
      const text = "We hiked in the Dolomites for a week.";
      await ok(singleGw, `mutation ($id: ID!, $text: String!) { updateMemories(where: { id: { eq: $id } }, update: { content: { set: $text } }) { memories { id } } }`, { id: before[1]!.id, text }, agent);
      await singleGw.app.embeddings.drain();
      const after = await read();
      const [expected] = await singleGw.app.embedder.embedPassages([longTextParts(text, "Where did you go on holiday?", singleGw.app.embedder.window).context]);
      expect(after[1]!.context).toBeNull();
      expect(after[1]!.key).not.toBe(before[1]!.key);
      after[1]!.own.forEach((x, k) => expect(x).toBeCloseTo(expected![k]!, 4));
      expect(after[0]).toEqual(before[0]);
    } finally {
      if (jointRunning) await jointGw.stop();
      await removeOwnedBy(singleGw.driver, agent);
      await singleGw.stop();
    }
  });
});
