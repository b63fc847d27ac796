import type { GraphQLSchema } from "graphql";
import { createTargets, validCreateInput } from "../../../support/hostile/createInputs.js";
import { bad, row, type HostileCase } from "../../../support/hostile/hostileCase.js";

/** The size of the embeddings the retrieval layer writes (schema/knowledge.graphql: "a 384-d embedding"). */
const DIMENSIONS = 384;
const vector = (size: number) => Array.from({ length: size }, (_, i) => (i % 7) / 7);

/**
 * No GraphQL input takes a vector: embeddings are written by the server. So
 * every owned type's create and update refuse an `embedding` field, and a
 * client can never store a vector of the wrong size (or any vector).
 */
export function embeddingNotWritableCases(schema: GraphQLSchema): HostileCase[] {
  return createTargets(schema).map((target) => {
    const update = target.update && target.updateInput ? ` ${target.update}(update: $update) { __typename }` : "";
    const updateVariable = update ? `, $update: ${target.updateInput!.name}` : "";
    return row(
      `${target.create}${update ? ` and ${target.update}` : ""} refuse an embedding field`,
      `mutation ($input: [${target.createInput.name}!]!${updateVariable}) { ${target.create}(input: $input) { __typename }${update} }`,
      { input: [{ ...validCreateInput(target, () => "vector probe"), embedding: vector(DIMENSIONS) }], ...(update ? { update: { embedding: { set: vector(DIMENSIONS + 1) } } } : {}) },
      bad(/Field "embedding" is not defined by type/),
    );
  });
}

const SEARCH = `query ($input: SearchMemoriesInput!) { searchMemories(input: $input) { hits { id } } }`;
const unit = (size: number) => vector(size).map((x, _i, all) => x / Math.hypot(...all));

/**
 * searchMemories takes a caller's own query vector: any size but the index's,
 * a vector that is not unit length, or numbers JSON cannot carry, is refused
 * with BAD_USER_INPUT naming `vector`.
 */
export function queryVectorCases(): HostileCase[] {
  const field = "searchMemories.input.vector";
  return [
    row("searchMemories refuses a query vector one short", SEARCH, { input: { query: "queue", vector: unit(DIMENSIONS - 1) } }, bad(/384 dimensions, got 383/, field)),
    row("searchMemories refuses a query vector one too long", SEARCH, { input: { query: "queue", vector: unit(DIMENSIONS + 1) } }, bad(/384 dimensions, got 385/, field)),
    row("searchMemories refuses an empty query vector", SEARCH, { input: { query: "queue", vector: [] } }, bad(/384 dimensions, got 0/, field)),
    row("searchMemories refuses a query vector that is not unit length", SEARCH, { input: { query: "queue", vector: vector(DIMENSIONS) } }, bad(/length 1/, field)),
    row("searchMemories refuses a 100,000-number query vector", SEARCH, { input: { query: "queue", vector: vector(100_000) } }, bad()),
  ];
}
