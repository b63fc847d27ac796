import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fails, ok } from "../../support/gql.js";
import { removeOwnedBy, startTestGateway, uniqueAgent, type TestGateway } from "../../support/testGateway.js";
import { buildPeopleFixture } from "./peopleFixture.js";

let gw: TestGateway;
const me = uniqueAgent("people-by-name");
const id = (name: string) => `${me}-${name}`;
const mine = (people: { personId: string }[]) => people.filter((p) => p.personId.startsWith(me));

beforeAll(async () => {
  gw = await startTestGateway();
  await buildPeopleFixture(gw, me);
});
afterAll(async () => {
  await removeOwnedBy(gw.driver, me);
  await gw.stop();
});

const PEOPLE_BY_NAME = `query ($name: String!, $limit: Int) { peopleByName(name: $name, limit: $limit) { name matchedBy people { personId name realName aliases similarity } } }`;

describe("peopleByName: the id the other people tools take, from a name", () => {
  it("finds a person by an alias, exactly, with their names", async () => {
    const { peopleByName: r } = await ok(gw, PEOPLE_BY_NAME, { name: "bobby" }, me);
    expect(r.matchedBy).toBe("EXACT");
    expect(mine(r.people)).toEqual([{ personId: id("bob"), name: "Bob", realName: "Bob Smith", aliases: ["Bobby"], similarity: null }]);
  });

  it("finds a misspelt name by spelling", async () => {
    const { peopleByName: r } = await ok(gw, PEOPLE_BY_NAME, { name: "Charlei" }, me);
    expect(r.matchedBy).toBe("FUZZY");
    expect(mine(r.people).map((p) => p.personId)).toContain(id("charlie"));
  });

  it("keeps to the limit", async () => {
    const { peopleByName: r } = await ok(gw, PEOPLE_BY_NAME, { name: "Bob", limit: 1 }, me);
    expect(r.people).toHaveLength(1);
  });

  it("a blank name and a limit out of range are BAD_USER_INPUT naming the argument", async () => {
    const blank = await fails(gw, PEOPLE_BY_NAME, { name: "  " }, me);
    expect(blank).toEqual({ message: "peopleByName.name must not be empty", code: "BAD_USER_INPUT", field: "peopleByName.name" });
    const big = await fails(gw, PEOPLE_BY_NAME, { name: "Bob", limit: 101 }, me);
    expect(big).toEqual({ message: "peopleByName.limit must be an integer between 1 and 100, got 101", code: "BAD_USER_INPUT", field: "peopleByName.limit" });
  });
});
