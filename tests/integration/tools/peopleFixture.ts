import { ok } from "../../support/gql.js";
import { CREATE_PEOPLE_AND_ORGS, memoryServiceGraph } from "../../../fixtures/memoryServiceGraph.js";
import type { TestGateway } from "../../support/testGateway.js";

export const ASSERT = `mutation ($facts: [FactAssertionInput!]!) {
  assertFacts(facts: $facts) {
    created { id type personId object objectId confidence evidence validFrom validUntil current contradicts attributes { role location startDate endDate extra } }
    merged { id type personId object confidence evidence contradicts }
    closed { id type personId object validUntil current attributes { endDate } }
    contradictions { fact { id object } conflictsWith { id object } reason }
  }
}`;

/** The chatbot memory service's fixture graph (its test data and the Google example), written by `me` through createPeople and assertFacts. */
export async function buildPeopleFixture(gw: TestGateway, me: string) {
  const { people, orgs, facts } = memoryServiceGraph(me);
  await ok(gw, CREATE_PEOPLE_AND_ORGS, { input: people, orgs }, me);
  return ok(gw, ASSERT, { facts }, me);
}
