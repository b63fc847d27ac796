import type { GraphQLSchema } from "graphql";
import { expect } from "vitest";
import { createTargets, invalidatorFor, validCreateInput, sdlRules } from "../../../support/hostile/createInputs.js";
import { NO_ERROR, bad, row, type HostileCase } from "../../../support/hostile/hostileCase.js";
import type { Answer } from "../../../support/hostile/hostileClient.js";
import { CYPHER_INJECTIONS } from "../../../support/hostile/payloads.js";
import { everyRelationshipFilter, everyTextFilter, listQueries, relationshipFilters, textFilters } from "../../../support/hostile/schemaTargets.js";

const PAYLOADS = CYPHER_INJECTIONS.map((p) => p.text);

/** The list query answered, with no node: the payloads were compared as data. */
const answersEmpty = (field: string) => (answer: Answer) => {
  expect(answer.body.data?.[field], JSON.stringify(answer.body)).toEqual([]);
};

/**
 * Every list query, with every injection payload in every text filter (a
 * row per query, its fields named), and with payloads in its relationship
 * filters (related node and edge). All must answer `[]`.
 */
export function injectionReadCases(schema: GraphQLSchema): HostileCase[] {
  return listQueries(schema).flatMap(({ field, where }) => {
    const query = `query ($where: ${where.name}) { ${field}(where: $where) { __typename } }`;
    const text = textFilters(where).map((f) => f.name);
    const relationships = relationshipFilters(where).map((r) => (r.edge ? `${r.name}(+edge)` : r.name));
    return [
      row(`${field}: ${PAYLOADS.length} payloads in each of ${text.join(", ")} match nothing`, query, { where: everyTextFilter(where, PAYLOADS) }, NO_ERROR, { check: answersEmpty(field) }),
      ...(relationships.length === 0
        ? []
        : [row(`${field}: payloads through ${relationships.join(", ")} match nothing`, query, { where: everyRelationshipFilter(where, PAYLOADS) }, NO_ERROR, { check: answersEmpty(field) })]),
    ];
  });
}

/** The same filter paths find fixture values, so the empty answers above are not vacuous. */
export const injectionControlCases: HostileCase[] = [
  row(
    "control: memories(where: { content: { eq } }) finds the fixture memory",
    `query ($c: String!) { memories(where: { content: { eq: $c } }) { id } }`,
    { c: "The message queue bottlenecks under high load" },
    NO_ERROR,
    { check: (a) => expect(a.body.data?.memories).toHaveLength(1) },
  ),
  row(
    "control: people(where: { worksAtConnection: { some: { edge: { role } } } }) finds the fixture fact",
    `{ people(where: { worksAtConnection: { some: { edge: { role: { eq: "Engineer" } } } } }) { id } }`,
    undefined,
    NO_ERROR,
    { check: (a) => expect(a.body.data?.people).toEqual([{ id: "alice" }]) },
  ),
  row(
    "control: agents(where: { memories: { some: { tags: { includes } } } }) finds the fixture agent",
    `{ agents(where: { memories: { some: { tags: { includes: "operations" } } } }) { id } }`,
    undefined,
    NO_ERROR,
    { check: (a) => expect(a.body.data?.agents).toEqual([{ id: "kublai" }]) },
  ),
];

/**
 * Every owned type's create, with an injection payload in each text field and
 * one out-of-range value elsewhere: refused as a whole, naming the bad field,
 * so the payloads never reach the database.
 */
export function injectionRefusedCreateCases(schema: GraphQLSchema): HostileCase[] {
  return createTargets(schema).map((target, t) => {
    const invalid = invalidatorFor(target);
    const input = { ...validCreateInput(target, (i) => PAYLOADS[(t + i) % PAYLOADS.length]!), [invalid.field]: invalid.value };
    return row(
      `${target.create} with payloads in every text field and a bad ${invalid.field} is refused whole`,
      `mutation ($input: [${target.createInput.name}!]!) { ${target.create}(input: $input) { info { nodesCreated } } }`,
      { input: [input] },
      bad(invalid.message, `${target.type}.${invalid.field}`),
    );
  });
}

/**
 * Types whose ids clients choose: a batch of a fresh node full of payloads and
 * a node reusing a fixture id. The database refuses the second (CONFLICT), and
 * the transaction takes the first back with it.
 */
export function injectionRolledBackCases(schema: GraphQLSchema): HostileCase[] {
  return createTargets(schema)
    .filter((target) => sdlRules.get(target.type)?.get("id")?.pattern)
    .map((target, t) =>
      row(
        `${target.create}: a payload-filled node batched with a taken id is rolled back (CONFLICT)`,
        `mutation ($input: [${target.createInput.name}!]!) { ${target.create}(input: $input) { info { nodesCreated } } }`,
        (fx) => {
          const taken = fx.clientIds[target.type];
          if (!taken) throw new Error(`seed a ${target.type} in seedFixture.ts: its ids are client-chosen`);
          const fresh = validCreateInput(target, (i) => PAYLOADS[(t + i) % PAYLOADS.length]!);
          return { input: [fresh, { ...validCreateInput(target, () => "duplicate"), id: taken }] };
        },
        { code: "CONFLICT", message: /already exists/ },
      ),
    );
}
