import { describe, expect, it } from "vitest";
import { placeNames } from "../../../src/people/placeNames.js";

describe("placeNames", () => {
  it("expands a known abbreviation", () => {
    expect(placeNames(" NYC ")).toEqual(["nyc", "new york", "new york city"]);
    expect(placeNames("D.C.")).toEqual(["d.c.", "dc", "washington", "washington, d.c.", "washington dc"]);
  });

  it("reads a place named like an object's own members as a name, not as Object.prototype's (the schema fuzzer found constructor)", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) expect(placeNames(name)).toEqual([name.toLowerCase()]);
  });
});
