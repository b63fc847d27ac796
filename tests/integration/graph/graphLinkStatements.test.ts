import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../src/core/caller.js";
import { spanAttribute, startOtlpReceiver, type OtlpReceiver } from "../../../fixtures/otlpReceiver.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * No N+1: the nested selection under a link field is read for every hit of
 * the result in one statement (graphLinks.ts), however many hits there are.
 * Statements are counted from the gateway's own traces (a span per Neo4j
 * statement, under the operation's span), against the real Neo4j.
 */
let receiver: OtlpReceiver;
let tg: TokenGateway;
let alice: Caller;
const PEOPLE = 20;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  tg = await startTokenGateway({ tenantPrefix: "linkcount", config: { tracing: { endpoint: receiver.endpoint, serviceName: "link-count" } } });
  alice = tg.caller("alice");
  const people = Array.from({ length: PEOPLE }, (_, i) => ({ id: `p${i}-${alice.agentId}`, name: `Rustacean ${i}` }));
  const write = async (query: string, variables: Record<string, unknown>) => {
    const res = await tg.as(alice, query, variables);
    expect(res.errors).toBeUndefined();
  };
  await write(`mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`, { input: people });
  await write(`mutation ($input: [MessageCreateInput!]!) { createMessages(input: $input) { messages { id } } }`, {
    input: people.map((p, i) => ({
      id: `m${i}-${alice.agentId}`,
      authorId: p.id,
      content: `${p.name} ships Rust at work`,
      timestamp: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      author: { connect: [{ where: { node: { id: { eq: p.id } } } }] },
    })),
  });
  await write(`mutation ($facts: [FactAssertionInput!]!) { assertFacts(facts: $facts) { created { id } } }`, {
    facts: people.flatMap((p, i) => [
      { subject: p.id, relation: "HAS_SKILL", object: "Rust", confidence: 0.9, evidence: [`m${i}-${alice.agentId}`] },
      { subject: p.id, relation: "WORKS_AT", object: `Forge ${i % 3}`, confidence: 0.9, evidence: [`m${i}-${alice.agentId}`] },
    ]),
  });
});
afterAll(async () => {
  await tg?.stop();
  await receiver?.close();
});

/** Runs a named operation and counts the Neo4j statements in its trace. */
async function statementsOf(name: string, selection: string, limit = PEOPLE): Promise<{ statements: number; people: any[] }> {
  const res = await tg.as(alice, `query ${name} { peopleBySkill(skill: "Rust", limit: ${limit}) { people { personId ${selection} } } }`);
  expect(res.errors).toBeUndefined();
  const operation = await receiver.waitFor((s) => spanAttribute(s, "graphql.operation.name") === name);
  // The request span ends after its statements: once it is exported, they are too.
  const statements = receiver.spans().filter((s) => s.traceId === operation.traceId && s.name.startsWith("neo4j ")).length;
  return { statements, people: res.data!.peopleBySkill.people };
}

const NESTED = `person { name worksAt { name } messages(limit: 3) { content } }`;
const TWO_LINKS = `person { name worksAt { name } messages(limit: 3) { content } } fact { evidenceMessages { content author { name } } }`;
const DEEPER = `person { name } fact { subject { name hasSkill { name } } evidenceMessages { content } }`;

describe("a nested selection under a link costs one statement for all hits", () => {
  it("one link field: one extra statement for 20 hits, with every hit's nested data", async () => {
    const flat = await statementsOf("Flat", "name");
    const nested = await statementsOf("Nested", NESTED);
    expect(flat.people).toHaveLength(PEOPLE);
    expect(nested.people).toHaveLength(PEOPLE);
    expect(nested.statements).toBe(flat.statements + 1);
    for (const hit of nested.people) {
      expect(hit.person.worksAt).toHaveLength(1);
      expect(hit.person.worksAt[0].name).toMatch(/^Forge [0-2]$/);
      expect(hit.person.messages).toEqual([{ content: `${hit.person.name} ships Rust at work` }]);
    }
  });

  it("the count does not grow with the hits: 5 hits cost what 20 do", async () => {
    const few = await statementsOf("FlatFew", "name", 5);
    const fewNested = await statementsOf("NestedFew", TWO_LINKS, 5);
    const many = await statementsOf("FlatMany", "name");
    const manyNested = await statementsOf("NestedMany", TWO_LINKS);
    expect(fewNested.people).toHaveLength(5);
    expect(fewNested.statements - few.statements).toBe(2);
    expect(manyNested.statements - many.statements).toBe(2);
    for (const hit of manyNested.people) expect(hit.fact.evidenceMessages[0].author).toEqual([{ name: hit.person.name }]);
  });

  it("links at two depths (a hit's person, its fact's subject and evidence): one statement per link field", async () => {
    const flat = await statementsOf("FlatDeep", "name");
    const deeper = await statementsOf("Deeper", DEEPER);
    expect(deeper.statements).toBe(flat.statements + 3);
    for (const hit of deeper.people) {
      expect(hit.fact.subject.name).toBe(hit.person.name);
      expect(hit.fact.subject.hasSkill).toEqual([{ name: "Rust" }]);
    }
  });
});
