import { isInputObjectType, type GraphQLSchema } from "graphql";
import { expect } from "vitest";
import { NO_ERROR, row, type HostileCase } from "../../../support/hostile/hostileCase.js";
import { LUCENE_SYNTAX } from "../../../support/hostile/payloads.js";
import { everyTextFilter, fullTextSearchTargets } from "../../../support/hostile/schemaTargets.js";

const LITERAL = "Budget: 50% of *all* spend (alpha OR beta) title:foo~2 \\ /re/";
const OPERATORS = ["eq", "contains", "startsWith", "endsWith"];
const FIND = `query ($c: String!) { memories(where: { content: { contains: $c } }) { content } }`;

/**
 * Lucene syntax is data to `contains`/`startsWith`/`endsWith`/`eq` (no
 * wildcard, regex or LIKE semantics), so it matches nothing in the fixture.
 */
export function luceneCases(schema: GraphQLSchema): HostileCase[] {
  const memoryWhere = schema.getType("MemoryWhere");
  if (!isInputObjectType(memoryWhere)) throw new Error("MemoryWhere is gone: point the Lucene table at another type");
  const literal = LUCENE_SYNTAX.map((payload) =>
    row(
      `"${payload.name}" in every Memory text filter is literal and matches nothing`,
      `query ($where: MemoryWhere) { memories(where: $where) { id } }`,
      { where: { OR: [...OPERATORS.map((op) => ({ content: { [op]: payload.text } })), ...(everyTextFilter(memoryWhere, [payload.text]).OR as object[])] } },
      NO_ERROR,
      { check: (answer) => expect(answer.body.data?.memories).toEqual([]) },
    ),
  );
  const stored = row(
    "Lucene syntax stored as text is found by its literal pieces only, then deleted",
    `mutation ($c: String!) { createMemories(input: [{ type: OBSERVATION, content: $c }]) { memories { id } } }`,
    { c: LITERAL },
    NO_ERROR,
    {
      check: async (answer, ctx) => {
        for (const piece of ["*all*", "50%", "(alpha OR beta)", "title:foo~2", "\\ /re/"]) {
          expect((await ctx.gql(FIND, { c: piece })).body.data?.memories, piece).toEqual([{ content: LITERAL }]);
        }
        for (const pattern of ["a*l", "5_%", ".*", "alpha beta", "title:foo"]) {
          const found = (await ctx.gql(FIND, { c: pattern })).body.data?.memories;
          expect(found, pattern).toEqual(pattern === "title:foo" ? [{ content: LITERAL }] : []);
        }
        const id = answer.body.data!.createMemories.memories[0].id;
        expect((await ctx.gql(`mutation ($id: ID!) { deleteMemories(where: { id: { eq: $id } }) { nodesDeleted } }`, { id })).body.data?.deleteMemories).toEqual({ nodesDeleted: 1 });
      },
    },
  );
  // Extension point: every full-text search argument gets every Lucene payload, escaped rather than parsed.
  const search = fullTextSearchTargets(schema).flatMap(({ field, arg }) =>
    LUCENE_SYNTAX.map((payload) => row(`${field}(${arg}: "${payload.name}") is escaped, not parsed`, `query ($q: String!) { ${field}(${arg}: $q) { __typename } }`, { q: payload.text }, NO_ERROR)),
  );
  return [...literal, stored, ...search];
}
