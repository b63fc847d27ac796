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
];
