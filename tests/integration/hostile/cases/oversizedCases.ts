import { bad, row, type HostileCase } from "../../../support/hostile/hostileCase.js";

const CREATE_MEMORY = `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`;
const UPDATE_MEMORY = `mutation ($id: ID!, $update: MemoryUpdateInput!) { updateMemories(where: { id: { eq: $id } }, update: $update) { memories { id } } }`;
const x = (n: number) => "x".repeat(n);
/** The gateway's default MAX_BODY_BYTES. */
const BODY_LIMIT = 4 * 1024 * 1024;
const tooLarge = bad(new RegExp(`larger than the limit of ${BODY_LIMIT} bytes`), undefined, 413);

/** Strings and lists past their own rule or the default caps (20,000 characters, 1,000 items), and bodies past the HTTP limit. */
export const oversizedCases: HostileCase[] = [
  row("Memory.content of 20,001 characters (its own maxLength)", CREATE_MEMORY, { input: [{ type: "INSIGHT", content: x(20_001) }] }, bad(/^Memory\.content is at most 20000 characters long, got 20001$/, "Memory.content")),
  row("Agent.name of 201 characters (maxLength 200)", `mutation { createAgents(input: [{ id: "hostile-long", name: "${x(201)}", role: "r" }]) { agents { id } } }`, undefined, bad(/^Agent\.name is at most 200 characters long, got 201$/, "Agent.name")),
  row("a Memory.tags item of 101 characters (maxLength 100)", CREATE_MEMORY, { input: [{ type: "INSIGHT", content: "c", tags: [x(101)] }] }, bad(/^Memory\.tags is at most 100 characters long, got 101$/, "Memory.tags")),
  row("51 Memory.tags (maxItems 50)", CREATE_MEMORY, { input: [{ type: "INSIGHT", content: "c", tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }] }, bad(/^Memory\.tags takes at most 50 items, got 51$/, "Memory.tags")),
  row("1,001 sharedWith ids (the default list cap)", CREATE_MEMORY, { input: [{ type: "INSIGHT", content: "c", sharedWith: Array.from({ length: 1001 }, (_, i) => `a${i}`) }] }, bad(/^Memory\.sharedWith takes at most 1000 items, got 1001$/, "Memory.sharedWith")),
  row("a 20,001-character filter value in a variable (default cap on read arguments)", `query ($c: String!) { memories(where: { content: { contains: $c } }) { id } }`, { c: x(20_001) }, bad(/at most 20000 characters/, "memories.where.content.contains")),
  row("a 20,001-character filter value written inline in the document", `{ memories(where: { content: { contains: "${x(20_001)}" } }) { id } }`, undefined, bad(/at most 20000 characters/, "memories.where.content.contains")),
  row("a filter `in` list of 1,001 ids", `query ($ids: [ID!]!) { memories(where: { id: { in: $ids } }) { id } }`, { ids: Array.from({ length: 1001 }, (_, i) => `m${i}`) }, bad(/takes at most 1000 items, got 1001/, "memories.where.id.in")),
  row("an OR of 1,001 branches", `query ($w: MemoryWhere) { memories(where: $w) { id } }`, { w: { OR: Array.from({ length: 1001 }, () => ({ content: { eq: "c" } })) } }, bad(/takes at most 1000 items, got 1001/, "memories.where.OR")),
  row("createApiKey name of 20,001 characters (no rule of its own: default cap)", `mutation ($n: String) { createApiKey(agentId: "kublai", name: $n) { info { id } } }`, { n: x(20_001) }, bad(/at most 20000 characters/, "createApiKey.name")),
  row("TurnInput.analysis of 50,001 characters (maxLength 50,000)", `mutation ($turn: TurnInput!) { recordTurn(sessionId: "run-1", turn: $turn) { created } }`, { turn: { number: 2, analysis: x(50_001), buttonPresses: [], success: true } }, bad(/^TurnInput\.analysis is at most 50000 characters long/, "TurnInput.analysis")),
  row("a 3,000,000-character Memory.content in a body under the HTTP limit", CREATE_MEMORY, { input: [{ type: "INSIGHT", content: x(3_000_000) }] }, bad(/^Memory\.content is at most 20000 characters long, got 3000000$/, "Memory.content")),
  row("a Fact.attributes of 5,001 characters nested in a person's create", `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`, { input: [{ id: "hostile-fact", name: "P", worksAt: { create: [{ node: { name: "O" }, edge: { confidence: 0.5, attributes: x(5001) } }] } }] }, bad(/^Fact\.attributes is at most 5000 characters long/, "Fact.attributes")),
  row("updating Memory.content to 20,001 characters", UPDATE_MEMORY, (fx) => ({ id: fx.T1.memoryId, update: { content: { set: x(20_001) } } }), bad(/^Memory\.content is at most 20000 characters/, "Memory.content")),
  row("pushing 51 tags in one update", UPDATE_MEMORY, (fx) => ({ id: fx.T1.memoryId, update: { tags: { push: Array.from({ length: 51 }, (_, i) => `t${i}`) } } }), bad(/^Memory\.tags takes at most 50 items, got 51$/, "Memory.tags")),
  {
    name: "a 5 MB body is refused before parsing (HTTP 413)",
    send: { rawBody: JSON.stringify({ query: "{ agents { id } }", variables: { pad: x(5 * 1024 * 1024) } }) },
    expect: tooLarge,
  },
  {
    name: "a body one byte over the limit is refused (HTTP 413)",
    send: { rawBody: `{"query":"{ agents { id } }","variables":{"pad":"${x(BODY_LIMIT + 1 - '{"query":"{ agents { id } }","variables":{"pad":""}}'.length)}"}}` },
    expect: tooLarge,
  },
];
