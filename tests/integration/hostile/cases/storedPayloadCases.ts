import { expect } from "vitest";
import { NO_ERROR, row, type CaseContext, type HostileCase } from "../../../support/hostile/hostileCase.js";
import type { Answer } from "../../../support/hostile/hostileClient.js";
import { CYPHER_INJECTIONS } from "../../../support/hostile/payloads.js";

const CREATE_MEMORY = `mutation ($input: [MemoryCreateInput!]!) { createMemories(input: $input) { memories { id } } }`;
const READ_MEMORY = `query ($content: String!) { memories(where: { content: { eq: $content } }) { id content tags participants taskId conversationId } }`;
const DELETE_MEMORY = `mutation ($id: ID!) { deleteMemories(where: { id: { eq: $id } }) { nodesDeleted } }`;

/** Reads a stored memory back by its exact content, requires every text field verbatim, and deletes it through the API. */
export async function readBackAndDeleteMemory(ctx: CaseContext, answer: Answer, expected: Record<string, unknown>) {
  const [created] = answer.body.data!.createMemories.memories as { id: string }[];
  const read = await ctx.gql(READ_MEMORY, { content: expected.content });
  expect(read.body.errors).toBeUndefined();
  expect(read.body.data!.memories).toEqual([{ id: created!.id, ...expected }]);
  const deleted = await ctx.gql(DELETE_MEMORY, { id: created!.id });
  expect(deleted.body.data?.deleteMemories).toEqual({ nodesDeleted: 1 });
}

/** A memory whose every text field is the payload: legitimate content, stored and returned exactly. */
function memoryOf(text: string) {
  return { content: text, tags: [text.slice(0, 100)], participants: [text], taskId: text, conversationId: text };
}

/**
 * Injection payloads are legitimate text: stored verbatim, read back verbatim
 * (found by exact match), deleted, and the graph is what it was before.
 */
export const storedPayloadCases: HostileCase[] = [
  ...CYPHER_INJECTIONS.map((payload) =>
    row(`"${payload.name}" stored as memory text is read back verbatim and deleted`, CREATE_MEMORY, { input: [{ type: "INSIGHT", ...memoryOf(payload.text) }] }, NO_ERROR, {
      check: (answer, ctx) => readBackAndDeleteMemory(ctx, answer, memoryOf(payload.text)),
    }),
  ),
  row(
    "payloads as a person's name, an org's name and a fact's role and evidence are stored verbatim and deleted",
    `mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }`,
    {
      input: [
        {
          id: "hostile-stored",
          name: CYPHER_INJECTIONS[1]!.text,
          aliases: [CYPHER_INJECTIONS[0]!.text],
          worksAt: { create: [{ node: { name: CYPHER_INJECTIONS[9]!.text }, edge: { confidence: 0.5, role: CYPHER_INJECTIONS[10]!.text, evidence: [CYPHER_INJECTIONS[6]!.text] } }] },
        },
      ],
    },
    NO_ERROR,
    {
      check: async (_answer, ctx) => {
        const read = await ctx.gql(`{ people(where: { id: { eq: "hostile-stored" } }) { name aliases worksAtConnection { edges { properties { role evidence } node { name } } } } }`);
        expect(read.body.data!.people).toEqual([
          {
            name: CYPHER_INJECTIONS[1]!.text,
            aliases: [CYPHER_INJECTIONS[0]!.text],
            worksAtConnection: { edges: [{ properties: { role: CYPHER_INJECTIONS[10]!.text, evidence: [CYPHER_INJECTIONS[6]!.text] }, node: { name: CYPHER_INJECTIONS[9]!.text } }] },
          },
        ]);
        const people = await ctx.gql(`mutation { deletePeople(where: { id: { eq: "hostile-stored" } }) { nodesDeleted relationshipsDeleted } }`);
        const orgs = await ctx.gql(`mutation ($name: String!) { deleteOrgs(where: { name: { eq: $name } }) { nodesDeleted } }`, { name: CYPHER_INJECTIONS[9]!.text });
        expect(orgs.body.data?.deleteOrgs).toEqual({ nodesDeleted: 1 });
        expect(people.body.data?.deletePeople).toEqual({ nodesDeleted: 1, relationshipsDeleted: 1 });
      },
    },
  ),
];
