import { bad, row, type HostileCase } from "../../../support/hostile/hostileCase.js";

/**
 * What the schema fuzzer (schemaFuzz.test.ts) found, kept as fixed rows so
 * each stays fixed whatever seed the fuzzer runs with.
 */
export const fuzzFoundCases: HostileCase[] = [
  row(
    "60 unknown enum values in one list variable (graphql-js stops at 50 and adds an error without a code)",
    "mutation ($roles: [Role!]!) { createApiKey(agentId: \"a\", roles: $roles) { key } }",
    { roles: new Array(60).fill("x") },
    bad(/Too many errors processing variables/),
  ),
  row(
    "null for a scalar filter (where: { docType: null }) crashed @neo4j/graphql's filter factory",
    "{ documentationsConnection(where: { docType: null }) { totalCount } }",
    undefined,
    bad(/documentationsConnection\.where\.docType must not be null/, "documentationsConnection.where.docType"),
  ),
  row(
    "null for a relationship filter (where: { agent: null }) in an update",
    "mutation { updateAgentStateSnapshots(where: { agent: null }) { info { nodesCreated } } }",
    undefined,
    bad(/updateAgentStateSnapshots\.where\.agent must not be null/),
  ),
  row("null for NOT", "{ memories(where: { NOT: null }) { id } }", undefined, bad(/memories\.where\.NOT must not be null/)),
  row(
    "null for an update's operator object (update: { content: null })",
    "mutation { updateMessages(where: { id: { eq: \"none\" } }, update: { content: null }) { info { nodesCreated } } }",
    undefined,
    bad(/Message\.content must not be null/, "Message.content"),
  ),
  row(
    "two list operations on one field (set and pop) was a 'conflicting modification' without a code",
    "mutation { updateApplications(where: { id: { eq: \"none\" } }, update: { domains: { set: [\"a\"], pop: 1 } }) { info { nodesCreated } } }",
    undefined,
    bad(/Application\.domains takes one operation at a time, got set and pop/, "Application.domains"),
  ),
  row(
    "two scalar operations on one field (set and add)",
    "mutation { updateMemories(where: { id: { eq: \"none\" } }, update: { importance: { set: 0.5, add: 0.1 } }) { info { nodesCreated } } }",
    undefined,
    bad(/takes one operation at a time, got set and add/),
  ),
  row(
    "set: null on a required field (update: { urgency: { set: null } })",
    "mutation { updateInsights(where: { id: { eq: \"none\" } }, update: { urgency: { set: null } }) { info { nodesCreated } } }",
    undefined,
    bad(/Insight\.urgency must not be set to null/, "Insight.urgency"),
  ),
];
