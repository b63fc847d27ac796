import { describe, expect, it } from "vitest";
import { mayNamePeople, namedPeople, withoutNames } from "../../../src/search/ranking/queryNames.js";

describe("the people a query names (queryNames.ts)", () => {
  it("only a query with a capitalised word after its first may name someone", () => {
    expect(mayNamePeople("What do Melanie's kids like?")).toBe(true);
    expect(mayNamePeople("what happened to the cache rollout?")).toBe(false);
    expect(mayNamePeople("Deploy failed twice")).toBe(false);
    expect(mayNamePeople("  Caroline  ")).toBe(false);
  });

  it("names the participants written as proper names, as whole words, longest first", () => {
    const people = ["Melanie", "Caroline", "Mel", "Mel Smith", "user", "Al"];
    expect(namedPeople("What did Melanie paint?", people)).toEqual(["Melanie"]);
    expect(namedPeople("What painting did Melanie show to Caroline?", people)).toEqual(["Caroline", "Melanie"]);
    expect(namedPeople("Where does Mel Smith live?", people)).toEqual(["Mel Smith", "Mel"]);
    // "Al" is no word of "Alice"; "user" in "user roles" is no one.
    expect(namedPeople("Did Alice ask about user roles?", people)).toEqual([]);
    // Written in lower case, a name is a word, not a name.
    expect(namedPeople("what did melanie paint?", people)).toEqual([]);
    expect(namedPeople("What did Melanie paint?", ["Melanie", "Melanie", " Melanie "])).toEqual(["Melanie"]);
  });

  it("says each named person as they, and a possessive as their", () => {
    expect(withoutNames("What do Melanie's kids like?", ["Melanie"])).toBe("What do their kids like?");
    expect(withoutNames("What do Melanie’s kids like?", ["Melanie"])).toBe("What do their kids like?");
    expect(withoutNames("What painting did Melanie show to Caroline?", ["Caroline", "Melanie"])).toBe("What painting did they show to they?");
    expect(withoutNames("Where does Mel Smith live, and is Mel happy?", ["Mel Smith", "Mel"])).toBe("Where does they live, and is they happy?");
    expect(withoutNames("When did Caroline move?", [])).toBe("When did Caroline move?");
    // A name holding pattern characters is matched as written.
    expect(withoutNames("Is J.R. (Bob) here?", ["J.R. (Bob)"])).toBe("Is they here?");
  });
});
